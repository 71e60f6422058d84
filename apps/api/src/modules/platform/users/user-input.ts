import { z } from 'zod';
import { ZPassword } from '@app/domain/platform/auth/password-policy';
import { ZRole, type TRole } from '@app/domain/platform/auth/roles';
import { isValidPhone } from '@app/domain/platform/identifiers/phone';
import { ZDateString } from '../../../lib/schemas.ts';
import type { TErrorDetail } from '../../../lib/errors.ts';
import { ZUserLanguage } from '../profile/profile-fields.ts';

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();
// The same phone rule as the profile (identifiers/phone); an empty text clears the field.
const optionalPhone = () =>
  text(40)
    .refine((v) => v === '' || isValidPhone(v), 'validation.invalidPhone')
    .nullable()
    .optional();

/** Profile fields an administrator may set on any account. */
export const ZUserProfileInput = z.object({
  name: text(100).min(1, 'validation.required'),
  surname: text(100).min(1, 'validation.required'),
  username: optionalText(100),
  mobilephone: optionalPhone(),
  phone: optionalPhone(),
  address: optionalText(300),
  profileImage: optionalText(2000),
  taxCode: optionalText(32),
  vatNumber: optionalText(32),
  contactEmail: z.email().nullable().optional(),
  fax: optionalPhone(),
  emailPec: z.email().nullable().optional(),
  commercialName: optionalText(200),
  referentTributes: optionalText(200),
  birthDate: ZDateString.nullable().optional(),
  paymentDays: z.number().int().min(0).max(365).nullable().optional(),
  language: ZUserLanguage.optional(),
});

export const ZUserLinks = z.object({
  cityId: z.uuid().nullable().optional(),
  agencyId: z.uuid().nullable().optional(),
  laboratoryId: z.uuid().nullable().optional(),
  /** The company functions the user holds (environmental settings of type companyFunction); an administrator sets them. */
  companyFunctionSettingIds: z.array(z.uuid()).max(20).optional(),
});

export const ZUserCreate = ZUserProfileInput.extend({
  email: z.email().max(254),
  role: ZRole,
  /** Absent: a temporary password is generated and e-mailed (invite). */
  password: ZPassword.optional(),
  isEnabled: z.boolean().optional(),
  isConfirmed: z.boolean().optional(),
  isProfileComplete: z.boolean().optional(),
}).extend(ZUserLinks.shape);

export const ZUserUpdate = ZUserProfileInput.partial()
  .extend({
    email: z.email().max(254).optional(),
    role: ZRole.optional(),
    isEnabled: z.boolean().optional(),
    isConfirmed: z.boolean().optional(),
    isProfileComplete: z.boolean().optional(),
    needsPasswordChange: z.boolean().optional(),
  })
  .extend(ZUserLinks.shape);

/** The link each role must carry: a municipality account belongs to a comune, and so on. */
export const REQUIRED_LINK_BY_ROLE: Partial<Record<TRole, 'cityId' | 'agencyId' | 'laboratoryId'>> = {
  city: 'cityId',
  agency_user: 'agencyId',
  laboratory_user: 'laboratoryId',
};

/** Role/link consistency of the account as it will be after the write; paths are relative. */
export function roleLinkProblems(merged: { role: string; cityId?: string | null; agencyId?: string | null; laboratoryId?: string | null }): TErrorDetail[] {
  const required = REQUIRED_LINK_BY_ROLE[merged.role as TRole];
  if (required && !merged[required]) return [{ path: required, message: 'validation.required' }];
  return [];
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
