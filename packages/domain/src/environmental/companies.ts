import { z } from 'zod';
import { ZEmailAddress, ZOptionalPhone, ZOptionalText, ZPartitaIva, ZRecordBase, ZRequiredText } from './fields.ts';
import type { TRole } from '../platform/auth/index.ts';
import { INVITE_STATUSES } from './invite-flow.ts';

/**
 * Supplier companies: agencies (imprese, the consortium's contractors) and laboratories. Both share
 * the registry fields; the manager's e-mail is where the invitation goes. `inviteStatus` moves only
 * through the invite flow, never by a plain update.
 */
export const COMPANY_KINDS = ['agency', 'laboratory'] as const;
export type TCompanyKind = (typeof COMPANY_KINDS)[number];

export const ZContact = z.object({
  name: ZRequiredText(200),
  role: z.string().trim().max(200).nullable().optional(),
  email: ZEmailAddress.nullable().optional(),
  phone: ZOptionalPhone,
});
export type TContact = z.infer<typeof ZContact>;
/** A contact as the API answers it (stored as ZContact accepted it). */
export const ZContactRecord = z.object({ name: z.string(), role: z.string().nullable().optional(), email: z.string().nullable().optional(), phone: z.string().nullable().optional() });

const companyFields = {
  businessName: ZRequiredText(200).describe('Ragione sociale'),
  vatNumber: ZPartitaIva,
  phone: ZOptionalPhone,
  managerEmail: ZEmailAddress.describe("The manager's e-mail: the invitation is sent here"),
  address: ZOptionalText(500),
  contacts: z.array(ZContact).max(50).optional().describe('Other people to contact at the company'),
};

const ZCompanyCreate = z.object(companyFields);
const ZCompanyUpdate = z.object(companyFields).partial();

const ZCompanyRecord = ZRecordBase.extend({
  businessName: z.string(),
  vatNumber: z.string(),
  phone: z.string().nullable(),
  managerEmail: z.string(),
  address: z.string().nullable(),
  contacts: z.array(ZContactRecord),
  inviteStatus: z.enum(INVITE_STATUSES),
  invitedAt: z.string().nullable().describe('ISO timestamp of the last invitation sent'),
  acceptedAt: z.string().nullable(),
});

export const ZAgencyCreate = ZCompanyCreate;
export const ZAgencyUpdate = ZCompanyUpdate;
export const ZAgencyRecord = ZCompanyRecord.extend({
  userCount: z.number().int().describe('Active users of the agency'),
  openNcaCount: z.number().int().describe('NCA reports naming the agency as target that are not closed'),
});

export const ZLaboratoryCreate = ZCompanyCreate;
export const ZLaboratoryUpdate = ZCompanyUpdate;
export const ZLaboratoryRecord = ZCompanyRecord;

export type TCompanyCreate = z.infer<typeof ZCompanyCreate>;
export type TAgencyRecord = z.infer<typeof ZAgencyRecord>;
export type TLaboratoryRecord = z.infer<typeof ZLaboratoryRecord>;

/** The platform role of a company's users. */
export const ROLE_OF_COMPANY = { agency: 'agency_user', laboratory: 'laboratory_user' } as const satisfies Record<TCompanyKind, TRole>;
