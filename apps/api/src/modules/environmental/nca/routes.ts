import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CORRECTIVE_ACTION_STATUSES,
  ISHIKAWA_CATEGORIES,
  NCA_REPORT_STATUSES,
  SIGN_PHASES,
  SIGN_STATUSES,
  SIGNER_REMINDER_INTERVAL_MINUTES,
  ZCorrectiveActionFacts,
  ZCorrectiveActionRecord,
  ZEffectivenessCheckRecord,
  ZEffectivenessOutcome,
  ZNcaReportFacts,
  ZNcaReportRecord,
  ZRejectSignature,
  ZRequestSignatures,
  ZSignRequestRecord,
  ZSignWithCode,
} from '@app/domain/environmental/nca/index';
import { registerCollection } from '../../../lib/collection/routes.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { signedInContextOf } from '../../../lib/context.ts';
import { errorResponses, ZIdParams, ZPdfFile, ZXlsxFile, ZZipFile } from '../../../lib/schemas.ts';
import { registerWorkflowRoutes } from '../../../lib/workflow/run-transition.ts';
import { streamWorksheet } from '../../../lib/xlsx-stream.ts';
import { actionFacts } from './action-facts.ts';
import { correctiveActionTransitions } from './action-transitions.ts';
import { actionToRecord, correctiveActionsCollection, type TCorrectiveActionRow } from './corrective-actions.ts';
import { effectivenessChecksCollection, effectivenessCheckToRecord, type TEffectivenessCheckRow } from './effectiveness-checks.ts';
import { effectivenessCheckTransitions } from './effectiveness-transitions.ts';
import { addComment, readableReport, reportPdf, reportSignatures } from './documents.ts';
import { readTimeline } from './nca-history.ts';
import { reportFacts } from './report-facts.ts';
import { ncaReportTransitions } from './report-transitions.ts';
import { ncaReportsCollection, reportToRecord, type TNcaReportRow } from './reports.ts';
import { EXPORT_COLUMNS, exportRowsOf, ncaDashboard } from './reporting.ts';
import { decideSignRequest } from './decide-sign-request.ts';
import { sendSigningCode } from './send-signing-code.ts';
import { signWithCode } from './sign-with-code.ts';
import { decorateSignRequests, mySignRequests, signRequestFactsFor, signRequestsCollection, signRequestToRecord } from './sign-requests.ts';
import { readerLanguage } from '../../../i18n/reader-language.ts';
import { EVIDENCE_PROBLEMS, verifyReportEvidence } from './verify-signature-evidence.ts';
import { acceptSigningTerms, listSigningTermsVersions, publishSigningTerms, readSigningTerms } from './signing-terms.ts';
import { buildEvidencePack } from './evidence-pack.ts';
import { remindReportSigners, remindSigner } from './remind-signers.ts';

const tags = ['nca'];
const errors = errorResponses(400, 401, 403, 404, 409);
const signErrors = errorResponses(400, 401, 403, 404, 409, 429);

function signedIn(request: FastifyRequest): TSignedInContext {
  return signedInContextOf(request);
}
const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

const ZReason = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) });
const ZEmpty = z.object({}).optional();
const ZTimelineEntry = z.object({
  _id: z.string(),
  createdAt: z.string(),
  kind: z.enum(['transition', 'signature', 'comment', 'change']),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  impersonatorId: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  message: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
const ZCount = z.object({ count: z.number() });
const ZParetoRows = z.array(z.object({ settingId: z.string(), name: z.string(), count: z.number(), share: z.number(), cumulative: z.number() }));
const ZDashboard = z.object({
  total: z.number(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  openByLot: z.array(z.object({ lotId: z.string(), lotName: z.string(), lotCode: z.string(), count: z.number() })),
  openByAgency: z.array(z.object({ agencyId: z.string(), agencyName: z.string(), count: z.number() })),
  openBySeverity: z.array(z.object({ settingId: z.string().nullable(), name: z.string().nullable(), color: z.string().nullable(), count: z.number() })),
  openByCategory: z.array(z.object({ category: z.string().nullable(), count: z.number() })),
  overdueActions: z.number(),
  closedCount: z.number(),
  averageDaysToClose: z.number().nullable().describe('Average days from opening to closing of the closed reports'),
  effectiveness: z.object({ due: z.number(), upcoming: z.number(), done: z.number(), failed: z.number() }).describe('Effectiveness checks: due (date reached), upcoming, effective, not effective'),
  byIshikawa: z.array(z.object({ category: z.enum(ISHIKAWA_CATEGORIES), count: z.number() })).describe('Reports by the Ishikawa family of their root cause'),
  recurrences: z.number().describe('Reports that recur an earlier one (same type, same agency, 12 months)'),
  pareto: z
    .object({
      byLot: z.array(z.object({ lotId: z.string(), lotCode: z.string(), lotName: z.string(), types: ZParetoRows, aspects: ZParetoRows })),
      byAgency: z.array(z.object({ agencyId: z.string(), agencyName: z.string(), types: ZParetoRows, aspects: ZParetoRows })),
    })
    .describe('Pareto of NCA types and environmental aspects (all reports in the filter), per lot and per agency'),
});
void ZCount;
const ZSigningTerms = z.object({
  version: z.string(),
  publishedAt: z.string(),
  language: z.enum(['it', 'en']),
  text: z.string().describe('The text in `language`'),
  textSha256: z.string().describe('SHA-256 of `text` (UTF-8)'),
  textIt: z.string(),
  textEn: z.string(),
  acceptedAt: z.string().nullable().describe('When the signed-in user accepted this version; null: not yet (signing answers 409 SIGNING_TERMS_NOT_ACCEPTED)'),
  acceptedLanguage: z.enum(['it', 'en']).nullable(),
});
const ZSigningTermsVersion = z.object({
  version: z.string(),
  publishedAt: z.string(),
  inForce: z.boolean().describe('The version signers accept now (the latest published)'),
  textItSha256: z.string().describe('SHA-256 of the Italian text (UTF-8)'),
  textEnSha256: z.string().describe('SHA-256 of the English text (UTF-8)'),
  publishedBy: z.object({ id: z.string(), name: z.string() }).nullable().describe('null: the first version, installed with the product'),
  acceptances: z.number().int().describe('How many users accepted this version'),
});
const ZEvidenceProblem = z.object({ kind: z.enum(EVIDENCE_PROBLEMS), message: z.string() });
const ZEvidenceVerification = z.object({
  reportId: z.string(),
  checkedAt: z.string(),
  intact: z.boolean().describe('Every row, link, stored PDF and cross-record holds'),
  rows: z.array(
    z.object({
      evidenceId: z.string(),
      sequence: z.number().describe("The row's place in the installation's one evidence chain"),
      signRequestId: z.string(),
      phase: z.string(),
      round: z.number(),
      signer: z.string(),
      signedAt: z.string(),
      rowHash: z.string().describe('The hash stored with the row'),
      recomputedHash: z.string().describe("SHA-256 of the row's canonical JSON, recomputed now"),
      pdfSha256: z.string().describe('SHA-256 of the phase PDF as signed'),
      problems: z.array(ZEvidenceProblem),
    }),
  ),
  brokenLink: ZEvidenceProblem.extend({ evidenceId: z.string(), sequence: z.number() }).nullable().describe('The first row, in chain order, whose proof no longer holds; null when none'),
});

/** NCA reports, corrective actions, sign requests and one-time codes, PDFs, dashboard and export. */
export function registerNcaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Fixed paths before the collections' `/:id`.
  r.get('/api/nca-reports/dashboard', {
    schema: {
      tags,
      summary: 'NCA figures: by status, open by lot, agency, severity and category, overdue actions, average days to close',
      querystring: z.object({ lotId: z.uuid().optional(), from: z.iso.date().optional(), to: z.iso.date().optional(), ishikawa: z.enum(ISHIKAWA_CATEGORIES).optional() }),
      response: { 200: ZDashboard, ...errors },
    },
    handler: (request) => ncaDashboard(signedIn(request), request.query),
  });
  r.get('/api/nca-reports/export', {
    schema: { tags, summary: "A lot's NCA register as xlsx (a lot is required)", querystring: z.object({ lotId: z.string().optional() }), response: { 200: ZXlsxFile, ...errors } },
    handler: async (request, reply) => {
      const lotId = request.query.lotId?.trim() || undefined;
      const rows = await exportRowsOf(signedIn(request), lotId);
      return streamWorksheet(reply, { sheetName: 'NCA', fileName: `nca-${rows.lot.code}.xlsx`, columns: EXPORT_COLUMNS }, (add) => rows.write(add), request.log);
    },
  });
  r.get('/api/sign-requests/mine', {
    schema: {
      tags,
      summary: 'Le mie firme: the sign requests waiting for the signed-in user',
      response: { 200: z.array(ZSignRequestRecord.extend({ reportDescription: z.string().nullable(), reportStatus: z.enum(NCA_REPORT_STATUSES), lotId: z.string() })), ...errors },
    },
    handler: (request) => mySignRequests(signedIn(request)) as never,
  });

  registerCollection(app, ncaReportsCollection, {
    bulk: {
      actions: {
        remindSigners: {
          access: 'remindSigners',
          summary: 'remind the pending signers of the open round (as POST /sign-requests/{id}/remind for each; refused when nobody is pending or all were reminded within the hour)',
          run: (ctx, id) => remindReportSigners(app, ctx, id),
        },
      },
    },
  });
  registerCollection(app, correctiveActionsCollection);
  r.get('/api/sign-requests/terms', {
    schema: {
      tags,
      summary: 'The signing terms in force (firma elettronica avanzata con codice OTP) and whether the signed-in user accepted them',
      description: "In the request's language (Accept-Language: it or en), else the user's profile language, else Italian; both texts are in textIt and textEn.",
      response: { 200: ZSigningTerms, ...errors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      return readSigningTerms(ctx, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
    },
  });
  r.post('/api/sign-requests/terms', {
    schema: {
      tags,
      summary: 'Publish a new version of the signing terms (administrator): every signer accepts it before their next signature',
      description: 'Earlier versions and their acceptances are kept unchanged; the new version is named fea-otp-N. 400 when both texts are those in force.',
      body: z.object({
        textIt: z.string().trim().min(1, 'validation.required').max(20_000).describe('The terms in Italian'),
        textEn: z.string().trim().min(1, 'validation.required').max(20_000).describe('The terms in English'),
      }),
      response: { 200: ZSigningTerms, ...errors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      return publishSigningTerms(ctx, request.body, await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id));
    },
  });
  r.get('/api/sign-requests/terms/versions', {
    schema: {
      tags,
      summary: 'Every version of the signing terms, newest first (administrator, read-only): published when and by whom, the SHA-256 of each text',
      description:
        'publishedBy comes from the audit entry of the publication; the first version is installed by a migration and names nobody (null). The hashes are those an acceptance records for the text read.',
      response: { 200: z.array(ZSigningTermsVersion), ...errors },
    },
    handler: (request) => listSigningTermsVersions(signedIn(request)),
  });
  r.post('/api/sign-requests/terms/accept', {
    schema: {
      tags,
      summary: 'Accept the signing terms in force, once, before a first signature (time, address, user agent and the hash of the text read are kept)',
      body: z.object({
        version: z.string().trim().min(1).max(100).describe('The version read (409 when it is no longer in force)'),
        language: z.enum(['it', 'en']).default('it').describe('The language of the text read'),
      }),
      response: { 200: ZSigningTerms, ...errors },
    },
    handler: (request) => acceptSigningTerms(signedIn(request), request.body, meta(request)),
  });
  registerCollection(app, signRequestsCollection, {
    bulk: { actions: { remind: { access: 'remind', summary: 'remind the pending signer (as POST /{id}/remind)', run: (ctx, id) => remindSigner(app, ctx, id) } } },
  });
  registerCollection(app, effectivenessChecksCollection);

  const reportRuntime = ncaReportTransitions(app);
  registerWorkflowRoutes(app, reportRuntime, {
    collection: 'nca-reports',
    tags,
    record: ZNcaReportRecord,
    toRecord: (row: TNcaReportRow) => reportToRecord(row),
    actions: {
      requestPhase1Signs: { summary: 'Ask the phase-1 signers to sign (a new round)', body: ZRequestSignatures },
      requestPhase2Signs: { summary: 'Ask the phase-2 signers to sign the plan (every action confirmed)', body: ZRequestSignatures },
      requestClosingSigns: { summary: 'Ask the closing signatures (every action closed)', body: ZRequestSignatures },
      forceOpen: { summary: 'Open without the phase-1 signatures (force-skip right, reason recorded)', body: ZReason },
      forcePhase3: { summary: 'Move to execution without the phase-2 signatures (force-skip right, reason recorded)', body: ZReason },
      forceClose: { summary: 'Close without the closing signatures (force-skip right, reason recorded)', body: ZReason },
      recallPhase1: { summary: 'Withdraw the phase-1 signature request (back to pending)', body: ZEmpty },
      recallPhase2: { summary: 'Withdraw the phase-2 signature request (back to waiting_validations)', body: ZEmpty },
      recallPhase3: { summary: 'Withdraw the closing signature request (back to waiting_operations)', body: ZEmpty },
      submitForValidation: { summary: 'Send the cause analysis and the proposed actions to the consortium', body: ZEmpty },
      returnToAgency: { summary: 'Send the plan back to the agency with a reason', body: ZReason },
    },
  });
  r.get('/api/nca-reports/:id/facts', {
    schema: { tags, summary: "The workflow facts for the caller (the web's buttons)", params: ZIdParams, response: { 200: ZNcaReportFacts, ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      const report = await readableReport(ctx, request.params.id);
      return reportFacts(ctx.db, ctx, report);
    },
  });
  r.get('/api/nca-reports/:id/timeline', {
    schema: { tags, summary: 'The append-only history: every transition, signature, comment and change (who, when, what)', params: ZIdParams, response: { 200: z.array(ZTimelineEntry), ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      const report = await readableReport(ctx, request.params.id, 'timeline');
      return readTimeline(ctx.db, report.id);
    },
  });
  r.post('/api/nca-reports/:id/comments', {
    schema: {
      tags,
      summary: 'Add a comment to the timeline',
      params: ZIdParams,
      body: z.object({ text: z.string().trim().min(1, 'validation.required').max(5000) }),
      response: { 200: ZTimelineEntry, ...errors },
    },
    handler: (request) => addComment(signedIn(request), request.params.id, request.body.text),
  });
  r.get('/api/nca-reports/:id/signatures', {
    schema: { tags, summary: 'The sign requests of every phase and round', params: ZIdParams, response: { 200: z.array(ZSignRequestRecord), ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      const records = (await reportSignatures(ctx, request.params.id)).map((row) => signRequestToRecord(row) as unknown as Record<string, unknown>);
      await decorateSignRequests(ctx.db, records);
      return records as never;
    },
  });
  r.get('/api/nca-reports/:id/pdf', {
    schema: {
      tags,
      summary: 'The PDF of a phase (what is signed) or, without phase, of the report (the final report once closed)',
      description:
        "In the request's language (Accept-Language: it or en), else the user's profile language, else Italian; a phase's document stored with a signature round stays as its signers signed it (Italian).",
      params: ZIdParams,
      querystring: z.object({ phase: z.enum(SIGN_PHASES).optional() }),
      response: { 200: ZPdfFile, ...errors },
    },
    handler: async (request, reply) => {
      const ctx = signedIn(request);
      const language = await readerLanguage(ctx.db, request.headers['accept-language'], ctx.actor.id);
      const { fileName, body } = await reportPdf(app, ctx, request.params.id, request.query.phase, language);
      reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(body instanceof Uint8Array ? Buffer.from(body) : body);
    },
  });

  r.get('/api/nca-reports/:id/evidence', {
    schema: {
      tags,
      summary: "The report's signature evidence pack (zip): each phase PDF as signed, the evidence rows, the hash chain, the terms accepted, a summary in Italian and English",
      params: ZIdParams,
      response: { 200: ZZipFile, ...errors, ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      const { fileName, body } = await buildEvidencePack(app, signedIn(request), request.params.id);
      reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    },
  });
  r.get('/api/nca-reports/:id/evidence/verify', {
    schema: {
      tags,
      summary: "Check the report's signature evidence: every row's hash, the hash chain, the PDFs as signed",
      description:
        'Recomputes the SHA-256 of each evidence row (canonical JSON including the previous hash), checks its links to the rows before and after it in the chain, the SHA-256 of each stored phase PDF, and the hash recorded on the sign request and in the history; answers which link, if any, is broken.',
      params: ZIdParams,
      response: { 200: ZEvidenceVerification, ...errors },
    },
    handler: (request) => verifyReportEvidence(app, signedIn(request), request.params.id),
  });

  registerWorkflowRoutes(app, correctiveActionTransitions(app), {
    collection: 'corrective-actions',
    tags,
    record: ZCorrectiveActionRecord,
    toRecord: (row: TCorrectiveActionRow) => actionToRecord(row),
    actions: {
      confirm: { summary: 'Confirm (validate) a proposed action: its required documents must be uploaded', body: ZEmpty },
      rejectProposal: { summary: 'Turn a proposed action down with a note (it stays new; its author is notified)', body: ZReason },
      start: { summary: 'Start the work (report in execution)', body: ZEmpty },
      complete: { summary: 'The work is done (evidence uploaded when required)', body: ZEmpty },
      reopen: { summary: 'Evidence insufficient: back to in progress', body: ZReason },
      close: { summary: 'Close after the effectiveness check (the reason is the check)', body: ZReason },
      closeNotNeeded: { summary: 'Close as not needed (admins)', body: ZReason },
    },
  });
  registerWorkflowRoutes(app, effectivenessCheckTransitions(app), {
    collection: 'nca-effectiveness-checks',
    tags,
    record: ZEffectivenessCheckRecord,
    toRecord: (row: TEffectivenessCheckRow) => effectivenessCheckToRecord(row),
    actions: {
      recordEffective: { summary: 'The actions proved effective (consortium only)', body: ZEffectivenessOutcome },
      recordNotEffective: { summary: 'The actions were not effective: opens a new report citing this one, prefilled (consortium only)', body: ZReason },
    },
  });
  r.get('/api/corrective-actions/:id/facts', {
    schema: { tags, summary: "The workflow facts for the caller (the web's buttons)", params: ZIdParams, response: { 200: ZCorrectiveActionFacts, ...errors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      const row = await ctx.db.transaction(async (tx) => correctiveActionTransitions(app).loadForUpdate(tx, ctx, request.params.id, { lock: false }));
      return actionFacts(ctx.db, ctx, row);
    },
  });

  r.get('/api/sign-requests/:id/facts', {
    schema: {
      tags,
      summary: "The workflow facts for the caller (the web's buttons)",
      params: ZIdParams,
      response: {
        200: z.object({
          isSigner: z.boolean(),
          roundActive: z.boolean(),
          /** The request's own wrong-code lock, which the consortium's unlock clears. */
          locked: z.boolean(),
          signerLockedUntil: z.string().nullable().describe('Until when the signer is locked out of every request for wrong codes over all of them (an unlock does not clear it); null when not'),
        }),
        ...errors,
      },
    },
    handler: (request) => signRequestFactsFor(signedIn(request), request.params.id),
  });
  r.post('/api/sign-requests/:id/sendCode', {
    schema: {
      tags,
      summary: 'E-mail a 6-digit signing code to the signer (10 minutes, one use; at most one a minute and five an hour)',
      params: ZIdParams,
      body: ZEmpty,
      response: { 200: z.object({ sentAt: z.string(), expiresAt: z.string(), destinationMasked: z.string() }), ...signErrors },
    },
    handler: (request) => sendSigningCode(app, signedIn(request), request.params.id, meta(request)),
  });
  r.post('/api/sign-requests/:id/sign', {
    schema: { tags, summary: 'Sign with the e-mailed code (firma con codice OTP)', params: ZIdParams, body: ZSignWithCode, response: { 200: ZSignRequestRecord, ...signErrors } },
    handler: async (request) => {
      const ctx = signedIn(request);
      const row = await signWithCode(app, ctx, request.params.id, request.body.code, { ...meta(request), sessionId: request.id ? String(request.id) : null });
      const [record] = [signRequestToRecord(row)];
      await decorateSignRequests(ctx.db, [record]);
      return record;
    },
  });
  for (const [action, body, read] of [
    ['reject', ZRejectSignature, (b: { explanation?: string }) => b.explanation ?? null],
    ['manualReject', ZReason, (b: { reason?: string }) => b.reason ?? null],
    ['unlock', ZEmpty, () => null],
  ] as const) {
    r.post(`/api/sign-requests/:id/${action}`, {
      schema: {
        tags,
        summary:
          action === 'reject' ? 'The signer refuses, with an explanation' : action === 'manualReject' ? 'Record a refusal given off the platform' : 'Clear the wrong-code counter of a locked request',
        params: ZIdParams,
        body,
        response: { 200: ZSignRequestRecord, ...signErrors },
      },
      handler: async (request) => {
        const ctx = signedIn(request);
        const row = await decideSignRequest(app, ctx, request.params.id, action, read(request.body ?? {}));
        const record = signRequestToRecord(row) as unknown as Record<string, unknown>;
        await decorateSignRequests(ctx.db, [record]);
        return record as never;
      },
    });
  }
  r.post('/api/sign-requests/:id/remind', {
    schema: {
      tags,
      summary: `The consortium reminds a pending signer of the request (bell and e-mail, audited; at most once in ${SIGNER_REMINDER_INTERVAL_MINUTES} minutes per request)`,
      description: '409 SIGN_REQUEST_NOT_PENDING when the request waits for no signature (decided, suspended, or its round closed); 429 REMINDER_TOO_SOON (params.nextAt) within the interval.',
      params: ZIdParams,
      body: ZEmpty,
      response: { 200: ZSignRequestRecord, ...signErrors },
    },
    handler: async (request) => {
      const ctx = signedIn(request);
      const record = signRequestToRecord(await remindSigner(app, ctx, request.params.id)) as unknown as Record<string, unknown>;
      await decorateSignRequests(ctx.db, [record]);
      return record as never;
    },
  });
  void SIGN_STATUSES;
  void CORRECTIVE_ACTION_STATUSES;
}
