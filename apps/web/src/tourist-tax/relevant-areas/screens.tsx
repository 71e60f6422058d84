import { makeRegistryResource } from '../shared/registryResource';

export const relevantAreasScreens = makeRegistryResource();
