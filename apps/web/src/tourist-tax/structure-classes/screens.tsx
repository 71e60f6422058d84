import { makeRegistryResource } from '../shared/registryResource';

export const structureClassesScreens = makeRegistryResource();
