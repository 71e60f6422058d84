import { z } from 'zod';
import { ZRecordBase } from '../fields.ts';
import { OTP_CODE_PATTERN, normalizeOtpCode } from './codes.ts';
import { SIGN_PHASES } from './phases.ts';
import { ZDraftNameParts } from './report-name.ts';
import { EXPLANATION_MAX, EXPLANATION_MIN, SIGN_STATUSES } from './sign-flow.ts';

/** The consortium reminds a pending signer of a request at most once in this many minutes. */
export const SIGNER_REMINDER_INTERVAL_MINUTES = 60;

/**
 * A sign request: one signer (acting in a company function) for one phase and round of a report.
 * Created by the report's request actions; signed with a one-time code ("firma con codice OTP").
 */
export const ZSigner = z.object({
  userId: z.uuid(),
  agencyFunctionSettingId: z.uuid().describe('The company function the signer acts in (setting companyFunction)'),
});

/** The body of requestPhase1Signs / requestPhase2Signs / requestClosingSigns. */
export const ZRequestSignatures = z.object({
  signers: z.array(ZSigner).min(1, 'name at least one signer').max(20),
});
export type TRequestSignatures = z.infer<typeof ZRequestSignatures>;

export const ZSignWithCode = z.object({
  code: z.string().transform(normalizeOtpCode).pipe(z.string().regex(OTP_CODE_PATTERN, 'the code has 6 digits')),
});
export const ZRejectSignature = z.object({
  explanation: z.string().trim().min(EXPLANATION_MIN, `at least ${EXPLANATION_MIN} characters`).max(EXPLANATION_MAX),
});

export const ZSignRequestRecord = ZRecordBase.extend({
  reportId: z.string(),
  reportCode: z.string().nullable(),
  reportDraftName: ZDraftNameParts.nullable().optional().describe('While the report has no code: what tells it apart'),
  phase: z.enum(SIGN_PHASES),
  round: z.number().int(),
  userId: z.string(),
  signerName: z.string().describe("The signer's name and surname"),
  agencyFunctionSettingId: z.string(),
  agencyFunctionName: z.string(),
  status: z.enum(SIGN_STATUSES),
  signedAt: z.string().nullable(),
  explanationsRequest: z.string().nullable().describe('Why it was rejected (by the signer, or by the consortium for a manual rejection)'),
  snapshotHash: z.string().nullable().describe('SHA-256 of what is signed: the phase data and its PDF'),
  failedAttempts: z.number().int(),
  locked: z.boolean().describe('Too many wrong codes: the consortium must unlock it'),
  codeSentAt: z.string().nullable().describe('When the last code was sent'),
  codeExpiresAt: z.string().nullable(),
  remindedAt: z.string().nullable().optional().describe('When the consortium last reminded the signer of this request (at most once an hour)'),
});
export type TSignRequestRecord = z.infer<typeof ZSignRequestRecord>;
