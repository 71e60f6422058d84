import { STAY_IMPORT_COLUMNS } from '@app/domain/tourist-tax/stay-import';
import { xlsxBuffer } from '../../../lib/xlsx-write.ts';
import type { TCityRules } from '../rules/city-rules.ts';

const DATE_COLUMNS = new Set(['checkIn', 'checkOut', 'birthDate']);

/**
 * The xlsx template of the stays import: a "Soggiorni" sheet with the Italian headers (required
 * ones marked with *, which the reader ignores; bold and frozen), its date and amount columns
 * formatted for what the user types in, and an "Istruzioni" sheet explaining each column, with an
 * example and, when the structure is known, the names its comune accepts for exemptions and
 * reductions. The example lives in the instructions so that it is never imported by mistake.
 */
export async function buildStayImportTemplate(rules?: Pick<TCityRules, 'exemptions' | 'reductions'>): Promise<Buffer> {
  const example: Record<string, string> = {
    checkIn: '01/07/2026',
    checkOut: '05/07/2026',
    componentsNumber: '3',
    surname: 'Rossi',
    name: 'Mario',
    taxCode: 'RSSMRA80A01H501U',
    birthDate: '01/01/1980',
    citizenship: 'Italia',
    paymentStatus: 'Pagato',
    noPaymentReason: '',
    exemptCount: '1',
    exemptionName: rules?.exemptions[0]?.name ?? 'Minori fino al compimento del 12° anno di età',
    reducedCount: '0',
    reductionName: '',
    accommodationAmount: '450,00',
  };
  return xlsxBuffer([
    {
      sheetName: 'Soggiorni',
      columns: STAY_IMPORT_COLUMNS.map((c) => ({
        header: c.required ? `${c.header} *` : c.header,
        key: c.key,
        width: Math.max(14, c.header.length + 4),
        numFmt: DATE_COLUMNS.has(c.key) ? 'dd/mm/yyyy' : c.key === 'accommodationAmount' ? '#,##0.00' : undefined,
      })),
      writeRows: async () => {},
    },
    {
      sheetName: 'Istruzioni',
      columns: [
        { header: 'Colonna', key: 'header', width: 28 },
        { header: 'Obbligatoria', key: 'required', width: 14 },
        { header: 'Come compilarla', key: 'help', width: 60 },
        { header: 'Esempio', key: 'example', width: 24 },
      ],
      writeRows: async (add) => {
        for (const c of STAY_IMPORT_COLUMNS) add({ header: c.header, required: c.required ? 'Sì' : 'No', help: c.help, example: example[c.key] ?? '' });
        if (!rules) return;
        add({});
        add({ header: 'Esenzioni del comune' }, { bold: true });
        for (const e of rules.exemptions) add({ header: e.name });
        add({});
        add({ header: 'Riduzioni del comune' }, { bold: true });
        for (const r of rules.reductions) add({ header: r.name });
      },
    },
  ]);
}
