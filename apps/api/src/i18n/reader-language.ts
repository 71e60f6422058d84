import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { TDbOrTx } from '../db/client.ts';
import { DEFAULT_LANGUAGE, languageOfHeader, languageOr, type TLanguage } from './translate.ts';

/**
 * The language of a document a user downloads: the request's (the web sends its interface language
 * as Accept-Language), else the one saved in the user's profile, else Italian.
 */
export async function readerLanguage(db: TDbOrTx, acceptLanguage: string | undefined, userId: string | null | undefined): Promise<TLanguage> {
  const asked = languageOfHeader(acceptLanguage);
  if (asked) return asked;
  if (!userId) return DEFAULT_LANGUAGE;
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return languageOr(user?.language);
}
