import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { AMBIENT_CATEGORIES } from '@app/domain/environmental/settings';
import type { TSignPhase } from '@app/domain/environmental/nca/index';
import { printable, wrap } from '../../../lib/pdf-layout.ts';
import type { TPhaseSnapshot } from './snapshot.ts';

/**
 * The NCA documents, in Italian, A4 portrait: the document of each phase (what its signers sign,
 * with the snapshot hash printed on every page) and the final report of a closed NCA (every phase,
 * the signatures given with their evidence, the history). Standard Helvetica is WinAnsi: Italian
 * accents print; anything else is replaced.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.93, 0.93, 0.93);

const PHASE_TITLE: Record<TSignPhase, string> = {
  first: 'Fase 1 – Rilevazione della non conformità',
  second: 'Fase 2 – Analisi delle cause e piano delle azioni',
  third: 'Fase 3 – Esecuzione delle azioni e chiusura',
};
const ORIGIN_IT: Record<string, string> = { audit: 'Audit', other: 'Altro' };
const ACTION_TYPE_IT: Record<string, string> = { action: 'Azione correttiva', treatment: 'Trattamento', internal: 'Azione interna' };
const ACTION_STATUS_IT: Record<string, string> = { new: 'Proposta', confirmed: 'Confermata', in_progress: 'In corso', completed: 'Completata', closed: 'Chiusa' };
const CATEGORY_IT: Record<(typeof AMBIENT_CATEGORIES)[number], string> = {
  environmentalManagementSystem: 'Sistema di gestione ambientale',
  wasteManagement: 'Gestione dei rifiuti',
  excavationSoilAndRock: 'Terre e rocce da scavo',
  singleEnvironmentalComponents: 'Singole componenti ambientali',
  emergencyResponse: 'Gestione delle emergenze',
  stakeholderRelations: 'Rapporti con il territorio',
};
const SIGN_STATUS_IT: Record<string, string> = { pending: 'In attesa', signed: 'Firmata', rejected: 'Rifiutata', manual_rejected: 'Rifiutata (registrata dal consorzio)', suspended: 'Sospesa' };

/** '2026-11-24' or an ISO instant -> '24/11/2026' (instants with the time, Europe/Rome). */
function italianDate(value: string | null | undefined): string {
  if (!value) return '–';
  if (value.length === 10) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(value));
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
      const label = `Pagina ${i + 1} di ${total}`;
      page.drawText(label, { x: PAGE.width - MARGIN - this.font.widthOfTextAtSize(label, 7), y: MARGIN - 10, size: 7, font: this.font, color: GREY });
    });
  }
}

async function start(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('it-IT');
  doc.setProducer('Back office – conformità ambientale');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

function phaseOne(w: Writer, s: TPhaseSnapshot) {
  const r = s.report;
  w.heading(PHASE_TITLE.first);
  w.field('Codice NCA', r.code ?? 'assegnato all’apertura');
  w.field('Codice cliente (21 caratteri)', r.twentyOneDigitsCode);
  w.field('Lotto', r.lot);
  w.field('Ordine', r.order);
  if (r.announcement) w.field('Bando', r.announcement);
  w.field('Impresa destinataria', r.targetAgency);
  w.field('WBS', r.wbs);
  w.field('Aspetto ambientale', r.environmentalAspect);
  w.field('Categoria ambientale', r.environmentalCategory ? (CATEGORY_IT[r.environmentalCategory as keyof typeof CATEGORY_IT] ?? r.environmentalCategory) : null);
  w.field('Gravità', r.severity);
  w.field('Tipo di NCA', r.ncaType);
  w.field('Origine', r.origin ? (ORIGIN_IT[r.origin] ?? r.origin) : null);
  w.field('Rilevata da', [r.detectorName, r.detectedByAgency].filter(Boolean).join(' – ') || null);
  w.field('Redatta da', r.openedBy);
  w.field('Documenti di riferimento', r.referenceDocuments.join('; ') || null);
  w.field('Data di apertura', r.openDate ? italianDate(r.openDate) : null);
  w.field('Descrizione', r.description);
}

function phaseTwo(w: Writer, s: TPhaseSnapshot, phase: TSignPhase) {
  w.heading(phase === 'third' ? PHASE_TITLE.third : PHASE_TITLE.second);
  if (phase === 'second') w.field('Analisi delle cause', s.causeAnalysis ?? null);
  const actions = s.actions ?? [];
  if (actions.length === 0) w.paragraph('Nessuna azione correttiva.');
  for (const a of actions) {
    w.rule();
    w.field(`${a.code}`, `${a.name} (${ACTION_TYPE_IT[a.actionType] ?? a.actionType}) – ${ACTION_STATUS_IT[a.status] ?? a.status}`);
    if (a.description) w.field('Descrizione', a.description);
    w.field('Esecutore', a.agency);
    w.field('Scadenza', a.expireDate ? italianDate(a.expireDate) : 'nessuna');
    if (a.documents.length) w.field('Documenti', a.documents.map((d) => `${d.name}${d.isRequired ? ' (obbligatorio)' : ''}`).join('; '));
    if (a.confirmationDate) w.field('Confermata il', italianDate(a.confirmationDate));
    if (phase === 'third') {
      w.field('Completata il', a.completedAt ? italianDate(a.completedAt) : null);
      w.field('Chiusa il', a.closedAt ? italianDate(a.closedAt) : null);
      w.field('Verifica di efficacia', a.effectivenessNote);
    }
  }
  if (s.files.length) {
    w.rule();
    w.field('Allegati (SHA-256)', s.files.map((f) => `${f.name}: ${f.sha256}`).join('\n'));
  }
}

function signatureLines(w: Writer, signatures: TPdfSignature[]) {
  if (signatures.length === 0) {
    w.paragraph('Nessuna firma registrata per questa fase.');
    return;
  }
  for (const s of signatures) {
    const when = s.signedAt ? ` il ${italianDate(s.signedAt)}` : '';
    w.field(`${s.signer}`, `${s.functionName} – ${SIGN_STATUS_IT[s.status] ?? s.status}${when}${s.round > 1 ? ` (giro ${s.round})` : ''}`);
    if (s.explanation) w.field('Motivazione', s.explanation);
    if (s.evidenceHash) w.field('Evidenza (SHA-256)', s.evidenceHash);
  }
}

const CONSENT =
  'I firmatari sottoscrivono questo documento con firma con codice OTP: un codice monouso di 6 cifre inviato all’indirizzo e-mail del firmatario e valido 10 minuti. ' +
  'La firma è legata all’impronta SHA-256 riportata a piè di pagina; per ogni firma sono conservati chi, quando, da dove e l’impronta firmata.';

/** The document of one phase: what its signers sign. */
export async function renderPhasePdf(snapshot: TPhaseSnapshot, snapshotHash: string, signatures: TPdfSignature[], requestedAt: Date): Promise<Uint8Array> {
  const { doc, font, bold } = await start(`NCA ${snapshot.report.code ?? ''} – ${PHASE_TITLE[snapshot.phase]}`);
  const w = new Writer(doc, font, bold, `Impronta SHA-256 dei dati firmati: ${snapshotHash}`);
  w.title('Rapporto di non conformità ambientale');
  w.paragraph(`${PHASE_TITLE[snapshot.phase]} – documento da firmare, predisposto il ${italianDate(requestedAt.toISOString())}`, 10, GREY);
  phaseOne(w, snapshot);
  if (snapshot.phase !== 'first') phaseTwo(w, snapshot, snapshot.phase);
  w.heading('Firme richieste (firma con codice OTP)');
  w.paragraph(CONSENT, 8.5, GREY);
  signatureLines(w, signatures);
  w.finish();
  return doc.save();
}

/** The final report of a closed NCA (or the current state of an open one, marked as such). */
export async function renderReportPdf(
  snapshot: TPhaseSnapshot,
  status: string,
  closingDate: string | null,
  signatures: TPdfSignature[],
  history: TPdfHistoryLine[],
  causeAnalysis: string | null,
): Promise<Uint8Array> {
  const closed = status === 'closed';
  const { doc, font, bold } = await start(`NCA ${snapshot.report.code ?? ''} – rapporto ${closed ? 'finale' : 'in corso'}`);
  const w = new Writer(doc, font, bold, `NCA ${snapshot.report.code ?? 'in bozza'} – ${closed ? `chiusa il ${italianDate(closingDate)}` : 'rapporto non definitivo: la NCA non è chiusa'}`);
  w.title(closed ? 'Rapporto finale di non conformità ambientale' : 'Rapporto di non conformità ambientale (non definitivo)');
  w.paragraph(closed ? `NCA ${snapshot.report.code} chiusa il ${italianDate(closingDate)}.` : 'La NCA non è ancora chiusa: questo documento ne riporta lo stato attuale.', 10, GREY);
  phaseOne(w, snapshot);
  w.heading(PHASE_TITLE.second);
  w.field('Analisi delle cause', causeAnalysis);
  phaseTwo(w, snapshot, 'third');
  w.heading('Firme con codice OTP');
  w.paragraph(CONSENT, 8.5, GREY);
  for (const phase of ['first', 'second', 'third'] as const) {
    const own = signatures.filter((s) => s.phase === phase);
    if (own.length === 0) continue;
    w.field('Fase', PHASE_TITLE[phase]);
    signatureLines(w, own);
  }
  w.heading('Cronologia');
  for (const h of history) w.field(italianDate(h.at), `${h.what}${h.who ? ` – ${h.who}` : ''}`);
  w.finish();
  return doc.save();
}
