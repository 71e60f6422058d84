import type { TTestApp } from '../../../test/harness.ts';

/** Shared steps of the stays import tests (import-bounds, import-all-or-nothing). */

/** The headers of the import template, in its order. */
export const STAY_IMPORT_HEADERS = ['Data arrivo', 'Data partenza', 'Numero ospiti', 'Cognome', 'Nome', 'Stato pagamento'];

/** POST /api/stays/import of a file as multipart, as the web app sends it. */
export function importStays(t: TTestApp, token: string, structureId: string, format: string, bytes: Buffer | string, language?: 'it' | 'en') {
  const form = new FormData();
  form.append('structureId', structureId);
  form.append('format', format);
  if (language) form.append('language', language);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), 'soggiorni');
  return t.request('POST', '/api/stays/import', { token, raw: form });
}

/** The stays of a structure, as an administrator counts them. */
export async function countStays(t: TTestApp, token: string, structureId: string) {
  const res = await t.request('GET', `/api/stays?structureId=${structureId}&count=true&limit=1`, { token });
  return Number(res.headers.get('x-total-count'));
}
