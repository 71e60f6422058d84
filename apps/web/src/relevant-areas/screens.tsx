import { makeRegistryResource } from '../structures/shared/registryResource';

export const relevantAreasScreens = makeRegistryResource();
