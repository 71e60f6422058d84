import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { findEerCode, formatEerCode } from '@app/domain/environmental/waste/eer';
import { checkWasteForm, parseQuantity, type TWasteFacts } from '@app/domain/environmental/waste/form-rules';
import { isFormLocked } from '@app/domain/environmental/waste/form-flow';
import { specStatusOf, ZFormCreate, ZFormRecord, ZFormUpdate, type TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { orders, wasteForms } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import { reachesAll } from '../../../lib/access.ts';
import { defineCollection, type TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError, validationFailed, type TErrorDetail } from '../../../lib/errors.ts';
import { findLinkedRdp } from './rdp-link.ts';
import { specStatusCondition } from './form-lists.ts';

export type TFormRow = typeof wasteForms.$inferSelect;

/*
 * Waste forms (FIR) as a collection of the generic contract. A supplier agency writes the forms of
 * its own agency (the access table's ownAgency scope) on orders given to that agency; the consortium
 * writes any. Every write is checked whole, as it will be saved, against RENTRI's rules; only a
 * compiled form changes (a signed one until an administrator revokes the signature).
 */

const none = sql`false`;

export const formScopes = {
  ownAgency: (ctx: TSignedInContext) => (ctx.actor.agencyId ? eq(wasteForms.targetAgencyId, ctx.actor.agencyId) : none),
};

/** `12500.2500` (numeric) -> `12500.25`. */
const canonicalQuantity = (value: string) => {
  const parsed = parseQuantity(value);
  return parsed.ok ? parsed.value : value;
};

type TPartyInput = {
  name: string;
  taxCode: string;
  nationId: string;
  address?: { city: string; street: string; streetNumber?: string | null; postalCode?: string | null; cityCode?: string | null } | null;
  registrationNumber?: string | null;
  authorization?: string | null;
};

/** A party as stored and answered: every field present, absent ones null. */
function partyOut(p: TPartyInput): TFormRecord['intermediaries'][number] {
  return {
    name: p.name,
    taxCode: p.taxCode,
    nationId: p.nationId,
    address: p.address
      ? { city: p.address.city, street: p.address.street, streetNumber: p.address.streetNumber ?? null, postalCode: p.address.postalCode ?? null, cityCode: p.address.cityCode ?? null }
      : null,
    registrationNumber: p.registrationNumber ?? null,
    authorization: p.authorization ?? null,
  };
}

type TFormInput = Partial<ReturnType<typeof ZFormCreate.parse>>;

/** The column values of the fields present in a create or update body. */
export function columnsOf(input: TFormInput): Partial<TFormRow> {
  const out: Partial<TFormRow> = {};
  const set = <K extends keyof TFormRow>(key: K, value: TFormRow[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('code', input.code);
  set('contractNumber', input.contractNumber);
  set('orderId', input.orderId);
  set('referencePeriodFrom', input.referencePeriodFrom);
  set('referencePeriodTo', input.referencePeriodTo);
  set('wbs', input.wbs);
  set('origin', input.origin);
  set('cer', input.cer);
  set('cerDescription', input.cerDescription);
  set('dangerClass', input.dangerClass);
  set('physicalState', input.physicalState);
  if (input.quantity) {
    out.quantity = input.quantity.value;
    out.quantityUnit = input.quantity.unit;
  }
  set('verifiedAtDeparture', input.verifiedAtDeparture);
  set('packages', input.packages);
  set('bulk', input.bulk);
  set('chemicalPhysicalCharacteristics', input.chemicalPhysicalCharacteristics);
  set('adr', input.adr);
  if (input.adrData !== undefined) out.adrData = input.adrData ? { unNumber: input.adrData.unNumber ?? null, class: input.adrData.class ?? null, notes: input.adrData.notes ?? null } : null;
  if (input.certificate !== undefined) out.certificate = input.certificate ? { type: input.certificate.type, number: input.certificate.number, date: input.certificate.date ?? null } : null;
  set('analysisRdpId', input.analysisRdpId);
  if (input.producer) out.producer = { ...partyOut(input.producer), productionSite: input.producer.productionSite ?? null, siteRegistrationNumber: input.producer.siteRegistrationNumber ?? null };
  if (input.transporters)
    out.transporters = input.transporters.map((t) => ({
      ...partyOut(t),
      transportType: t.transportType,
      driverName: t.driverName ?? null,
      driverSurname: t.driverSurname ?? null,
      vehiclePlate: t.vehiclePlate ?? null,
      trailerPlate: t.trailerPlate ?? null,
      route: t.route ?? null,
      startAt: t.startAt ? new Date(t.startAt).toISOString() : null,
    }));
  if (input.receiver) out.receiver = { ...partyOut(input.receiver), authorizationType: input.receiver.authorizationType ?? null };
  set('wasteDestination', input.wasteDestination);
  if (input.intermediaries) out.intermediaries = input.intermediaries.map(partyOut);
  if (input.acceptance !== undefined)
    out.acceptance = input.acceptance
      ? {
          type: input.acceptance.type,
          acceptedQuantity: input.acceptance.acceptedQuantity ?? null,
          rejectionCause: input.acceptance.rejectionCause ?? null,
          rejectionReason: input.acceptance.rejectionReason ?? null,
          arrivedAt: input.acceptance.arrivedAt ? new Date(input.acceptance.arrivedAt).toISOString() : null,
          awaitingAnalysis: input.acceptance.awaitingAnalysis,
        }
      : null;
  set('notes', input.notes);
  return out;
}

/** What the cross-field rules look at, from a (merged) row. */
export function factsOf(
  row: Pick<
    TFormRow,
    'cer' | 'cerDescription' | 'dangerClass' | 'quantity' | 'quantityUnit' | 'certificate' | 'analysisRdpId' | 'adr' | 'adrData' | 'acceptance' | 'referencePeriodFrom' | 'referencePeriodTo'
  >,
): TWasteFacts {
  return {
    cer: row.cer,
    cerDescription: row.cerDescription,
    dangerClass: row.dangerClass,
    quantity: { value: canonicalQuantity(row.quantity), unit: row.quantityUnit },
    certificate: row.certificate,
    analysisRdpId: row.analysisRdpId,
    adr: row.adr,
    adrData: row.adrData,
    acceptance: row.acceptance,
    referencePeriodFrom: row.referencePeriodFrom,
    referencePeriodTo: row.referencePeriodTo,
  };
}

export function formToRecord(row: TFormRow): TFormRecord {
  const entry = findEerCode(row.cer);
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    code: row.code,
    contractNumber: row.contractNumber,
    orderId: row.orderId,
    lotId: row.lotId,
    targetAgencyId: row.targetAgencyId,
    referencePeriodFrom: row.referencePeriodFrom,
    referencePeriodTo: row.referencePeriodTo,
    wbs: row.wbs,
    origin: row.origin,
    cer: row.cer,
    cerDisplay: formatEerCode(row.cer),
    cerDescription: row.cerDescription,
    hazardous: entry?.hazardous ?? false,
    mirror: entry?.mirror ?? false,
    dangerClass: row.dangerClass,
    physicalState: row.physicalState,
    quantity: { value: canonicalQuantity(row.quantity), unit: row.quantityUnit },
    verifiedAtDeparture: row.verifiedAtDeparture,
    packages: row.packages,
    bulk: row.bulk,
    chemicalPhysicalCharacteristics: row.chemicalPhysicalCharacteristics,
    adr: row.adr,
    adrData: row.adrData,
    certificate: row.certificate,
    analysisRdpId: row.analysisRdpId,
    producer: row.producer,
    transporters: row.transporters,
    receiver: row.receiver,
    wasteDestination: row.wasteDestination,
    intermediaries: row.intermediaries,
    acceptance: row.acceptance,
    notes: row.notes,
    document:
      row.documentUploadId && row.documentUploadedAt
        ? {
            uploadId: row.documentUploadId,
            fileName: row.documentFileName ?? 'formulario',
            format: row.documentFormat === 'p7m' ? 'p7m' : 'pdf',
            uploadedAt: row.documentUploadedAt.toISOString(),
            signature: row.documentSignature ?? null,
          }
        : null,
    status: specStatusOf(row.status, row.approvedAt !== null),
    rentriState: row.status,
    rejectionReason: row.rejectionReason,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    approvedById: row.approvedById,
    revokeReason: row.revokeReason,
    createdById: row.createdById,
    ncaReportId: row.ncaReportId,
    transportStartedAt: row.transportStartedAt?.toISOString() ?? null,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * The agency a write is for: a supplier's own agency (it may not name another), or the one the
 * consortium names. The order must be given to that agency; the lot follows from the order.
 */
async function placeOf(tx: TTx, ctx: TSignedInContext, input: TFormInput, existing: TFormRow | undefined) {
  const problems: TErrorDetail[] = [];
  let agencyId = input.targetAgencyId ?? existing?.targetAgencyId;
  if (!reachesAll(ctx.actor, 'forms', existing ? 'update' : 'create')) {
    const own = ctx.actor.agencyId;
    if (input.targetAgencyId && input.targetAgencyId !== own) problems.push({ path: 'targetAgencyId', message: 'a supplier registers forms for its own agency only', value: input.targetAgencyId });
    agencyId = own ?? undefined;
  }
  if (!agencyId) problems.push({ path: 'targetAgencyId', message: 'validation.required' });
  const orderId = input.orderId ?? existing?.orderId;
  const [order] = orderId ? await tx.select({ lotId: orders.lotId, agencyIds: orders.agencyIds }).from(orders).where(eq(orders.id, orderId)) : [];
  if (!order) problems.push({ path: 'orderId', message: 'does not exist', value: orderId });
  else if (agencyId && !order.agencyIds.includes(agencyId)) problems.push({ path: 'orderId', message: 'the order is not given to this agency', value: orderId });
  if (problems.length) throw validationFailed(problems);
  return { targetAgencyId: agencyId!, lotId: order.lotId };
}

export const formsCollection = defineCollection({
  name: 'forms',
  resource: 'forms',
  tag: 'environmental',
  table: wasteForms,
  record: ZFormRecord,
  create: ZFormCreate,
  update: ZFormUpdate,
  filterable: {
    code: wasteForms.code,
    orderId: wasteForms.orderId,
    lotId: wasteForms.lotId,
    targetAgencyId: wasteForms.targetAgencyId,
    cer: wasteForms.cer,
    rentriState: wasteForms.status,
    origin: wasteForms.origin,
    contractNumber: wasteForms.contractNumber,
    wbs: wasteForms.wbs,
  },
  sortable: {
    code: wasteForms.code,
    cer: wasteForms.cer,
    status: wasteForms.status,
    rentriState: wasteForms.status,
    referencePeriodFrom: wasteForms.referencePeriodFrom,
    referencePeriodTo: wasteForms.referencePeriodTo,
    quantity: wasteForms.quantity,
  },
  searchable: [wasteForms.code, wasteForms.contractNumber, wasteForms.wbs, wasteForms.cer, wasteForms.notes],
  scopes: formScopes,
  customFilters: {
    status: (value) => specStatusCondition(value),
    // Forms whose reference period overlaps [periodFrom, periodTo].
    periodFrom: (value) => gte(wasteForms.referencePeriodTo, value),
    periodTo: (value) => lte(wasteForms.referencePeriodFrom, value),
  },
  toRecord: (row) => formToRecord(row),
  async toRow({ op, input, existing, tx, ctx }) {
    if (existing && isFormLocked(existing.status)) throw new AppError('FORM_LOCKED', 'Only a compiled form can change: a signed one needs an administrator to revoke the signature first');
    const place = await placeOf(tx, ctx, input, existing);
    const values = columnsOf(input);
    const merged = { ...(existing ?? {}), ...values } as TFormRow;
    const problems: TErrorDetail[] = [];
    // An RDP named as the analysis: it must be the agency's; its code fills an empty analysis reference.
    if (merged.analysisRdpId && (values.analysisRdpId !== undefined || op === 'create')) {
      const linked = await findLinkedRdp(tx, merged.analysisRdpId, place.targetAgencyId);
      if ('problem' in linked) problems.push(linked.problem);
      else if (!merged.certificate) merged.certificate = values.certificate = { type: 'Analisi', number: linked.rdp.code, date: linked.rdp.sampleDate };
    }
    problems.push(...checkWasteForm(factsOf(merged)));
    if (problems.length) throw validationFailed(problems);
    const [duplicate] = await tx
      .select({ id: wasteForms.id })
      .from(wasteForms)
      .where(and(eq(wasteForms.code, merged.code), existing ? ne(wasteForms.id, existing.id) : undefined));
    if (duplicate) throw new AppError('DUPLICATE', 'A form with this FIR number already exists', { details: [{ path: 'code', message: 'already exists', value: merged.code }] });
    return { ...values, ...place, ...(op === 'create' ? { status: 'compiled' as const, createdById: ctx.actor.id } : {}) };
  },
  beforeDelete: (row) => {
    if (isFormLocked(row.status)) throw new AppError('FORM_LOCKED', 'Only a compiled form can be deleted (a signed one can be cancelled)');
  },
});
