import { makeRegistryResource } from '../structures/shared/registryResource';

export const exemptionsScreens = makeRegistryResource();
