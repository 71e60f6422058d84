import { z } from 'zod';
import { auditLogs } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';

/**
 * The audit log, read-only for admins. Filter by actor, impersonator, action, entity and time
 * (`createdAt[gte]=...&createdAt[lte]=...`). Entries are written only by the write paths themselves.
 */
export const auditLogsCollection = defineCollection({
  name: 'audit-logs',
  resource: 'audit-logs',
  tag: 'audit',
  table: auditLogs,
  record: ZRecordBase.extend({
    actorId: z.string().nullable(),
    impersonatorId: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
  }),
  create: z.object({}),
  filterable: {
    actorId: auditLogs.actorId,
    impersonatorId: auditLogs.impersonatorId,
    action: auditLogs.action,
    entityType: auditLogs.entityType,
    entityId: auditLogs.entityId,
  },
  searchable: [auditLogs.action, auditLogs.entityType, auditLogs.entityId],
  disabled: ['create', 'update', 'delete'],
});
