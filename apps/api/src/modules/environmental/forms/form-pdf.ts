import type { PDFPage } from 'pdf-lib';
import { eerDescription, findEerCode, formatEerCode } from '@app/domain/environmental/waste/eer';
import type { TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { box, createPdf, italianDate, LIGHT, text, wrap, type TPdfKit } from '../../../lib/pdf-layout.ts';
import { enMessages } from '../../../i18n/en.ts';
import { itMessages, type TMessages } from '../../../i18n/it.ts';
import { DEFAULT_LANGUAGE, translate, type TLanguage, type TParams } from '../../../i18n/translate.ts';

/** What the form's PDF prints: the form and the names of what it refers to, read on the request's side. */
export type TFormPdfData = {
  form: TFormRecord;
  lot: { name: string; code: string } | null;
  order: { name: string } | null;
  agency: { name: string } | null;
  language?: TLanguage;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LABEL_WIDTH = 170;
const LINE = 11;

type TLine = [label: string, value: string | null | undefined];

type TFormPdfTexts = TMessages['form']['pdf'];
type TFormPdfText = { [K in keyof TFormPdfTexts]: TFormPdfTexts[K] extends string ? K : never }[keyof TFormPdfTexts];

/** The form PDF's texts in one language: labels, the coded values' names, dates and quantities as it writes them. */
function textsOf(language: TLanguage) {
  const pdf = (language === 'en' ? enMessages : itMessages).form.pdf;
  const t = (key: TFormPdfText, params?: TParams) => translate(language, `form.pdf.${key}`, params);
  const instant = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' }) : '';
  // Italian writes a decimal comma, English a point.
  const decimal = (value: string) => (language === 'en' ? value : value.replace('.', ','));
  const address = (a: TFormRecord['producer']['address']) => (a ? [a.street, a.streetNumber, a.postalCode, a.city].filter(Boolean).join(' ') : '');
  const partyLines = (p: TFormRecord['intermediaries'][number]): TLine[] => [
    [pdf.party.name, p.name],
    [pdf.party.taxCode, p.taxCode],
    [pdf.party.nation, p.nationId],
    [pdf.party.address, address(p.address)],
    [pdf.party.albo, p.registrationNumber],
    [pdf.party.authorization, p.authorization],
  ];
  return { pdf, t, instant, decimal, partyLines, date: italianDate, yesNo: (value: boolean) => (value ? pdf.yes : pdf.no) };
}

/** Draws pages of labelled rows under section titles, starting a new page when one is full. */
function writer(kit: TPdfKit, title: string, pageLabel: (n: number) => string) {
  let page: PDFPage;
  let y = 0;
  let pageNumber = 0;
  const newPage = () => {
    page = kit.doc.addPage([PAGE.width, PAGE.height]);
    pageNumber++;
    y = PAGE.height - MARGIN;
    text(page, kit.bold, title, MARGIN, y, 12);
    text(page, kit.font, pageLabel(pageNumber), PAGE.width - MARGIN - 50, y, 8);
    y -= 20;
  };
  newPage();
  const ensure = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  return {
    section(name: string) {
      ensure(40);
      box(page, MARGIN, y - 14, PAGE.width - 2 * MARGIN, 16, LIGHT);
      text(page, kit.bold, name, MARGIN + 4, y - 10, 9);
      y -= 22;
    },
    rows(lines: TLine[]) {
      for (const [label, value] of lines) {
        const wrapped = wrap(kit.font, value?.trim() ? value : '—', 9, PAGE.width - 2 * MARGIN - LABEL_WIDTH);
        ensure(wrapped.length * LINE + 2);
        text(page, kit.bold, label, MARGIN + 4, y, 8);
        for (const [i, part] of wrapped.entries()) text(page, kit.font, part, MARGIN + LABEL_WIDTH, y - i * LINE, 9);
        y -= wrapped.length * LINE + 3;
      }
      y -= 4;
    },
  };
}

/**
 * The form as a PDF in the order of RENTRI's FIR: number and reference data, producer, receiver and
 * its operation, transporters, intermediaries, the waste, transport, acceptance at destination; then
 * its state and the consortium's review. In the reader's language (apps/api/src/i18n), A4 portrait.
 * It is the consortium's copy of the data, not the vidimated RENTRI form (that one is the uploaded
 * signed document). Runs as a document job (print-form.ts).
 */
export async function renderFormPdf({ form, lot, order, agency, language = DEFAULT_LANGUAGE }: TFormPdfData): Promise<Uint8Array> {
  const entry = findEerCode(form.cer);
  const x = textsOf(language);
  const { pdf, t } = x;
  const kit = await createPdf(t('docTitle', { code: form.code }), pdf.subject);
  kit.doc.setLanguage(language === 'en' ? 'en-GB' : 'it-IT');
  const w = writer(kit, t('heading', { code: form.code }), (n) => t('page', { n }));

  w.section(pdf.formData);
  w.rows([
    [pdf.firNumber, form.code],
    [pdf.lot, lot ? `${lot.code} – ${lot.name}` : ''],
    [pdf.order, order?.name],
    [pdf.agency, agency?.name],
    [pdf.contract, form.contractNumber],
    [pdf.wbs, form.wbs],
    [pdf.period, t('periodValue', { from: x.date(form.referencePeriodFrom), to: x.date(form.referencePeriodTo) })],
  ]);
  w.section(pdf.producer);
  w.rows([...x.partyLines(form.producer), [pdf.productionSite, form.producer.productionSite], [pdf.siteNumber, form.producer.siteRegistrationNumber]]);
  w.section(pdf.receiver);
  w.rows([...x.partyLines(form.receiver), [pdf.authorizationType, form.receiver.authorizationType], [pdf.operation, form.wasteDestination]]);
  form.transporters.forEach((tr, i) => {
    w.section(`${pdf.transporter}${form.transporters.length > 1 ? ` ${i + 1}` : ''}`);
    w.rows([
      ...x.partyLines(tr),
      [pdf.transportType, tr.transportType],
      [pdf.driver, [tr.driverName, tr.driverSurname].filter(Boolean).join(' ')],
      [pdf.plates, [tr.vehiclePlate, tr.trailerPlate].filter(Boolean).join(' / ')],
      [pdf.route, tr.route],
      [pdf.transportStart, x.instant(tr.startAt)],
    ]);
  });
  form.intermediaries.forEach((p, i) => {
    w.section(`${pdf.intermediary}${form.intermediaries.length > 1 ? ` ${i + 1}` : ''}`);
    w.rows(x.partyLines(p));
  });
  w.section(pdf.waste);
  const adr = form.adrData;
  w.rows([
    [pdf.eerCode, formatEerCode(form.cer)],
    [pdf.eerDescription, entry ? eerDescription(entry, language) : ''],
    [pdf.wasteDescription, form.cerDescription],
    [pdf.origin, pdf.originOf[form.origin]],
    [pdf.physicalState, pdf.physicalOf[form.physicalState]],
    [pdf.hazards, form.dangerClass.join(', ')],
    [pdf.chemical, form.chemicalPhysicalCharacteristics],
    [pdf.quantity, `${x.decimal(form.quantity.value)} ${form.quantity.unit}`],
    [pdf.verified, x.yesNo(form.verifiedAtDeparture)],
    [pdf.packing, form.bulk ? pdf.bulk : form.packages ? t('packages', { n: form.packages }) : ''],
    [
      pdf.analysis,
      form.certificate
        ? `${t('analysisValue', { type: form.certificate.type, number: form.certificate.number })}${form.certificate.date ? t('analysisDate', { date: x.date(form.certificate.date) }) : ''}`
        : '',
    ],
    [pdf.adr, form.adr ? `${t('adrValue', { un: adr?.unNumber ?? '', class: adr?.class ?? '' })}${adr?.notes ? `, ${adr.notes}` : ''}` : pdf.no],
  ]);
  w.section(pdf.acceptance);
  const a = form.acceptance;
  w.rows(
    a
      ? [
          [pdf.outcome, pdf.acceptanceOf[a.type]],
          [pdf.acceptedQuantity, a.acceptedQuantity ? `${x.decimal(a.acceptedQuantity)} ${form.quantity.unit}` : ''],
          [pdf.cause, a.rejectionCause ? pdf.causeOf[a.rejectionCause] : ''],
          [pdf.reason, a.rejectionReason],
          [pdf.arrival, x.instant(a.arrivedAt)],
          [pdf.awaitingAnalysis, x.yesNo(a.awaitingAnalysis)],
        ]
      : [[pdf.outcome, pdf.notRecorded]],
  );
  w.section(pdf.review);
  const history = [
    form.approvedAt ? t('signedOn', { date: x.instant(form.approvedAt) }) : null,
    form.transportStartedAt ? t('transportStarted', { date: x.instant(form.transportStartedAt) }) : null,
    form.cancelledAt ? t('cancelled', { date: x.instant(form.cancelledAt), reason: form.cancelReason ?? '' }) : null,
  ].filter((line) => line !== null);
  w.rows([
    [pdf.state, [pdf.statusOf[form.rentriState], ...history].join('. ')],
    [pdf.lastReturn, form.rejectionReason],
    [pdf.notes, form.notes],
  ]);
  return kit.doc.save();
}
