import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TSignPhase } from '@app/domain/environmental/nca/index';
import { printable, wrap } from '../../../lib/pdf-layout.ts';
import { enMessages } from '../../../i18n/en.ts';
import { itMessages, type TMessages } from '../../../i18n/it.ts';
import { DEFAULT_LANGUAGE, translate, type TLanguage, type TParams } from '../../../i18n/translate.ts';
import { saveSealed, type TSealKey } from '../../../lib/pdf-seal.ts';
import type { TPhaseSnapshot } from './snapshot.ts';

/**
 * The NCA documents, A4 portrait, in the reader's language (Italian unless asked otherwise): the
 * document of each phase (what its signers sign, with the snapshot hash printed on every page) and
 * the final report of a closed NCA (every phase, the signatures given with their evidence, the
 * history). Standard Helvetica is WinAnsi: Italian accents print; anything else is replaced.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.93, 0.93, 0.93);

type TPdfTexts = TMessages['nca']['pdf'];
type TPdfText = { [K in keyof TPdfTexts]: TPdfTexts[K] extends string ? K : never }[keyof TPdfTexts];
type TTexts = {
  language: TLanguage;
  /** A label or sentence of `nca.pdf`. */
  t: (key: TPdfText, params?: TParams) => string;
  /** A value of one of the `nca.pdf` lists (statuses, categories...), the value itself when the list does not know it. */
  of: (list: 'origin' | 'actionType' | 'actionStatus' | 'category' | 'signStatus' | 'phaseTitle' | 'ishikawaCategory', value: string) => string;
  /** '2026-11-24' or an ISO instant (with its time, in Italy), as the language writes dates. */
  date: (value: string | null | undefined) => string;
};

function textsOf(language: TLanguage): TTexts {
  const pdf = (language === 'en' ? enMessages : itMessages).nca.pdf;
  return {
    language,
    t: (key, params) => translate(language, `nca.pdf.${key}`, params),
    of: (list, value) => {
      const names: Record<string, string | undefined> = pdf[list];
      return names[value] ?? value;
    },
    date: (value) => {
      if (!value) return '–';
      if (value.length === 10) {
        const [y, m, d] = value.split('-');
        return `${d}/${m}/${y}`;
      }
      return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
        new Date(value),
      );
    },
  };
}

export type TPdfSignature = {
  phase: TSignPhase;
  round: number;
  signer: string;
  functionName: string;
  status: string;
  signedAt: string | null;
  explanation: string | null;
  snapshotHash: string | null;
  evidenceHash?: string | null;
};
export type TPdfHistoryLine = { at: string; who: string | null; what: string };

class Writer {
  private page!: PDFPage;
  private y = 0;
  pages: PDFPage[] = [];
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
    private footer: string,
    private pageLabel: (page: number, pages: number) => string,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }
  private ensure(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }
  private wrap(text: string, size: number, width: number, font = this.font): string[] {
    return wrap(font, text, size, width);
  }
  title(text: string, size = 15) {
    this.ensure(size + 8);
    this.page.drawText(printable(text), { x: MARGIN, y: this.y - size, size, font: this.bold });
    this.y -= size + 8;
  }
  heading(text: string) {
    this.ensure(40);
    this.y -= 6;
    this.page.drawRectangle({ x: MARGIN, y: this.y - 16, width: WIDTH, height: 18, color: LIGHT });
    this.page.drawText(printable(text), { x: MARGIN + 4, y: this.y - 12, size: 10.5, font: this.bold });
    this.y -= 24;
  }
  paragraph(text: string, size = 9.5, color = rgb(0, 0, 0)) {
    for (const line of this.wrap(text, size, WIDTH)) {
      this.ensure(size + 3);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.font, color });
      this.y -= size + 3;
    }
    this.y -= 3;
  }
  /** A label and its value, the value wrapped in the right column. */
  field(label: string, value: string | null | undefined) {
    const size = 9.5;
    const labelWidth = 150;
    const lines = this.wrap(value && value.trim() ? value : '–', size, WIDTH - labelWidth);
    this.ensure(size + 3);
    this.page.drawText(printable(label), { x: MARGIN, y: this.y - size, size, font: this.bold, color: GREY });
    for (const line of lines) {
      this.ensure(size + 3);
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y - size, size, font: this.font });
      this.y -= size + 3;
    }
    this.y -= 2;
  }
  rule() {
    this.ensure(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: MARGIN + WIDTH, y: this.y - 3 }, thickness: 0.5, color: GREY });
    this.y -= 8;
  }
  finish() {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      page.drawText(printable(this.footer), { x: MARGIN, y: MARGIN - 10, size: 7, font: this.font, color: GREY });
      const label = printable(this.pageLabel(i + 1, total));
      page.drawText(label, { x: PAGE.width - MARGIN - this.font.widthOfTextAtSize(label, 7), y: MARGIN - 10, size: 7, font: this.font, color: GREY });
    });
  }
}

async function start(x: TTexts, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage(x.language === 'en' ? 'en-GB' : 'it-IT');
  doc.setProducer(x.t('producer'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

function phaseOne(w: Writer, s: TPhaseSnapshot, x: TTexts) {
  const r = s.report;
  w.heading(x.of('phaseTitle', 'first'));
  w.field(x.t('code'), r.code ?? x.t('codeAtOpening'));
  w.field(x.t('clientCode'), r.twentyOneDigitsCode);
  w.field(x.t('lot'), r.lot);
  w.field(x.t('order'), r.order);
  if (r.announcement) w.field(x.t('announcement'), r.announcement);
  w.field(x.t('targetAgency'), r.targetAgency);
  w.field(x.t('wbs'), r.wbs);
  w.field(x.t('aspect'), r.environmentalAspect);
  w.field(x.t('category_'), r.environmentalCategory ? x.of('category', r.environmentalCategory) : null);
  w.field(x.t('severity'), r.severity);
  w.field(x.t('ncaType'), r.ncaType);
  w.field(x.t('originLabel'), r.origin ? x.of('origin', r.origin) : null);
  w.field(x.t('detectedBy'), [r.detectorName, r.detectedByAgency].filter(Boolean).join(' – ') || null);
  w.field(x.t('openedBy'), r.openedBy);
  w.field(x.t('referenceDocuments'), r.referenceDocuments.join('; ') || null);
  w.field(x.t('openDate'), r.openDate ? x.date(r.openDate) : null);
  w.field(x.t('description'), r.description);
  containment(w, s, x);
}

/** The immediate containment actions (phase 1: recorded before the cause analysis). */
function containment(w: Writer, s: TPhaseSnapshot, x: TTexts) {
  w.heading(x.t('containment'));
  const entries = s.containment ?? [];
  if (entries.length === 0) w.paragraph(x.t('noContainment'));
  for (const [i, c] of entries.entries()) {
    if (i > 0) w.rule();
    w.field(`${i + 1}.`, c.what);
    w.field(x.t('containmentWho'), c.who);
    w.field(x.t('containmentWhen'), x.date(c.when));
    w.field(x.t('containmentVerifiedBy'), c.verifiedBy ?? x.t('notVerified'));
  }
}

/** The structured root cause: the 5-Why chain (each answer the cause of the previous) and the Ishikawa families, then the free text. */
function rootCause(w: Writer, s: TPhaseSnapshot, causeAnalysis: string | null, x: TTexts) {
  if (s.fiveWhys?.length) w.field(x.t('fiveWhys'), s.fiveWhys.map((why, i) => `${x.t('why', { n: i + 1 })}: ${why}`).join('\n'));
  if (s.ishikawaCategories?.length) w.field(x.t('ishikawa'), s.ishikawaCategories.map((c) => x.of('ishikawaCategory', c)).join(', '));
  w.field(x.t('causeAnalysis'), causeAnalysis);
}

function phaseTwo(w: Writer, s: TPhaseSnapshot, phase: TSignPhase, x: TTexts) {
  w.heading(x.of('phaseTitle', phase === 'third' ? 'third' : 'second'));
  if (phase === 'second') rootCause(w, s, s.causeAnalysis ?? null, x);
  const actions = s.actions ?? [];
  if (actions.length === 0) w.paragraph(x.t('noActions'));
  for (const a of actions) {
    w.rule();
    w.field(`${a.code}`, `${a.name} (${x.of('actionType', a.actionType)}) – ${x.of('actionStatus', a.status)}`);
    if (a.description) w.field(x.t('description'), a.description);
    w.field(x.t('executor'), a.agency);
    w.field(x.t('due'), a.expireDate ? x.date(a.expireDate) : x.t('noDue'));
    if (a.documents.length) w.field(x.t('documents'), a.documents.map((d) => `${d.name}${d.isRequired ? x.t('required') : ''}`).join('; '));
    if (a.confirmationDate) w.field(x.t('confirmedOn'), x.date(a.confirmationDate));
    if (phase === 'third') {
      w.field(x.t('completedOn'), a.completedAt ? x.date(a.completedAt) : null);
      w.field(x.t('closedOn'), a.closedAt ? x.date(a.closedAt) : null);
      w.field(x.t('effectiveness'), a.effectivenessNote);
    }
  }
  if (s.files.length) {
    w.rule();
    w.field(x.t('attachments'), s.files.map((f) => `${f.name}: ${f.sha256}`).join('\n'));
  }
}

function signatureLines(w: Writer, signatures: TPdfSignature[], x: TTexts) {
  if (signatures.length === 0) {
    w.paragraph(x.t('noSignatures'));
    return;
  }
  for (const s of signatures) {
    const when = s.signedAt ? x.t('signedOn', { date: x.date(s.signedAt) }) : '';
    w.field(`${s.signer}`, `${s.functionName} – ${x.of('signStatus', s.status)}${when}${s.round > 1 ? x.t('round', { round: s.round }) : ''}`);
    if (s.explanation) w.field(x.t('explanation'), s.explanation);
    if (s.evidenceHash) w.field(x.t('evidence'), s.evidenceHash);
  }
}

/**
 * Ends the document; with the installation's seal key, says so on its last lines and saves it sealed
 * (PAdES B-B, ETSI.CAdES.detached over the byte range): the bytes answered are the ones stored and hashed.
 */
async function finish(doc: PDFDocument, w: Writer, x: TTexts, seal: TSealKey | null, reason: 'sealReasonPhase' | 'sealReasonReport') {
  if (seal) {
    w.heading(x.t('sealTitle'));
    w.paragraph(x.t('sealNote', { name: seal.name }), 8.5, GREY);
  }
  w.finish();
  return seal ? saveSealed(doc, seal, x.t(reason)) : doc.save();
}

const writer = (doc: PDFDocument, font: PDFFont, bold: PDFFont, footer: string, x: TTexts) => new Writer(doc, font, bold, footer, (page, pages) => x.t('page', { page, pages }));

/**
 * The document of one phase: what its signers sign. The document stored with a round, the one every
 * signer signs, is written in Italian (the default); a phase's preview before any round follows the reader.
 */
export async function renderPhasePdf(
  snapshot: TPhaseSnapshot,
  snapshotHash: string,
  signatures: TPdfSignature[],
  requestedAt: Date,
  language: TLanguage = DEFAULT_LANGUAGE,
  seal: TSealKey | null = null,
): Promise<Uint8Array> {
  const x = textsOf(language);
  const phaseTitle = x.of('phaseTitle', snapshot.phase);
  const { doc, font, bold } = await start(x, `NCA ${snapshot.report.code ?? ''} – ${phaseTitle}`);
  const w = writer(doc, font, bold, x.t('hashFooter', { hash: snapshotHash }), x);
  w.title(x.t('reportTitle'));
  w.paragraph(x.t('toSign', { phase: phaseTitle, date: x.date(requestedAt.toISOString()) }), 10, GREY);
  phaseOne(w, snapshot, x);
  if (snapshot.phase !== 'first') phaseTwo(w, snapshot, snapshot.phase, x);
  w.heading(x.t('signaturesRequested'));
  w.paragraph(x.t('consent'), 8.5, GREY);
  signatureLines(w, signatures, x);
  return finish(doc, w, x, seal, 'sealReasonPhase');
}

/** The final report of a closed NCA (or the current state of an open one, marked as such), in the reader's language. */
export async function renderReportPdf(
  snapshot: TPhaseSnapshot,
  status: string,
  closingDate: string | null,
  signatures: TPdfSignature[],
  history: TPdfHistoryLine[],
  causeAnalysis: string | null,
  language: TLanguage = DEFAULT_LANGUAGE,
  seal: TSealKey | null = null,
): Promise<Uint8Array> {
  const x = textsOf(language);
  const closed = status === 'closed';
  const nca = translate(language, 'nca.name', { code: snapshot.report.code ?? translate(language, 'common.draftCode') });
  const { doc, font, bold } = await start(x, x.t(closed ? 'finalDocTitle' : 'currentDocTitle', { code: snapshot.report.code ?? '' }));
  const w = writer(doc, font, bold, closed ? x.t('closedFooter', { nca, date: x.date(closingDate) }) : x.t('openFooter', { nca }), x);
  w.title(x.t(closed ? 'finalTitle' : 'openTitle'));
  w.paragraph(closed ? x.t('closedLead', { nca, date: x.date(closingDate) }) : x.t('openLead'), 10, GREY);
  phaseOne(w, snapshot, x);
  w.heading(x.of('phaseTitle', 'second'));
  rootCause(w, snapshot, causeAnalysis, x);
  phaseTwo(w, snapshot, 'third', x);
  w.heading(x.t('signatures'));
  w.paragraph(x.t('consent'), 8.5, GREY);
  for (const phase of ['first', 'second', 'third'] as const) {
    const own = signatures.filter((s) => s.phase === phase);
    if (own.length === 0) continue;
    w.field(x.t('phase'), x.of('phaseTitle', phase));
    signatureLines(w, own, x);
  }
  w.heading(x.t('history'));
  for (const h of history) w.field(x.date(h.at), `${h.what}${h.who ? ` – ${h.who}` : ''}`);
  return finish(doc, w, x, closed ? seal : null, 'sealReasonReport');
}
