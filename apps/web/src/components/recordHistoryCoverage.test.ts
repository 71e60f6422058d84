import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 28: every record page (a react-admin Edit or Show screen) has its history, from the audit log
 * (components/RecordHistory.tsx), as a tab or a section. A new record page without it fails here,
 * unless it is one of the pages below, whose records are never changed by anyone.
 */
const WITHOUT_HISTORY: Record<string, string> = {
  // An outgoing e-mail is written once by the mailer and never edited: nothing to show or restore.
  'platform/mail-outbox/MailShow.tsx': 'written once, never changed',
};

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('record pages', () => {
  it('every Edit or Show screen shows the record history (RecordHistory), except those whose records never change', () => {
    const pages = sourceFiles(SRC)
      .map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }))
      .filter(({ text }) => /<(Edit|Show)[\s>]/.test(text));
    expect(pages.length).toBeGreaterThan(20);
    const missing = pages.filter(({ file, text }) => !text.includes('RecordHistory') && !Object.hasOwn(WITHOUT_HISTORY, file)).map(({ file }) => file);
    expect(missing).toEqual([]);
  });
});
