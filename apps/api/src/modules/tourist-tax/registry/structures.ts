import { can } from '@app/domain/platform/access/access-table';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { checkCin } from '@app/domain/platform/identifiers/cin';
import { cities, stays, structures, users } from '../../../db/schema/index.ts';
import { ownCityOf } from '../../../lib/access.ts';
import { defineCollection, type TRowValues } from '../../../lib/collection/define.ts';
import { AppError, forbidden, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { ZDateString, ZRecordBase } from '../../../lib/schemas.ts';
import { ZCin, ZEmailField, ZOptionalText, ZOptionalUuid, ZPhone, ZRequiredName, ZTaxCode, ZVatNumber, optionalPattern, pickDefined, registryRefsProblems } from './fields.ts';
import { structureScopes } from './scope.ts';

const ZStructureInput = z.object({
  cityId: z.uuid().optional().describe("The comune; a city user's own comune when omitted"),
  name: ZRequiredName,
  address: ZOptionalText(500),
  taxCode: ZTaxCode,
  vatNumber: ZVatNumber,
  cin: ZCin,
  atecoCode: optionalPattern(/^\d{2}(\.\d{1,2}){0,2}$/, 'validation.atecoCode: e.g. 55.10.00', 10),
  structureTypeId: ZOptionalUuid,
  structureClassId: ZOptionalUuid,
  relevantAreaId: ZOptionalUuid,
  userIds: z.array(z.uuid()).max(50).optional().describe('Hoteliers (role user) who manage the structure'),
  dateFrom: ZDateString.nullable().optional().describe('Open since'),
  dateTo: ZDateString.nullable().optional().describe('Closed since'),
  availableSlots: z.number().int().min(0).max(100_000).nullable().optional().describe('Beds'),
  url: z
    .url()
    .max(500)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  isActive: z.boolean().optional(),
  phone: ZPhone,
  email: ZEmailField,
  contactEmail: ZEmailField,
  fax: ZPhone,
  emailPec: ZEmailField,
});

const nullableString = z.string().nullable();

export const ZStructureRecord = ZRecordBase.extend({
  cityId: z.string(),
  name: z.string(),
  address: nullableString,
  taxCode: nullableString,
  vatNumber: nullableString,
  cin: nullableString,
  atecoCode: nullableString,
  structureTypeId: nullableString,
  structureClassId: nullableString,
  relevantAreaId: nullableString,
  userIds: z.array(z.string()),
  dateFrom: nullableString,
  dateTo: nullableString,
  availableSlots: z.number().nullable(),
  url: nullableString,
  isActive: z.boolean(),
  phone: nullableString,
  email: nullableString,
  contactEmail: nullableString,
  fax: nullableString,
  emailPec: nullableString,
  warnings: z.array(z.object({ path: z.string(), message: z.string() })).describe('Non-blocking findings, e.g. CIN of another comune'),
});

/** Fields only the comune (or an admin) changes; a hotelier edits the rest of its own structures. */
const COMUNE_ONLY_FIELDS = ['cityId', 'isActive', 'structureTypeId', 'structureClassId', 'relevantAreaId'] as const;

const sameMembers = (a: readonly string[], b: readonly string[] | null) => {
  const left = new Set(a);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/**
 * Structures: the comune registers and classifies them; hoteliers listed in `userIds` see and edit
 * their own (a hotelier may also register one, listing itself). A structure with stays cannot be
 * deleted (deactivate it).
 */
export const structuresCollection = defineCollection({
  name: 'structures',
  resource: 'structures',
  tag: 'tourist-tax',
  table: structures,
  record: ZStructureRecord,
  create: ZStructureInput,
  update: ZStructureInput.partial(),
  filterable: {
    cityId: structures.cityId,
    name: structures.name,
    cin: structures.cin,
    taxCode: structures.taxCode,
    vatNumber: structures.vatNumber,
    structureTypeId: structures.structureTypeId,
    structureClassId: structures.structureClassId,
    relevantAreaId: structures.relevantAreaId,
    userIds: structures.userIds,
    isActive: structures.isActive,
    availableSlots: structures.availableSlots,
  },
  searchable: [structures.name, structures.address, structures.cin, structures.taxCode, structures.vatNumber, structures.email],
  scopes: structureScopes,
  toRow: async ({ input, tx, ctx, existing }) => {
    const { actor } = ctx;
    const values: TRowValues<typeof structures> = pickDefined(input);
    // Who may not classify structures (a hotelier) keeps the comune's fields as they are, and registers
    // a structure unclassified with itself among its managers.
    if (!can(actor.role, 'structures', 'classify')) {
      for (const field of COMUNE_ONLY_FIELDS) {
        if (existing && values[field] !== undefined && values[field] !== existing[field]) {
          throw forbidden(`Only the comune can change ${field}`);
        }
      }
      // Who manages a structure decides who sees its guests and files its declarations: only the
      // comune or an administrator changes it. A hotelier's own new structure is managed by them alone.
      if (existing && values.userIds !== undefined && !sameMembers(values.userIds, existing.userIds)) {
        throw forbidden('Only the comune or an administrator changes who manages a structure');
      }
      if (!existing) {
        delete values.structureTypeId;
        delete values.structureClassId;
        delete values.relevantAreaId;
        if ((values.userIds ?? []).some((id) => id !== actor.id)) throw forbidden('Only the comune or an administrator adds managers to a structure');
        values.userIds = [actor.id];
      }
    }
    // A comune user's structure lands in its own comune (its grant's reach); an admin names one.
    const cityId = values.cityId ?? existing?.cityId ?? ownCityOf(actor, 'structures', 'create');
    if (!cityId) throw validationFailed([{ path: 'cityId', message: 'validation.required' }]);
    values.cityId = cityId;
    if (existing && cityId !== existing.cityId) {
      // Stays were priced with the old comune's rules and carry its cityId: moving would split them.
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stays)
        .where(eq(stays.structureId, existing.id));
      if (used.n > 0) throw new AppError('STRUCTURE_HAS_STAYS', 'A structure with stays cannot move to another comune', { details: [{ path: 'cityId', message: `${used.n} stays` }] });
    }

    const details: TErrorDetail[] = [];
    const [city] = await tx.select({ id: cities.id, istatCode: cities.istatCode }).from(cities).where(eq(cities.id, cityId));
    if (!city) details.push({ path: 'cityId', message: 'does not exist', value: cityId });
    const merged = { ...existing, ...values };
    if (city) {
      details.push(
        ...(await registryRefsProblems(tx, cityId, {
          structureTypeId: merged.structureTypeId,
          structureClassId: merged.structureClassId,
          relevantAreaId: merged.relevantAreaId,
        })),
      );
    }
    const userIds = [...new Set(values.userIds ?? [])];
    if (values.userIds !== undefined) {
      values.userIds = userIds;
      const found = userIds.length ? await tx.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, userIds)) : [];
      for (const [i, id] of userIds.entries()) {
        const user = found.find((u) => u.id === id);
        if (!user) details.push({ path: `userIds.${i}`, message: 'no such user', value: id });
        // A rule about the target: managers are hoteliers, the accounts whose scope (managedStructures) this list gives.
        else if (user.role !== 'user') details.push({ path: `userIds.${i}`, message: 'must be a hotelier (role user)', value: id });
      }
    }
    if (merged.dateFrom && merged.dateTo && merged.dateTo < merged.dateFrom) details.push({ path: 'dateTo', message: 'must not be before dateFrom' });
    if (details.length) throw validationFailed(details);

    const warnings: { path: string; message: string }[] = [];
    if (merged.cin && checkCin(merged.cin, city?.istatCode).warning === 'CIN_COMUNE_MISMATCH') {
      warnings.push({ path: 'cin', message: `CIN_COMUNE_MISMATCH: the CIN names comune ${merged.cin.slice(2, 8)}, the structure's comune is ${city?.istatCode}` });
    }
    values.warnings = warnings;
    return values;
  },
  beforeDelete: async (row, { tx }) => {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stays)
      .where(eq(stays.structureId, row.id));
    if (used.n > 0) {
      throw new AppError('STRUCTURE_HAS_STAYS', 'The structure has stays: deactivate it instead', {
        details: [{ path: '_id', message: `${used.n} stays` }],
      });
    }
  },
});
