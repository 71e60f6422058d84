import { permissionKeyOf } from '@app/domain/platform/access/access-table';
import { hasPermission } from '@app/domain/platform/auth/permissions';
import { useCustomQuery } from '../../dataProvider/hooks';

/*
 * Apart from queries.ts: the permission engine brings its zod schemas, which the dashboard (it reads
 * queries.ts) does not need.
 */

/**
 * Whether the signed-in supplier may report a non-conformity it detected: the API allows it only
 * holding nca.create with the permission system on (the consortium always may).
 */
export function useSupplierMayReport(enabled: boolean) {
  return useCustomQuery('myPermissions', [], {
    // The key of the table's create action on reports (nca.create).
    select: (mine) => mine.permissionsSystem && hasPermission(mine.permissions, permissionKeyOf('nca-reports', 'create') ?? ''),
    enabled,
    retry: false,
  });
}
