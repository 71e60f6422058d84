import { ROLES } from '@app/domain/platform/auth/roles';

export const roleChoices = ROLES.map((role) => ({ id: role, name: `roles.${role}` }));

export const enabledChoices = [
  { id: 'true', name: 'users.status.enabled' },
  { id: 'false', name: 'users.status.disabled' },
];
