/**
 * The pagoPA payment notice of a declaration as a PDF (A4 portrait), laid out as pagoPA's notice
 * guidelines show: the subject and the two parties at the top, "how much and when" and "where to pay"
 * in the middle, and the banks-and-other-channels slip at the bottom with the QR code (ISO/IEC 18004,
 * version 4, 33 x 33 modules, error correction M, as the guidelines ask), the notice code, the CBILL
 * code and the creditor's tax code. A document job: nothing here touches the database.
 */
import { encode } from 'uqr';
import { formatNoticeNumber, PAGOPA_QR } from '@app/domain/tourist-tax/pagopa';
import { BLACK, box, createPdf, fit, GREY, LIGHT, line, text, textRight, wrap } from '../../../lib/pdf-layout.ts';
import type { PDFPage } from 'pdf-lib';

export type TNoticePdfData = {
  qrPayload: string;
  noticeNumber: string;
  creditorTaxCode: string;
  creditorName: string;
  debtorName: string;
  debtorTaxCode: string | null;
  /** Texts in the reader's language, already filled in (the route translates them). */
  texts: {
    title: string;
    subject: string;
    creditor: string;
    debtor: string;
    creditorTaxCodeLine: string;
    debtorTaxCodeLine: string;
    howMuch: string;
    amountBy: string;
    amountNote: string;
    where: string;
    online: string;
    inPerson: string;
    choose: string;
    bankChannels: string;
    frame: string;
    recipient: string;
    amountLabel: string;
    amount: string;
    creditorShort: string;
    subjectShort: string;
    cbill: string;
    noCbill: string;
    noticeCode: string;
    creditorTaxCode: string;
    notSent: string;
  };
};

/** The QR symbol's dark modules as squares of `module` points, its top-left corner at (x, top). */
function drawQr(page: PDFPage, payload: string, x: number, top: number, module: number): number {
  const qr = encode(payload, { ecc: PAGOPA_QR.ecc, minVersion: PAGOPA_QR.version, maxVersion: PAGOPA_QR.version, border: 0 });
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) page.drawRectangle({ x: x + c * module, y: top - (r + 1) * module, width: module, height: module, color: BLACK });
    }),
  );
  return qr.size * module;
}

function paragraph(page: PDFPage, font: Parameters<typeof wrap>[0], value: string, x: number, y: number, size: number, width: number, lineHeight: number): number {
  for (const l of wrap(font, value, size, width)) {
    text(page, font, l, x, y, size);
    y -= lineHeight;
  }
  return y;
}

export async function renderPagopaNotice(data: TNoticePdfData): Promise<Uint8Array> {
  const t = data.texts;
  const { doc, font, bold } = await createPdf(`${t.title} ${data.noticeNumber}`);
  const page = doc.addPage([595.28, 841.89]);
  const left = 40;
  const right = 555;
  const middle = 300;
  let y = 800;

  // Heading: the title and the subject of the payment, then the two parties side by side.
  text(page, bold, t.title, left, y, 16);
  textRight(page, bold, 'pagoPA', right, y, 14);
  y -= 20;
  y = paragraph(page, font, t.subject, left, y, 10, right - left, 13) - 10;
  text(page, bold, t.creditor, left, y, 8);
  text(page, bold, t.debtor, middle, y, 8);
  y -= 14;
  text(page, bold, fit(bold, data.creditorName, 11, middle - left - 10), left, y, 11);
  text(page, bold, fit(bold, data.debtorName, 11, right - middle), middle, y, 11);
  y -= 14;
  text(page, font, t.creditorTaxCodeLine, left, y, 9);
  if (data.debtorTaxCode) text(page, font, t.debtorTaxCodeLine, middle, y, 9);
  y -= 26;

  // How much and when; where to pay.
  box(page, left, y - 92, middle - left - 12, 104, LIGHT);
  text(page, bold, t.howMuch, left + 8, y, 9);
  text(page, bold, t.amountBy, left + 8, y - 20, 12);
  paragraph(page, font, t.amountNote, left + 8, y - 40, 7.5, middle - left - 28, 10);
  text(page, bold, t.where, middle, y, 9);
  let right_y = paragraph(page, font, t.online, middle, y - 16, 8, right - middle, 11) - 4;
  right_y = paragraph(page, font, t.inPerson, middle, right_y, 8, right - middle, 11);
  y = Math.min(y - 104, right_y) - 20;
  text(page, font, t.choose, left, y, 9, GREY);
  y -= 16;

  // The banks-and-other-channels slip.
  const slipTop = y;
  const slipHeight = 200;
  line(page, left, slipTop, right, slipTop, 0.4);
  y -= 18;
  text(page, bold, t.bankChannels, left, y, 10);
  y -= 16;
  const qrTop = y;
  const qrSize = drawQr(page, data.qrPayload, left, qrTop, 2.7);
  paragraph(page, font, t.frame, left, qrTop - qrSize - 14, 7, qrSize + 40, 9);

  const fieldsX = left + qrSize + 70;
  const field = (label: string, value: string, size = 10) => {
    text(page, font, label, fieldsX, y, 7.5, GREY);
    text(page, bold, fit(bold, value, size, right - fieldsX), fieldsX, y - 12, size);
    y -= 30;
  };
  field(t.recipient, data.debtorName);
  field(t.amountLabel, t.amount, 12);
  field(t.creditorShort, data.creditorName);
  field(t.subjectShort, t.subject, 8.5);
  text(page, font, t.cbill, fieldsX, y, 7.5, GREY);
  text(page, font, t.noticeCode, fieldsX + 90, y, 7.5, GREY);
  text(page, font, t.creditorTaxCode, fieldsX + 250, y, 7.5, GREY);
  text(page, bold, t.noCbill, fieldsX, y - 13, 9);
  text(page, bold, formatNoticeNumber(data.noticeNumber), fieldsX + 90, y - 13, 11);
  text(page, bold, data.creditorTaxCode, fieldsX + 250, y - 13, 11);
  line(page, left, slipTop - slipHeight, right, slipTop - slipHeight, 0.4);

  paragraph(page, font, t.notSent, left, slipTop - slipHeight - 20, 8, right - left, 11);
  return doc.save();
}
