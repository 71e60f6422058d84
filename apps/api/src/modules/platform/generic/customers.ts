import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { customers, users } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { assertReferenceExists, partialWithoutDefaults, ZAddress, ZOptionalText, ZRequiredText } from './shared.ts';

// Italian VAT number (11 digits) or an EU VAT id with its country prefix.
const ZVatNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{11}|[A-Z]{2}[A-Z0-9]{2,13})$/, 'must be a VAT number');
// Personal codice fiscale (16 characters) or a company's (11 digits).
const ZTaxCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]|\d{11})$/, 'must be a tax code');

const ZBillingInfo = z.object({ taxCode: ZTaxCode.nullish(), vatNumber: ZVatNumber.nullish(), pec: z.email().nullish() });

const ZCustomerInput = z.object({
  businessName: ZRequiredText(200),
  vat: ZVatNumber.nullish(),
  businessSector: ZOptionalText(120),
  language: z.enum(['it', 'en']).default('it'),
  defaultMarginPercentage: z.number().min(0).max(99_999.99).multipleOf(0.01).nullish(),
  agentId: z.uuid().nullish(),
  notes: ZOptionalText(5000),
  currencyId: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
    .nullish(),
  paymentDays: z.number().int().min(0).max(365).nullish(),
  billingInfo: ZBillingInfo.nullish(),
  defaultVatRateId: ZOptionalText(64),
  address: ZAddress.nullish(),
  billingAddress: ZAddress.nullish(),
  shippingAddress: ZAddress.nullish(),
});

const ZAddressRecord = z.record(z.string(), z.unknown()).nullable();

/** Customers (administration): admins only. */
export const customersCollection = defineCollection({
  name: 'customers',
  resource: 'customers',
  table: customers,
  record: ZRecordBase.extend({
    businessName: z.string(),
    vat: z.string().nullable(),
    businessSector: z.string().nullable(),
    language: z.string(),
    defaultMarginPercentage: z.number().nullable(),
    agentId: z.string().nullable(),
    notes: z.string().nullable(),
    currencyId: z.string().nullable(),
    paymentDays: z.number().nullable(),
    billingInfo: z.object({ taxCode: z.string().nullish(), vatNumber: z.string().nullish(), pec: z.string().nullish() }).nullable(),
    defaultVatRateId: z.string().nullable(),
    address: ZAddressRecord,
    billingAddress: ZAddressRecord,
    shippingAddress: ZAddressRecord,
  }),
  create: ZCustomerInput,
  update: partialWithoutDefaults(ZCustomerInput),
  filterable: {
    businessName: customers.businessName,
    vat: customers.vat,
    businessSector: customers.businessSector,
    language: customers.language,
    agentId: customers.agentId,
    currencyId: customers.currencyId,
    paymentDays: customers.paymentDays,
  },
  searchable: [customers.businessName, customers.vat, customers.notes],
  toRow: async ({ input, tx }) => {
    await assertReferenceExists(tx, users, input.agentId, 'agentId', eq(users.isEnabled, true));
    return input;
  },
});
