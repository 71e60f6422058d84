import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TTestApp } from '../../../test/harness.ts';

/** Test-only: fetches a challenge from the API and solves it in-process, as the widget would. */
export async function solveAltcha(t: TTestApp): Promise<string> {
  const res = await t.request('GET', '/api/auth/altcha-challenge');
  if (res.status !== 200) throw new Error(`altcha-challenge answered ${res.status}`);
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('could not solve the altcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Test-only: the latest mail sent to an address (mail_outbox), with the link it carries. */
export async function lastMailTo(t: TTestApp, to: string) {
  const { desc, eq } = await import('drizzle-orm');
  const { mailOutbox } = await import('../../../db/schema/index.ts');
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  return mail ? { ...mail, link } : undefined;
}
