import { z } from 'zod';
import { ZDateString } from '../../platform/records/index.ts';
import { ZOptionalText, ZRecordBase, ZRequiredText } from '../fields.ts';
import { checkAnalyticRow, isOutOfLimits, parseAnalyticValue, type TLimitStatus } from './limit-check.ts';

/**
 * A laboratory test report (RDP, rapporto di prova): the sample (who took it, where, when), the
 * analyses (matrix, analytic packages, one row per analytic result with its limits and measured
 * value), the draft PDF the consortium approves, the signed .p7m, and the accounting (SAL) stamp.
 * Money is integer cents inside, euros in the API.
 */
export const RDP_STATUSES = ['processing', 'approved', 'p7mUploaded', 'completed'] as const;
export type TRdpStatus = (typeof RDP_STATUSES)[number];

export const LIMIT_STATUSES = ['within', 'below', 'above', 'indeterminate', 'noLimits', 'noValue'] as const satisfies readonly TLimitStatus[];

const ZLimit = z.number().finite().nullable().optional();

/** The measured value as the laboratory wrote it: a number, or "< LOQ" style text. */
const ZAnalyticValue = z
  .union([z.number().finite(), z.string().trim().max(50)])
  .nullable()
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v))
  .refine((v) => v === null || parseAnalyticValue(v).kind !== 'invalid', 'not a value: write a number (12,5) or "< LOQ" / "< 0,01"');

export const ZAnalyticRowInput = z
  .object({
    activity: ZRequiredText(200),
    description: ZOptionalText(500),
    unit: ZOptionalText(50),
    method: ZOptionalText(200),
    lowerLimit: ZLimit,
    upperLimit: ZLimit,
    value: ZAnalyticValue,
  })
  .refine((r) => r.lowerLimit == null || r.upperLimit == null || r.lowerLimit <= r.upperLimit, { message: 'the lower limit is above the upper limit', path: ['lowerLimit'] });
export type TAnalyticRowInput = z.infer<typeof ZAnalyticRowInput>;

export const ZAnalyticRow = z.object({
  activity: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  method: z.string().nullable(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  value: z.string().nullable(),
  /** Derived: the value against the limits (inclusive bounds). */
  limitStatus: z.enum(LIMIT_STATUSES),
  outOfLimits: z.boolean(),
});
export type TAnalyticRow = z.infer<typeof ZAnalyticRow>;

/** Stored rows (limits as numbers, value as written) with their check. */
export function withLimitChecks(rows: readonly TAnalyticRowInput[]): TAnalyticRow[] {
  return rows.map((r) => {
    const base = {
      activity: r.activity,
      description: r.description ?? null,
      unit: r.unit ?? null,
      method: r.method ?? null,
      lowerLimit: r.lowerLimit ?? null,
      upperLimit: r.upperLimit ?? null,
      value: r.value ?? null,
    };
    const limitStatus = checkAnalyticRow(base);
    return { ...base, limitStatus, outOfLimits: isOutOfLimits(limitStatus) };
  });
}

/** A report's analytic rows with their limit checks, and its out-of-limit summary (the columns stored with them). */
export function analyticColumns(rows: readonly TAnalyticRowInput[]) {
  const analyticData = withLimitChecks(rows);
  const outOfLimitsCount = analyticData.filter((r) => r.outOfLimits).length;
  return { analyticData, outOfLimits: outOfLimitsCount > 0, outOfLimitsCount };
}

/** EER code stored as 6 digits ("170504"); shown as "17 05 04". */
const ZEerCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s*]/g, ''))
  .refine((s) => /^\d{6}$/.test(s), 'an EER code has 6 digits, e.g. 17 05 04')
  .nullable()
  .optional()
  .transform((s) => (s === '' ? null : s));

const rdpFields = {
  code: ZRequiredText(50).describe('Report number given by the laboratory; unique per laboratory'),
  laboratoryId: z.uuid(),
  lotId: z.uuid().nullable().optional().describe('The lot the sample belongs to (prefills an NCA)'),
  wbs: ZOptionalText(100),
  label: ZOptionalText(200),
  matrixSettingId: z.uuid().nullable().optional().describe('Matrix (setting of type matrix)'),
  agencyId: z.uuid().nullable().optional().describe('The agency whose sample this is: it reads the report'),
  sampleManufacturer: ZOptionalText(200),
  samplingAgency: ZOptionalText(200),
  samplingMethod: ZOptionalText(200),
  sampler: ZOptionalText(200),
  sampleDate: ZDateString.nullable().optional(),
  samplingReportCode: ZOptionalText(100),
  lat: z.number().min(-90).max(90).nullable().optional().describe('Latitude of the sampling point, WGS84'),
  long: z.number().min(-180).max(180).nullable().optional().describe('Longitude of the sampling point, WGS84'),
  sampleLocation: ZOptionalText(300),
  receivingDate: ZDateString.nullable().optional(),
  analysisStartDate: ZDateString.nullable().optional(),
  analysisEndDate: ZDateString.nullable().optional(),
  producer: ZOptionalText(200),
  cer: ZEerCode.describe('EER code, 6 digits'),
  analyticPackageSettingIds: z.array(z.uuid()).max(50).optional().describe('Analytic packages (settings of type analyticPackage)'),
  analyticData: z.array(ZAnalyticRowInput).max(5000).optional(),
};

const datesInOrder = (r: { analysisStartDate?: string | null; analysisEndDate?: string | null }) => !r.analysisStartDate || !r.analysisEndDate || r.analysisStartDate <= r.analysisEndDate;

export const ZRdpCreate = z.object(rdpFields).refine(datesInOrder, { message: 'the analysis ends before it starts', path: ['analysisEndDate'] });
export const ZRdpUpdate = z
  .object(rdpFields)
  .omit({ laboratoryId: true })
  .partial()
  .refine(datesInOrder, { message: 'the analysis ends before it starts', path: ['analysisEndDate'] });
export type TRdpCreate = z.infer<typeof ZRdpCreate>;
export type TRdpUpdate = z.infer<typeof ZRdpUpdate>;

export const ZSignerSummary = z.object({
  index: z.number(),
  level: z.number(),
  name: z.string(),
  codiceFiscale: z.string().nullable(),
  organization: z.string().nullable(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  signingTime: z.string().nullable(),
  signingCertificateV2: z.enum(['present', 'v1only', 'missing', 'mismatch']),
  validNow: z.boolean(),
  trusted: z.boolean().nullable(),
});

/** What the verification of the signed file found, kept with the RDP. */
export const ZSignatureCheck = z.object({
  verifiedAt: z.string(),
  fileName: z.string(),
  encoding: z.string(),
  nested: z.number(),
  signers: z.array(ZSignerSummary),
  warnings: z.array(z.object({ code: z.string(), signer: z.number(), message: z.string() })),
  innerSha256: z.string(),
  /** The PDF inside the .p7m is byte for byte the approved draft. */
  identicalToDraft: z.boolean(),
});
export type TSignatureCheck = z.infer<typeof ZSignatureCheck>;

export const ZRejection = z.object({ reason: z.string(), at: z.string(), byId: z.string().nullable(), step: z.enum(['draft', 'signed']) });

export const ZRdpRecord = ZRecordBase.extend({
  code: z.string(),
  status: z.enum(RDP_STATUSES),
  laboratoryId: z.string(),
  lotId: z.string().nullable(),
  wbs: z.string().nullable(),
  label: z.string().nullable(),
  matrixSettingId: z.string().nullable(),
  agencyId: z.string().nullable(),
  sampleManufacturer: z.string().nullable(),
  samplingAgency: z.string().nullable(),
  samplingMethod: z.string().nullable(),
  sampler: z.string().nullable(),
  sampleDate: z.string().nullable(),
  samplingReportCode: z.string().nullable(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  sampleLocation: z.string().nullable(),
  receivingDate: z.string().nullable(),
  analysisStartDate: z.string().nullable(),
  analysisEndDate: z.string().nullable(),
  producer: z.string().nullable(),
  cer: z.string().nullable(),
  analyticPackageSettingIds: z.array(z.string()),
  analyticData: z.array(ZAnalyticRow),
  /** Derived: some analytic value is outside its limits. */
  outOfLimits: z.boolean(),
  outOfLimitsCount: z.number(),
  /** Upload id of the draft PDF. */
  temporaryRdp: z.string().nullable(),
  /** Upload id of the signed .p7m. */
  signedRdp: z.string().nullable(),
  /** Upload id of the PDF extracted from the .p7m. */
  signedInnerPdf: z.string().nullable(),
  signatureCheck: ZSignatureCheck.nullable(),
  lastRejection: ZRejection.nullable(),
  /** Euros: the contract prices of the analytic packages; frozen by the SAL confirmation. */
  totalPrice: z.number().nullable(),
  unpricedPackageIds: z.array(z.string()),
  salConfirmedAt: z.string().nullable(),
  salConfirmedById: z.string().nullable(),
  salRef: z.string().nullable(),
  /** The NCA report opened from this report ("apri NCA"), if any. */
  ncaReportId: z.string().nullable().optional(),
});
export type TRdpRecord = z.infer<typeof ZRdpRecord>;

/** Body of the SAL confirmation. */
export const ZConfirmAccounting = z.object({ salRef: ZRequiredText(100).describe('SAL reference (stato avanzamento lavori)') });

/** "17 05 04" from "170504". */
export const formatEerCode = (code: string, hazardous = false) => `${code.slice(0, 2)} ${code.slice(2, 4)} ${code.slice(4, 6)}${hazardous ? '*' : ''}`;
