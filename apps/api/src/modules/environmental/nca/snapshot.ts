import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PHASE_NUMBER, type TSignPhase } from '@app/domain/environmental/nca/index';
import { agencies, correctiveActions, lots, orders, settings, uploads, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TNcaReportRow } from './reports.ts';

/**
 * What a phase's signers sign: the phase's data as canonical JSON (sorted keys; names resolved so
 * that the document reads on its own), plus the SHA-256 of every file attached to the report's
 * corrective actions. Its hash is fixed when the round is requested and checked again at each
 * signature: data that changed in between void the code. Only what the signatures cover is in it
 * (not the observers, not timestamps of unrelated edits).
 */

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** JSON with object keys sorted at every level, so that equal data always hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export type TActionSnapshot = {
  code: string;
  name: string;
  description: string | null;
  actionType: string;
  status: string;
  agency: string | null;
  expireDate: string | null;
  documents: { name: string; isRequired: boolean }[];
  confirmationDate: string | null;
  completedAt: string | null;
  closedAt: string | null;
  effectivenessNote: string | null;
  closeReason: string | null;
};

export type TPhaseSnapshot = {
  phase: TSignPhase;
  report: {
    id: string;
    code: string | null;
    twentyOneDigitsCode: string | null;
    lot: string;
    order: string;
    announcement: string | null;
    targetAgency: string;
    detectedByAgency: string | null;
    detectorName: string | null;
    openedBy: string | null;
    openDate: string | null;
    description: string | null;
    wbs: string | null;
    environmentalAspect: string | null;
    environmentalCategory: string | null;
    severity: string | null;
    ncaType: string | null;
    origin: string | null;
    referenceDocuments: string[];
  };
  /** Immediate containment (absent when none was recorded, so that snapshots from before it hash the same). */
  containment?: { what: string; who: string; when: string; verifiedBy: string | null }[];
  causeAnalysis?: string | null;
  /** The 5-Why chain and the Ishikawa families (absent when empty, as above). */
  fiveWhys?: string[];
  ishikawaCategories?: string[];
  actions?: TActionSnapshot[];
  files: { name: string; sha256: string; tags: string[] }[];
};

export const actionCode = (reportCode: string | null, sequence: number) => `${reportCode ?? 'NCA'}-A${sequence}`;

const fullName = (u: { name: string | null; surname: string | null; email: string } | undefined) => (u ? [u.name, u.surname].filter(Boolean).join(' ') || u.email : null);

/** The data of a report as of one phase (later phases include the earlier ones). */
export async function phaseSnapshot(db: TDbOrTx, report: TNcaReportRow, phase: TSignPhase): Promise<TPhaseSnapshot> {
  const [lot] = await db.select().from(lots).where(eq(lots.id, report.lotId));
  const orderIds = [report.orderId, report.announcementId].filter((id): id is string => !!id);
  const orderRows = await db.select().from(orders).where(inArray(orders.id, orderIds));
  const agencyIds = [report.targetAgencyId, report.detectedByAgencyId].filter((id): id is string => !!id);
  const actions = PHASE_NUMBER[phase] >= 2 ? await db.select().from(correctiveActions).where(eq(correctiveActions.reportId, report.id)).orderBy(asc(correctiveActions.sequence)) : [];
  for (const a of actions) if (a.agencyId) agencyIds.push(a.agencyId);
  const agencyRows = agencyIds.length ? await db.select({ id: agencies.id, name: agencies.businessName }).from(agencies).where(inArray(agencies.id, agencyIds)) : [];
  const settingIds = [report.ambientSettingId, report.warningLevelSettingId, report.systemSettingId, ...report.documentSettingIds].filter((id): id is string => !!id);
  const settingRows = settingIds.length ? await db.select().from(settings).where(inArray(settings.id, settingIds)) : [];
  const verifierIds = report.containmentActions.map((a) => a.verifiedById).filter((id): id is string => !!id);
  const verifiers = verifierIds.length ? await db.select({ id: users.id, name: users.name, surname: users.surname, email: users.email }).from(users).where(inArray(users.id, verifierIds)) : [];
  const [opener] = report.openedById ? await db.select({ name: users.name, surname: users.surname, email: users.email }).from(users).where(eq(users.id, report.openedById)) : [];
  const agencyName = (id: string | null) => (id ? (agencyRows.find((a) => a.id === id)?.name ?? id) : null);
  const setting = (id: string | null) => (id ? settingRows.find((s) => s.id === id) : undefined);
  const orderName = (id: string | null) => (id ? (orderRows.find((o) => o.id === id)?.name ?? id) : null);
  const files =
    actions.length > 0
      ? await db
          .select({ name: uploads.name, sha256: uploads.sha256, tags: uploads.tags })
          .from(uploads)
          .where(
            and(
              eq(uploads.linkedEntityType, 'corrective-actions'),
              inArray(
                uploads.linkedEntityId,
                actions.map((a) => a.id),
              ),
            ),
          )
      : [];
  files.sort((a, b) => (a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0));
  return {
    phase,
    report: {
      id: report.id,
      code: report.code,
      twentyOneDigitsCode: report.twentyOneDigitsCode,
      lot: lot ? `${lot.code} – ${lot.name}` : report.lotId,
      order: orderName(report.orderId)!,
      announcement: orderName(report.announcementId),
      targetAgency: agencyName(report.targetAgencyId)!,
      detectedByAgency: agencyName(report.detectedByAgencyId),
      detectorName: report.detectorName,
      openedBy: fullName(opener),
      openDate: PHASE_NUMBER[phase] >= 2 ? report.openDate : null,
      description: report.description,
      wbs: report.wbs,
      environmentalAspect: setting(report.ambientSettingId)?.name ?? null,
      environmentalCategory: setting(report.ambientSettingId)?.ambientCategory ?? null,
      severity: setting(report.warningLevelSettingId)?.name ?? null,
      ncaType: setting(report.systemSettingId)?.name ?? null,
      origin: report.origin,
      referenceDocuments: report.documentSettingIds.map((id) => setting(id)?.name ?? id),
    },
    ...(report.containmentActions.length > 0
      ? {
          containment: report.containmentActions.map((a) => ({
            what: a.what,
            who: a.who,
            when: a.when,
            verifiedBy: a.verifiedById ? fullName(verifiers.find((v) => v.id === a.verifiedById)) : null,
          })),
        }
      : {}),
    ...(PHASE_NUMBER[phase] >= 2 && report.fiveWhys.length > 0 ? { fiveWhys: report.fiveWhys } : {}),
    ...(PHASE_NUMBER[phase] >= 2 && report.ishikawaCategories.length > 0 ? { ishikawaCategories: [...report.ishikawaCategories] } : {}),
    ...(PHASE_NUMBER[phase] >= 2
      ? {
          causeAnalysis: report.causeAnalysis,
          actions: actions.map((a) => ({
            code: actionCode(report.code, a.sequence),
            name: a.name,
            description: a.description,
            actionType: a.actionType,
            // Phase 2 signs the plan: what each action is, not how far it got.
            status: PHASE_NUMBER[phase] >= 3 ? a.status : a.status === 'new' ? 'new' : 'confirmed',
            agency: agencyName(a.agencyId),
            expireDate: a.expires ? a.expireDate : null,
            documents: a.documents,
            confirmationDate: a.confirmationDate ? a.confirmationDate.toISOString().slice(0, 10) : null,
            completedAt: PHASE_NUMBER[phase] >= 3 && a.completedAt ? a.completedAt.toISOString() : null,
            closedAt: PHASE_NUMBER[phase] >= 3 && a.closedAt ? a.closedAt.toISOString() : null,
            effectivenessNote: PHASE_NUMBER[phase] >= 3 ? a.effectivenessNote : null,
            closeReason: PHASE_NUMBER[phase] >= 3 ? a.closeReason : null,
          })),
        }
      : {}),
    files: files.map((f) => ({ name: f.name, sha256: f.sha256, tags: [...f.tags].sort() })),
  };
}

/** SHA-256 of the snapshot's canonical JSON (the files' hashes are part of it). */
export const snapshotHashOf = (snapshot: TPhaseSnapshot) => sha256Hex(canonicalJson(snapshot));
