import { readFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { computeRdpPrice, withLimitChecks, type TAnalyticRowInput, type TRdpStatus } from '@app/domain/environmental/rdp/index';
import { agencies, contracts, laboratories, lots, rdps, settings } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import type { TFileStorage } from '../lib/services.ts';
import { verifySignedFile } from '../modules/environmental/signed-files/verify-signed-file.ts';
import { signatureCheckOf } from '../modules/environmental/rdps/signature-check.ts';
import { insertRdpUploadRow } from '../modules/environmental/rdps/rdp-upload.ts';
import type { TDemoSeeder } from './demo.ts';

/**
 * Demo test reports of the demo laboratory, one or more in each state and one with values out of
 * limits. The reports past the draft carry real files in the file storage, as the upload routes
 * store them: an approved report its draft PDF (generated here); a report with its signed file the
 * committed test fixture (a .p7m signed by the fixtures' test CA), the PDF inside it, and that same
 * PDF as its draft, so the signed content is byte-identical to the approved draft.
 */
const METALS: TAnalyticRowInput[] = [
  { activity: 'Arsenico', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 20, value: '6,4', description: 'Col. A Tab. 1 All. 5 D.Lgs. 152/2006' },
  { activity: 'Cadmio', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 2, value: '< 0,5', description: null },
  { activity: 'Piombo', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 100, value: '38', description: null },
  { activity: 'Zinco', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 150, value: '112', description: null },
];
const HYDROCARBONS: TAnalyticRowInput[] = [
  { activity: 'Idrocarburi C>12', unit: 'mg/kg ss', method: 'UNI EN ISO 16703:2011', upperLimit: 50, value: '< LOQ', description: null },
  { activity: 'Idrocarburi C<12', unit: 'mg/kg ss', method: 'EPA 5021A + EPA 8015D', upperLimit: 10, value: '2,1', description: null },
];
const OUT_OF_LIMITS: TAnalyticRowInput[] = [
  { activity: 'Piombo', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 100, value: '142', description: 'Superamento Col. A' },
  { activity: 'Zinco', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 150, value: '151,5', description: null },
  { activity: 'Cadmio', unit: 'mg/kg ss', method: 'UNI EN ISO 11885:2009', upperLimit: 2, value: '0,8', description: null },
];

/**
 * The signed-file fixture, beside the migrations in apps/api/fixtures (resolved from src/seed and from
 * dist/seed alike, so a built tree without sources finds it): the seed signs nothing itself, as a demo
 * must not hold a signing key of its own.
 */
const SIGNED_FIXTURE = new URL('../../fixtures/signed-files/doc.pdf.p7m', import.meta.url);

/** A one-page draft PDF naming the report and its analytic rows. */
async function draftPdf(code: string, rows: TAnalyticRowInput[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Rapporto di prova ${code} (bozza)`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`Rapporto di prova ${code} - bozza`, { x: 56, y: 780, size: 16, font });
  rows.forEach((r, i) => page.drawText(`${r.activity}: ${r.value ?? ''} ${r.unit ?? ''} (${r.method ?? ''})`, { x: 56, y: 740 - i * 18, size: 10, font }));
  return Buffer.from(await doc.save());
}

type TDemoFile = { bytes: Buffer; name: string; format: 'pdf' | 'p7m'; tag: string };

async function storeDemoFile(tx: TTx, storage: TFileStorage, ownerId: string, rdpId: string, file: TDemoFile) {
  const row = await insertRdpUploadRow(tx, ownerId, rdpId, { bytes: file.bytes, name: file.name, format: file.format, storageKey: await storage.put(file.bytes), tags: [file.tag] });
  return row.id;
}

/** The files of a report in `status`, stored, as the columns of its row. */
async function demoFiles(tx: TTx, storage: TFileStorage, ownerId: string, rdpId: string, code: string, status: TRdpStatus, rows: TAnalyticRowInput[]) {
  if (status === 'processing') return {};
  const name = `RDP ${code}`;
  if (status === 'approved') return { temporaryRdp: await storeDemoFile(tx, storage, ownerId, rdpId, { bytes: await draftPdf(code, rows), name, format: 'pdf', tag: 'rdp-draft' }) };
  const signedBytes = await readFile(SIGNED_FIXTURE);
  const now = new Date();
  const verified = await verifySignedFile(signedBytes, { trustList: [], now, maxBytes: 16 * 2 ** 20 });
  const draft = await storeDemoFile(tx, storage, ownerId, rdpId, { bytes: verified.contentBytes, name, format: 'pdf', tag: 'rdp-draft' });
  const signed = await storeDemoFile(tx, storage, ownerId, rdpId, { bytes: signedBytes, name: `${name}.pdf`, format: 'p7m', tag: 'rdp-signed' });
  const inner = await storeDemoFile(tx, storage, ownerId, rdpId, { bytes: verified.contentBytes, name, format: 'pdf', tag: 'rdp-signed-content' });
  // The demo's draft is the signed file's inner PDF, so the two are byte-identical.
  const signatureCheck = signatureCheckOf(verified, { fileName: `${name}.pdf.p7m`, now, identicalToDraft: true });
  return { temporaryRdp: draft, signedRdp: signed, signedInnerPdf: inner, signatureCheck };
}

export const seedRdpDemo: TDemoSeeder = async (tx, demoUsers, storage) => {
  const [lab] = await tx.select({ id: laboratories.id }).from(laboratories).where(eq(laboratories.managerEmail, 'lab@demo.test'));
  const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.businessName, 'Edil Strade Tirrenia S.p.A.'));
  const lotRows = await tx.select({ id: lots.id, code: lots.code }).from(lots);
  if (!lab || !agency || lotRows.length === 0) return;
  const lot = (code: string) => lotRows.find((l) => l.code === code)?.id ?? null;
  const named = await tx
    .select({ id: settings.id, name: settings.name })
    .from(settings)
    .where(and(inArray(settings.settingType, ['matrix', 'analyticPackage'])));
  const id = (name: string) => named.find((s) => s.name === name)!.id;
  const soil = id('Terre e rocce da scavo');
  const metals = id('Metalli pesanti');
  const hydrocarbons = id('Idrocarburi C<12 e C>12');
  const priceList = await tx.select().from(contracts).where(eq(contracts.laboratoryId, lab.id));

  const reports: { code: string; status: TRdpStatus; lotCode: string; rows: TAnalyticRowInput[]; packages: string[]; sampleDate: string; sal?: string; where: [number, number, string] }[] = [
    { code: 'RDP-2026-0101', status: 'processing', lotCode: 'L01', rows: METALS, packages: [metals], sampleDate: '2026-11-10', where: [41.2589, 13.6065, 'Formia, imbocco galleria lato nord'] },
    { code: 'RDP-2026-0102', status: 'processing', lotCode: 'L01', rows: OUT_OF_LIMITS, packages: [metals], sampleDate: '2026-11-12', where: [41.2621, 13.6121, 'Formia, cumulo C3 area di deposito'] },
    {
      code: 'RDP-2026-0095',
      status: 'approved',
      lotCode: 'L02',
      rows: [...METALS, ...HYDROCARBONS],
      packages: [metals, hydrocarbons],
      sampleDate: '2026-10-28',
      where: [41.2186, 13.5706, 'Gaeta, svincolo rampa B'],
    },
    { code: 'RDP-2026-0090', status: 'p7mUploaded', lotCode: 'L02', rows: HYDROCARBONS, packages: [hydrocarbons], sampleDate: '2026-10-20', where: [41.2201, 13.5752, 'Gaeta, scotico area cantiere'] },
    { code: 'RDP-2026-0081', status: 'completed', lotCode: 'L01', rows: METALS, packages: [metals], sampleDate: '2026-10-05', where: [41.2575, 13.6042, 'Formia, viadotto pila P4'] },
    {
      code: 'RDP-2026-0077',
      status: 'completed',
      lotCode: 'L03',
      rows: [...METALS, ...HYDROCARBONS],
      packages: [metals, hydrocarbons],
      sampleDate: '2026-09-22',
      sal: 'SAL 5/2026',
      where: [41.2437, 13.7012, 'Minturno, vasca di laminazione V2'],
    },
  ];
  for (const r of reports) {
    const analyticData = withLimitChecks(r.rows);
    const outOfLimitsCount = analyticData.filter((a) => a.outOfLimits).length;
    const price = computeRdpPrice(r.packages, soil, priceList);
    const [saved] = await tx
      .insert(rdps)
      .values({
        code: r.code,
        status: r.status,
        laboratoryId: lab.id,
        agencyId: agency.id,
        lotId: lot(r.lotCode),
        wbs: `WBS-${r.lotCode}-${r.code.slice(-3)}`,
        label: `Campione ${r.code.slice(-4)}`,
        matrixSettingId: soil,
        sampleManufacturer: 'Edil Strade Tirrenia S.p.A.',
        samplingAgency: 'Laboratorio Analisi Ambientali Lazio S.r.l.',
        samplingMethod: 'UNI 10802:2013',
        sampler: 'Dott. Paolo Neri',
        sampleDate: r.sampleDate,
        samplingReportCode: `VC-${r.code.slice(-4)}`,
        lat: r.where[0],
        long: r.where[1],
        sampleLocation: r.where[2],
        receivingDate: r.sampleDate,
        analysisStartDate: r.sampleDate,
        analysisEndDate: r.sampleDate,
        producer: 'Consorzio Variante Appia',
        cer: '170504',
        analyticPackageSettingIds: r.packages,
        analyticData,
        outOfLimits: outOfLimitsCount > 0,
        outOfLimitsCount,
        totalPriceCents: price.totalCents,
        unpricedPackageIds: price.unpriced,
        salConfirmedAt: r.sal ? new Date('2026-10-30T10:00:00Z') : null,
        salConfirmedById: r.sal ? demoUsers['admin@demo.test'] : null,
        salRef: r.sal ?? null,
        createdById: demoUsers['lab@demo.test'],
      })
      .returning({ id: rdps.id });
    const files = await demoFiles(tx, storage, demoUsers['lab@demo.test'], saved.id, r.code, r.status, r.rows);
    if (Object.keys(files).length) await tx.update(rdps).set(files).where(eq(rdps.id, saved.id));
  }
};
