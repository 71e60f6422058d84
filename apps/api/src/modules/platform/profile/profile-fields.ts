import { z } from 'zod';
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '@app/domain/platform/identifiers/codice-fiscale';
import { isValidEmail } from '@app/domain/platform/identifiers/email';
import { isValidPartitaIva, normalizePartitaIva } from '@app/domain/platform/identifiers/partita-iva';
import { isValidPhone } from '@app/domain/platform/identifiers/phone';
import { ZDateString } from '../../../lib/schemas.ts';
import { LANGUAGES } from '../../../i18n/translate.ts';

/**
 * Field rules of a user's own profile, shared by registration and PUT /api/users/me. Messages are
 * translation keys of the web (validation.*). Empty strings clear optional fields (stored as null).
 */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable()).optional();

export const ZPersonName = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100);

export const ZEmailAddress = z
  .string({ error: 'validation.required' })
  .trim()
  .refine(isValidEmail, 'validation.invalidEmail')
  .transform((s) => s.toLowerCase());

const ZPhoneNumber = z.preprocess(emptyToNull, z.string().trim().refine(isValidPhone, 'validation.invalidPhone').nullable()).optional();

export const ZTaxCode = z.preprocess(emptyToNull, z.string().refine(isValidCodiceFiscale, 'validation.invalidTaxCode').transform(normalizeCodiceFiscale).nullable()).optional();

export const ZVatNumber = z.preprocess(emptyToNull, z.string().refine(isValidPartitaIva, 'validation.invalidVatNumber').transform(normalizePartitaIva).nullable()).optional();

const ZOptionalEmail = z.preprocess(emptyToNull, z.string().trim().refine(isValidEmail, 'validation.invalidEmail').nullable()).optional();

const ZBirthDate = z.preprocess(emptyToNull, ZDateString.refine((s) => s <= new Date().toISOString().slice(0, 10), 'validation.dateInFuture').nullable()).optional();

/** The language of what the server writes to the user: notifications, e-mails. */
export const ZUserLanguage = z.enum(LANGUAGES).describe('Language of the notifications and e-mails the user receives (it | en); Italian when never chosen');

/** Fields a user may edit on their own account; role, e-mail, enabling and links to tenants are not here. */
export const profileFieldShape = {
  name: ZPersonName.optional(),
  surname: ZPersonName.optional(),
  phone: ZPhoneNumber,
  mobilephone: ZPhoneNumber,
  fax: ZPhoneNumber,
  address: optionalText(300),
  taxCode: ZTaxCode,
  vatNumber: ZVatNumber,
  contactEmail: ZOptionalEmail,
  emailPec: ZOptionalEmail,
  commercialName: optionalText(200),
  referentTributes: optionalText(200),
  birthDate: ZBirthDate,
  profileImage: optionalText(2000),
  language: ZUserLanguage.optional(),
};
