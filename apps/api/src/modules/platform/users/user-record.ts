import { z } from 'zod';
import { ZRole } from '@app/domain/platform/auth/roles';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { ZUserLanguage } from '../profile/profile-fields.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import type { users } from '../../../db/schema/index.ts';

/** The user as the API shows it: never the password hash. */
export const ZUserRecord = ZRecordBase.extend({
  email: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  role: ZRole,
  cityId: z.string().nullable(),
  agencyId: z.string().nullable(),
  laboratoryId: z.string().nullable(),
  mobilephone: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  profileImage: z.string().nullable(),
  taxCode: z.string().nullable(),
  vatNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  fax: z.string().nullable(),
  emailPec: z.string().nullable(),
  commercialName: z.string().nullable(),
  referentTributes: z.string().nullable(),
  birthDate: z.string().nullable(),
  paymentDays: z.number().nullable(),
  language: ZUserLanguage,
  isConfirmed: z.boolean(),
  isEnabled: z.boolean(),
  needsPasswordChange: z.boolean(),
  isProfileComplete: z.boolean(),
  hasTemporaryPassword: z.boolean(),
  roleIds: z.array(z.string()),
  companyFunctionSettingIds: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
});

const SECRET_FIELDS = ['passwordHash', 'permissionGrants', 'deletedAt', 'passwordChangedAt'];

export function userToRecord(row: typeof users.$inferSelect | Record<string, unknown>) {
  return rowToRecord(row as Record<string, unknown>, SECRET_FIELDS) as z.infer<typeof ZUserRecord>;
}
