import { makeRegistryResource } from '../shared/registryResource';

export const exemptionsScreens = makeRegistryResource();
