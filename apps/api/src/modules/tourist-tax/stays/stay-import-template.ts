import ExcelJS from 'exceljs';
import { STAY_IMPORT_COLUMNS } from '@app/domain/tourist-tax/stay-import';
import type { TCityRules } from '../rules/city-rules.ts';

/**
 * The xlsx template of the stays import: a "Soggiorni" sheet with the Italian headers (required
 * ones marked with *, which the reader ignores) and an "Istruzioni" sheet explaining each column,
 * with an example and, when the structure is known, the names its comune accepts for exemptions
 * and reductions. The example lives in the instructions so that it is never imported by mistake.
 */
export async function buildStayImportTemplate(rules?: Pick<TCityRules, 'exemptions' | 'reductions'>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Imposta di soggiorno';
  const sheet = workbook.addWorksheet('Soggiorni', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = STAY_IMPORT_COLUMNS.map((c) => ({ header: c.required ? `${c.header} *` : c.header, key: c.key, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const key of ['checkIn', 'checkOut', 'birthDate']) sheet.getColumn(key).numFmt = 'dd/mm/yyyy';
  sheet.getColumn('accommodationAmount').numFmt = '#,##0.00';

  const help = workbook.addWorksheet('Istruzioni');
  help.columns = [
    { header: 'Colonna', key: 'header', width: 28 },
    { header: 'Obbligatoria', key: 'required', width: 14 },
    { header: 'Come compilarla', key: 'help', width: 60 },
    { header: 'Esempio', key: 'example', width: 24 },
  ];
  help.getRow(1).font = { bold: true };
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
  for (const c of STAY_IMPORT_COLUMNS) help.addRow({ header: c.header, required: c.required ? 'Sì' : 'No', help: c.help, example: example[c.key] ?? '' });
  if (rules) {
    help.addRow({});
    help.addRow({ header: 'Esenzioni del comune' }).font = { bold: true };
    for (const e of rules.exemptions) help.addRow({ header: e.name });
    help.addRow({});
    help.addRow({ header: 'Riduzioni del comune' }).font = { bold: true };
    for (const r of rules.reductions) help.addRow({ header: r.name });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
