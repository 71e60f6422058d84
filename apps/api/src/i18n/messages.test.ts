import { describe, expect, it } from 'vitest';
import { enMessages } from './en.ts';
import { itMessages } from './it.ts';
import { languageOfHeader, msg, render, translate, type TMessageKey } from './translate.ts';

/** Every text of a message tree, by dotted key. */
function flatten(tree: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value as object, `${prefix}${key}.`)))));
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:,\s*(\w+))?\}/g)].map((m) => m[0].replace(/\s/g, '')).sort();

const it_ = flatten(itMessages);
const en = flatten(enMessages);

describe('server message files', () => {
  it('have the same keys in Italian and English, none empty', () => {
    expect(Object.keys(it_).length).toBeGreaterThan(50);
    expect(Object.keys(en).sort()).toEqual(Object.keys(it_).sort());
    expect(Object.entries({ ...it_, ...en }).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('use the same placeholders, with the same formats, in both languages', () => {
    const differing = Object.keys(it_).filter((key) => placeholders(it_[key]).join() !== placeholders(en[key]).join());
    expect(differing).toEqual([]);
  });

  it('are translated: no English text is the Italian one, except templates made only of placeholders and words both languages use', () => {
    const SHARED_WORDS = new Set([
      'nca.pdf.origin.audit',
      'nca.pdf.wbs',
      // Acronyms both languages use (the structure's CIN, the IBAN, a payment's TRN), and "No".
      'declarationReceipt.cin',
      'declarationReceipt.iban',
      'declarationExports.no',
      'declarationExports.period.cin',
      'declarationExports.period.trn',
      'declarationExports.annual.cin',
      'stayExport.columns.cin',
      'form.pdf.wbs',
      'form.pdf.no',
    ]);
    const same = Object.keys(it_).filter((key) => it_[key] === en[key] && !SHARED_WORDS.has(key) && it_[key].replace(/\{[^}]*\}|\s|NCA/g, '') !== '');
    expect(same).toEqual([]);
  });
});

describe('translate', () => {
  it('fills parameters and formats dates, times and euros as each language writes them', () => {
    const key: TMessageKey = 'declaration.payment.body';
    const params = { code: 'DIC-1', amount: 123456, date: '2025-07-16', trn: 'T1' };
    expect(translate('it', key, params)).toBe('Dichiarazione DIC-1: pagamento di 1.234,56 € del 16/07/2025, TRN T1.');
    expect(translate('en', key, params)).toBe('Declaration DIC-1: payment of €1,234.56 on 16 Jul 2025, TRN T1.');
    const expires = '2025-07-16T08:05:00.000Z';
    expect(translate('it', 'mail.ncaSigningCode.body', { expires })).toContain('fino alle 10:05');
    expect(translate('en', 'mail.ncaSigningCode.body', { expires })).toContain('until 10:05');
  });

  it('renders a message given as a parameter in the same language, and a missing parameter as nothing', () => {
    const title = msg('nca.report.opened.title', { nca: msg('nca.name', { code: msg('common.draftCode') }) });
    expect(render('it', title)).toBe('NCA in bozza aperta');
    expect(render('en', title)).toBe('NCA draft opened');
    expect(translate('en', 'nca.report.returned.body')).toBe('The consortium sent the action plan back. Reason: ');
  });

  it('keeps a plain text as it is (what a user wrote) and escapes only the parameters', () => {
    expect(render('en', 'Avviso del Comune')).toBe('Avviso del Comune');
    expect(translate('it', 'mail.notification.body', { body: '<b>', link: 'x' }, (s) => s.replace('<', '&lt;'))).toBe('&lt;b>\n\nx');
  });
});

describe('languageOfHeader', () => {
  it('takes the best-weighted language the server writes', () => {
    expect(languageOfHeader('en-GB,en;q=0.9,it;q=0.8')).toBe('en');
    expect(languageOfHeader('fr-FR, en;q=0.5, it;q=0.7')).toBe('it');
    expect(languageOfHeader('it')).toBe('it');
    expect(languageOfHeader('de, fr')).toBeNull();
    expect(languageOfHeader('en;q=0, it')).toBe('it');
    expect(languageOfHeader(undefined)).toBeNull();
  });
});
