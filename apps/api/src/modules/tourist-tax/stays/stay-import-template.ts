import { STAY_IMPORT_COLUMNS, stayImportHeaderIn, type TStayImportLanguage } from '@app/domain/tourist-tax/stay-import';
import { xlsxBuffer } from '../../../lib/xlsx-write.ts';
import type { TCityRules } from '../rules/city-rules.ts';

const DATE_COLUMNS = new Set(['checkIn', 'checkOut', 'birthDate']);

/** The template's own words, per language (the column headers and help are the domain's). */
const TEMPLATE_TEXTS = {
  it: {
    file: 'modello-importazione-soggiorni.xlsx',
    stays: 'Soggiorni',
    instructions: 'Istruzioni',
    column: 'Colonna',
    required: 'Obbligatoria',
    help: 'Come compilarla',
    example: 'Esempio',
    yes: 'Sì',
    no: 'No',
    exemptions: 'Esenzioni del comune',
    reductions: 'Riduzioni del comune',
    paid: 'Pagato',
    citizenship: 'Italia',
  },
  en: {
    file: 'stays-import-template.xlsx',
    stays: 'Stays',
    instructions: 'Instructions',
    column: 'Column',
    required: 'Required',
    help: 'How to fill it in',
    example: 'Example',
    yes: 'Yes',
    no: 'No',
    exemptions: "The comune's exemptions",
    reductions: "The comune's reductions",
    paid: 'Paid',
    citizenship: 'Italy',
  },
} as const;

export const stayImportTemplateFileName = (language: TStayImportLanguage) => TEMPLATE_TEXTS[language].file;

/**
 * The xlsx template of the stays import, in the reader's language: a "Soggiorni" ("Stays") sheet
 * with the headers (required ones marked with *, which the reader ignores; bold and frozen; the
 * importer reads either language's headers), its date and amount columns formatted for what the
 * user types in, and an "Istruzioni" ("Instructions") sheet explaining each column, with an example
 * and, when the structure is known, the names its comune accepts for exemptions and reductions (the
 * comune's own names, as it wrote them). The example lives in the instructions so that it is never
 * imported by mistake.
 */
export async function buildStayImportTemplate(rules?: Pick<TCityRules, 'exemptions' | 'reductions'>, language: TStayImportLanguage = 'it'): Promise<Buffer> {
  const words = TEMPLATE_TEXTS[language];
  const example: Record<string, string> = {
    checkIn: '01/07/2026',
    checkOut: '05/07/2026',
    componentsNumber: '3',
    surname: 'Rossi',
    name: 'Mario',
    taxCode: 'RSSMRA80A01H501U',
    birthDate: '01/01/1980',
    citizenship: words.citizenship,
    paymentStatus: words.paid,
    noPaymentReason: '',
    exemptCount: '1',
    exemptionName: rules?.exemptions[0]?.name ?? 'Minori fino al compimento del 12° anno di età',
    reducedCount: '0',
    reductionName: '',
    accommodationAmount: '450,00',
  };
  return xlsxBuffer([
    {
      sheetName: words.stays,
      columns: STAY_IMPORT_COLUMNS.map((c) => ({
        header: c.required ? `${stayImportHeaderIn(c, language)} *` : stayImportHeaderIn(c, language),
        key: c.key,
        width: Math.max(14, stayImportHeaderIn(c, language).length + 4),
        numFmt: DATE_COLUMNS.has(c.key) ? 'dd/mm/yyyy' : c.key === 'accommodationAmount' ? '#,##0.00' : undefined,
      })),
      writeRows: async () => {},
    },
    {
      sheetName: words.instructions,
      columns: [
        { header: words.column, key: 'header', width: 28 },
        { header: words.required, key: 'required', width: 14 },
        { header: words.help, key: 'help', width: 60 },
        { header: words.example, key: 'example', width: 24 },
      ],
      writeRows: async (add) => {
        for (const c of STAY_IMPORT_COLUMNS)
          add({ header: stayImportHeaderIn(c, language), required: c.required ? words.yes : words.no, help: language === 'en' ? c.helpEn : c.help, example: example[c.key] ?? '' });
        if (!rules) return;
        add({});
        add({ header: words.exemptions }, { bold: true });
        for (const e of rules.exemptions) add({ header: e.name });
        add({});
        add({ header: words.reductions }, { bold: true });
        for (const r of rules.reductions) add({ header: r.name });
      },
    },
  ]);
}
