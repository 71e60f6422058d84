import { ACCESS, AREAS, type TArea, type TResourceAccess } from '@app/domain/platform/access/access-table';
import { ENTITY_OPERATIONS, PERMISSION_AREAS } from '@app/domain/platform/auth/permissions';

export type TPermissionRow = { id: string; areaName: string; name: string };

/** One entity of the role editor: its five collection operations (absent ones null) and its other actions. */
export type TPermissionEntity = { entity: string; operations: (TPermissionRow | null)[]; others: TPermissionRow[] };
export type TPermissionGroup = { area: TArea; entities: TPermissionEntity[] };

/** The column order of the editor: list, read, create, update, delete. */
export const OPERATION_ORDER = ['getAll', 'get', ...ENTITY_OPERATIONS.filter((op) => op !== 'get' && op !== 'getAll')] as const;

/**
 * Business area and position of every permission entity, in the access table's order: the entities
 * of its resources first, then the environmental permission areas that have no resource yet (NCA,
 * signatures, corrective actions, forms, RDP), then `auth` (role and password administration).
 */
function entityOrder(): Map<string, { area: TArea; position: number }> {
  const order = new Map<string, { area: TArea; position: number }>();
  for (const access of Object.values(ACCESS as Record<string, TResourceAccess>)) {
    if (access.entity && !order.has(access.entity)) order.set(access.entity, { area: access.area, position: order.size });
  }
  for (const area of PERMISSION_AREAS) if (!order.has(area)) order.set(area, { area: 'environmental', position: order.size });
  order.set('auth', { area: 'platform', position: order.size });
  return order;
}

/** The permissions grouped by business area, then entity, always in the same order whatever order the API answered in. */
export function groupPermissions(permissions: TPermissionRow[]): TPermissionGroup[] {
  const order = entityOrder();
  const byEntity = new Map<string, TPermissionEntity>();
  for (const permission of permissions) {
    let entry = byEntity.get(permission.areaName);
    if (!entry) {
      entry = { entity: permission.areaName, operations: OPERATION_ORDER.map(() => null), others: [] };
      byEntity.set(permission.areaName, entry);
    }
    const column = (OPERATION_ORDER as readonly string[]).indexOf(permission.name);
    if (column >= 0) entry.operations[column] = permission;
    else entry.others.push(permission);
  }
  const positionOf = (entity: string) => order.get(entity)?.position ?? Number.MAX_SAFE_INTEGER;
  return AREAS.map((area) => ({
    area,
    entities: [...byEntity.values()]
      .filter((entry) => (order.get(entry.entity)?.area ?? 'platform') === area)
      .sort((a, b) => positionOf(a.entity) - positionOf(b.entity) || a.entity.localeCompare(b.entity))
      .map((entry) => ({ ...entry, others: [...entry.others].sort((a, b) => a.name.localeCompare(b.name)) })),
  })).filter((group) => group.entities.length > 0);
}
