import { can } from '@app/domain/platform/access/access-table';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cities, structures, uploads, users } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { rowToRecord } from '../../../lib/collection/serialize.ts';
import { AppError, forbidden, validationFailed } from '../../../lib/errors.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { isCreditorTaxCode } from '@app/domain/tourist-tax/pagopa';
import { ZEmailField, ZIban, ZOptionalText, ZPhone, ZRequiredName, optionalPattern, pickDefined } from './fields.ts';
import { cityScopes } from './scope.ts';

const ZCityInput = z.object({
  name: ZRequiredName,
  istatCode: optionalPattern(/^\d{6}$/, 'validation.istatCode: must be 6 digits (province 3 + comune 3)').describe('ISTAT code, e.g. 059009'),
  province: optionalPattern(/^[A-Z]{2}$/, 'validation.province: must be the 2-letter sigla'),
  location: ZOptionalText(500),
  logo: z.uuid().nullable().optional().describe('Upload id of the logo'),
  isActive: z.boolean().optional(),
  notes: ZOptionalText(5000),
  referentTributes: ZOptionalText(200),
  iban: ZIban,
  ccp: optionalPattern(/^\d{6,12}$/, 'validation.ccp: postal account must be 6-12 digits'),
  bank: ZOptionalText(200),
  titledTo: ZOptionalText(200),
  phone: ZPhone,
  contactEmail: ZEmailField,
  fax: ZPhone,
  emailPec: ZEmailField,
  accountName: ZOptionalText(100),
  accountSurname: ZOptionalText(100),
  accountEmail: ZEmailField,
  modello21Required: z.boolean().optional(),
  taxCapMode: z
    .enum(['stay', 'season'])
    .optional()
    .describe("How the cap on taxable nights is counted: 'stay' = taxable nights of any season together (default), 'season' = per tariff (a new season starts a new count)"),
  fiscalCode: optionalPattern(/^\d{11}$/, "validation.cityFiscalCode: must be the comune's 11-digit tax code", 20)
    .refine((s) => s === undefined || s === null || isCreditorTaxCode(s), 'validation.cityFiscalCode: not a valid 11-digit tax code (check digit)')
    .describe("The comune's 11-digit tax code, creditor of its pagoPA notices"),
  pagopaSegregationCode: optionalPattern(/^\d{2}$/, 'validation.segregationCode: must be 2 digits', 10).describe(
    'The 2-digit segregation code PagoPA gave the comune (notice numbers with aux digit 3)',
  ),
});

const nullableString = z.string().nullable();

export const ZCityRecord = ZRecordBase.extend({
  name: z.string(),
  istatCode: nullableString,
  province: nullableString,
  location: nullableString,
  logo: nullableString,
  isActive: z.boolean(),
  notes: nullableString.optional().describe('Not shown to hoteliers'),
  referentTributes: nullableString,
  iban: nullableString,
  ccp: nullableString,
  bank: nullableString,
  titledTo: nullableString,
  phone: nullableString,
  contactEmail: nullableString,
  fax: nullableString,
  emailPec: nullableString,
  accountName: nullableString.optional(),
  accountSurname: nullableString.optional(),
  accountEmail: nullableString.optional(),
  modello21Required: z.boolean(),
  taxCapMode: z.enum(['stay', 'season']),
  fiscalCode: nullableString,
  pagopaSegregationCode: nullableString,
  pagopaNoticesIssued: z.boolean().optional().describe('Read only: pagoPA notices were issued with the segregation code, which can no longer change'),
});

/**
 * A logo is an image uploaded for this comune (POST /api/uploads linked to it, which only who may
 * change the comune can do): a file of another record, or not an image, would show as the comune's.
 */
async function assertLogoOfCity(tx: TDbOrTx, uploadId: string, cityId: string | undefined) {
  const [file] = await tx.select({ linkedEntityType: uploads.linkedEntityType, linkedEntityId: uploads.linkedEntityId, purpose: uploads.purpose }).from(uploads).where(eq(uploads.id, uploadId));
  if (!file || file.linkedEntityType !== 'cities' || !cityId || file.linkedEntityId !== cityId || file.purpose !== 'image') {
    throw validationFailed([{ path: 'logo', message: 'validation.logo: upload an image linked to this comune first', value: uploadId }]);
  }
}

/**
 * Comuni (tenants). Admins create and delete them; a city user reads and edits its own comune (not
 * its active flag); hoteliers read the active comuni and those of their structures, without the
 * comune's internal notes and account.
 */
export const citiesCollection = defineCollection({
  name: 'cities',
  resource: 'cities',
  tag: 'tourist-tax',
  table: cities,
  record: ZCityRecord,
  create: ZCityInput,
  update: ZCityInput.partial(),
  filterable: { name: cities.name, istatCode: cities.istatCode, province: cities.province, isActive: cities.isActive },
  searchable: [cities.name, cities.istatCode, cities.contactEmail],
  scopes: cityScopes,
  toRecord: (row, ctx) => {
    const { notes, accountName, accountSurname, accountEmail, ...fields } = rowToRecord(row, ['pagopaLastProgressive']);
    const shared = { ...fields, pagopaNoticesIssued: row.pagopaLastProgressive > 0 };
    // Field visibility, not access: a comune's internal notes and account are read by who may edit the
    // comune (admins, its own staff), not by its hoteliers.
    return can(ctx.actor.role, 'cities', 'update') ? { ...shared, notes, accountName, accountSurname, accountEmail } : shared;
  },
  toRow: async ({ input, tx, ctx, existing }) => {
    if (!can(ctx.actor.role, 'cities', 'activate') && input.isActive !== undefined && input.isActive !== existing?.isActive) {
      throw forbidden('Only an administrator can activate or deactivate a comune');
    }
    const values = pickDefined(input);
    // Issued notice numbers embed the segregation code: changing it would silently renumber them.
    if (values.pagopaSegregationCode !== undefined && existing && existing.pagopaLastProgressive > 0 && values.pagopaSegregationCode !== existing.pagopaSegregationCode) {
      throw new AppError('PAGOPA_SEGREGATION_CODE_LOCKED', 'pagoPA notices were already issued with this segregation code', {
        details: [{ path: 'pagopaSegregationCode', message: 'notices already issued', value: values.pagopaSegregationCode }],
      });
    }
    if (values.logo) await assertLogoOfCity(tx, values.logo, existing?.id);
    if (values.istatCode) {
      const [clash] = await tx.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.istatCode, values.istatCode));
      if (clash && clash.id !== existing?.id) {
        throw new AppError('DUPLICATE', `The ISTAT code is already used by ${clash.name}`, {
          details: [{ path: 'istatCode', message: `already used by ${clash.name}`, value: values.istatCode }],
        });
      }
    }
    return values;
  },
  beforeDelete: async (row, { tx }) => {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(structures)
      .where(eq(structures.cityId, row.id));
    const [linked] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.cityId, row.id));
    if (used.n > 0 || linked.n > 0) {
      throw new AppError('CITY_IN_USE', 'The comune has structures or users: deactivate it instead', {
        details: [{ path: '_id', message: `${used.n} structures, ${linked.n} users` }],
      });
    }
  },
});
