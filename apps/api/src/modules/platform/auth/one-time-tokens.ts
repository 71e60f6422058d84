import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { oneTimeTokens } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { randomToken, sha256 } from './tokens.ts';

/** E-mailed single-use tokens. Only the SHA-256 hash is stored, so a database leak reveals no link. */
export type TOneTimePurpose = 'confirm_email' | 'reset_password' | 'invite';

export const ONE_TIME_TOKEN_TTL_MS: Record<TOneTimePurpose, number> = {
  confirm_email: 7 * 24 * 3600_000,
  reset_password: 3600_000,
  // An invited account's first password: the link lasts as long as the suppliers' invitations.
  invite: 7 * 24 * 3600_000,
};

export async function issueOneTimeToken(db: TDbOrTx, userId: string, purpose: TOneTimePurpose): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Marks the token used and returns its user. Unknown, used, expired or other-purpose tokens all get
 * the same TOKEN_INVALID. The conditional update makes two concurrent uses succeed at most once.
 */
export async function consumeOneTimeToken(db: TDbOrTx, token: string, purpose: TOneTimePurpose | TOneTimePurpose[]): Promise<string> {
  const purposes = Array.isArray(purpose) ? purpose : [purpose];
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning({ userId: oneTimeTokens.userId });
  if (!row) throw new AppError('TOKEN_INVALID', 'This link is not valid or has expired; ask for a new one');
  return row.userId;
}

/** Voids the user's unused tokens of one purpose (a new reset link replaces the older ones). */
export async function voidOneTimeTokens(db: TDbOrTx, userId: string, purpose: TOneTimePurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
