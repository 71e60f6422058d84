import { makeRegistryResource } from '../structures/shared/registryResource';

export const structureTypesScreens = makeRegistryResource();
