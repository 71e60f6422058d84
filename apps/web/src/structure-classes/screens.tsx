import { makeRegistryResource } from '../structures/shared/registryResource';

export const structureClassesScreens = makeRegistryResource();
