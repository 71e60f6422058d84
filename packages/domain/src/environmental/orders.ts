import { z } from 'zod';
import { ZRecordBase, ZRequiredText } from './fields.ts';

/**
 * An order (ordine) under a lot: a direct work order to one or more agencies, or an announcement
 * (a tender the agencies answer). The manager is a consortium user acting in a company function.
 */
export const ORDER_TYPES = ['work_order', 'announcement'] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];

const ZAgencyIds = z
  .array(z.uuid())
  .min(1, 'at least one agency')
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'each agency at most once')
  .describe('The agencies the order is given to');

const orderFields = {
  name: ZRequiredText(200),
  lotId: z.uuid(),
  orderType: z.enum(ORDER_TYPES).describe('work_order: direct; announcement: tender'),
  agencyIds: ZAgencyIds,
  managerId: z.uuid().nullable().optional().describe("The order's manager (a consortium user)"),
  agencyFunctionSettingId: z.uuid().nullable().optional().describe('The company function the manager acts in (setting of type companyFunction)'),
  userId: z.uuid().nullable().optional().describe('The consortium user who follows the order'),
};

export const ZOrderCreate = z.object(orderFields);
export const ZOrderUpdate = z.object(orderFields).partial();

export const ZOrderRecord = ZRecordBase.extend({
  name: z.string(),
  lotId: z.string(),
  orderType: z.enum(ORDER_TYPES),
  agencyIds: z.array(z.string()),
  managerId: z.string().nullable(),
  agencyFunctionSettingId: z.string().nullable(),
  userId: z.string().nullable(),
});

export type TOrderCreate = z.infer<typeof ZOrderCreate>;
export type TOrderRecord = z.infer<typeof ZOrderRecord>;
