import type { PDFPage } from 'pdf-lib';
import { eerDescription, findEerCode, formatEerCode } from '@app/domain/environmental/waste/eer';
import type { TFormRecord } from '@app/domain/environmental/waste/form-schemas';
import { box, createPdf, italianDate, LIGHT, text, wrap, type TPdfKit } from '../../../lib/pdf-layout.ts';

/** What the form's PDF prints: the form and the names of what it refers to, read on the request's side. */
export type TFormPdfData = { form: TFormRecord; lot: { name: string; code: string } | null; order: { name: string } | null; agency: { name: string } | null };

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const LABEL_WIDTH = 170;
const LINE = 11;

type TLine = [label: string, value: string | null | undefined];

const ORIGIN = { U: 'Urbano', S: 'Speciale' } as const;
const PHYSICAL = { SP: 'Solido pulverulento', S: 'Solido', FP: 'Fangoso palabile', L: 'Liquido', VS: 'Vischioso sciropposo' } as const;
const ACCEPTANCE = { A: 'Accettato per intero', P: 'Accettato parzialmente', R: 'Respinto' } as const;
const CAUSE = { NC: 'Non conformità', IR: 'Non ricevibile', A: 'Altro' } as const;

const instant = (iso: string | null) => (iso ? new Date(iso).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' }) : '');
const quantity = (q: { value: string; unit: string }) => `${q.value.replace('.', ',')} ${q.unit}`;
const address = (a: TFormRecord['producer']['address']) => (a ? [a.street, a.streetNumber, a.postalCode, a.city].filter(Boolean).join(' ') : '');
const partyLines = (p: TFormRecord['intermediaries'][number]): TLine[] => [
  ['Denominazione', p.name],
  ['Codice fiscale', p.taxCode],
  ['Nazione', p.nationId],
  ['Indirizzo', address(p.address)],
  ['N. iscrizione Albo', p.registrationNumber],
  ['Autorizzazione', p.authorization],
];

/** Draws pages of labelled rows under section titles, starting a new page when one is full. */
function writer(kit: TPdfKit, title: string) {
  let page: PDFPage;
  let y = 0;
  let pageNumber = 0;
  const newPage = () => {
    page = kit.doc.addPage([PAGE.width, PAGE.height]);
    pageNumber++;
    y = PAGE.height - MARGIN;
    text(page, kit.bold, title, MARGIN, y, 12);
    text(page, kit.font, `Pagina ${pageNumber}`, PAGE.width - MARGIN - 50, y, 8);
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
 * the consortium's review. Italian, A4 portrait. It is the consortium's copy of the data, not the
 * vidimated RENTRI form (that one is the uploaded signed document). Runs as a document job (print-form.ts).
 */
export async function renderFormPdf({ form, lot, order, agency }: TFormPdfData): Promise<Uint8Array> {
  const entry = findEerCode(form.cer);
  const kit = await createPdf(`Formulario ${form.code}`, 'Conformità ambientale – back office');
  const w = writer(kit, `Formulario di identificazione del rifiuto n. ${form.code}`);

  w.section('Dati del formulario');
  w.rows([
    ['Numero FIR', form.code],
    ['Lotto', lot ? `${lot.code} – ${lot.name}` : ''],
    ['Ordine', order?.name],
    ['Impresa', agency?.name],
    ['Contratto', form.contractNumber],
    ['WBS', form.wbs],
    ['Periodo di riferimento', `dal ${italianDate(form.referencePeriodFrom)} al ${italianDate(form.referencePeriodTo)}`],
  ]);
  w.section('1. Produttore / detentore');
  w.rows([...partyLines(form.producer), ['Luogo di produzione', form.producer.productionSite], ['N. iscrizione sito', form.producer.siteRegistrationNumber]]);
  w.section('2. Destinatario');
  w.rows([...partyLines(form.receiver), ['Tipo di autorizzazione', form.receiver.authorizationType], ['Operazione di recupero / smaltimento', form.wasteDestination]]);
  form.transporters.forEach((t, i) => {
    w.section(`3. Trasportatore${form.transporters.length > 1 ? ` ${i + 1}` : ''}`);
    w.rows([
      ...partyLines(t),
      ['Tipo di trasporto', t.transportType],
      ['Conducente', [t.driverName, t.driverSurname].filter(Boolean).join(' ')],
      ['Targa automezzo / rimorchio', [t.vehiclePlate, t.trailerPlate].filter(Boolean).join(' / ')],
      ['Percorso', t.route],
      ['Inizio trasporto', instant(t.startAt)],
    ]);
  });
  form.intermediaries.forEach((p, i) => {
    w.section(`4. Intermediario${form.intermediaries.length > 1 ? ` ${i + 1}` : ''}`);
    w.rows(partyLines(p));
  });
  w.section('5. Caratteristiche del rifiuto');
  w.rows([
    ['Codice EER', formatEerCode(form.cer)],
    ['Descrizione EER', entry ? eerDescription(entry, 'it') : ''],
    ['Descrizione del rifiuto', form.cerDescription],
    ['Provenienza', ORIGIN[form.origin]],
    ['Stato fisico', PHYSICAL[form.physicalState]],
    ['Caratteristiche di pericolo', form.dangerClass.join(', ')],
    ['Caratteristiche chimico-fisiche', form.chemicalPhysicalCharacteristics],
    ['Quantità', quantity(form.quantity)],
    ['Peso verificato in partenza', form.verifiedAtDeparture ? 'Sì' : 'No'],
    ['Colli / rinfusa', form.bulk ? 'Rinfusa' : form.packages ? `${form.packages} colli` : ''],
    ['Analisi / classificazione', form.certificate ? `${form.certificate.type} n. ${form.certificate.number}${form.certificate.date ? ` del ${italianDate(form.certificate.date)}` : ''}` : ''],
    ['Trasporto ADR', form.adr ? `Sì – ONU ${form.adrData?.unNumber ?? ''}, classe ${form.adrData?.class ?? ''}${form.adrData?.notes ? `, ${form.adrData.notes}` : ''}` : 'No'],
  ]);
  w.section('6. Accettazione a destino');
  const a = form.acceptance;
  w.rows(
    a
      ? [
          ['Esito', ACCEPTANCE[a.type]],
          ['Quantità accettata', a.acceptedQuantity ? `${a.acceptedQuantity.replace('.', ',')} kg` : ''],
          ['Causale del respingimento', a.rejectionCause ? CAUSE[a.rejectionCause] : ''],
          ['Motivo', a.rejectionReason],
          ['Arrivo', instant(a.arrivedAt)],
          ['In attesa di verifica analitica', a.awaitingAnalysis ? 'Sì' : 'No'],
        ]
      : [['Esito', 'Non ancora registrata']],
  );
  w.section('Revisione del consorzio');
  w.rows([
    ['Stato', form.status === 'approved' ? `Approvato il ${instant(form.approvedAt)}` : 'In attesa di approvazione'],
    ['Ultimo rinvio', form.rejectionReason],
    ['Annotazioni', form.notes],
  ]);
  return kit.doc.save();
}
