import { makeRegistryResource } from '../shared/registryResource';

export const structureTypesScreens = makeRegistryResource();
