import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { INVITE_LINK_TTL_MS, MAX_INVITE_LINKS_PER_DAY } from '@app/domain/environmental/invite-flow';
import { inviteTokens } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { randomToken, sha256 } from '../../platform/index.ts';
import type { TCompanyRef } from '../companies/company-tables.ts';

/**
 * Invitation links. The token (32 random bytes) travels only in the e-mail; the table keeps its
 * SHA-256, so a database leak reveals no usable link. A link is spent once, lasts 7 days, and is
 * voided when a newer link is sent (`resent`) or the invitation is revoked (`revoked`).
 */
export type TInviteTokenRow = typeof inviteTokens.$inferSelect;
export type TVoidReason = 'resent' | 'revoked';
/** The company's manager invitation, or a further colleague of an accepted company. */
export type TInvitePurpose = 'manager' | 'colleague';
const managerLinks = eq(inviteTokens.purpose, 'manager');

const companyColumn = (kind: TCompanyRef['kind']) => (kind === 'agency' ? inviteTokens.agencyId : inviteTokens.laboratoryId);

export async function issueInviteToken(
  tx: TDbOrTx,
  company: TCompanyRef,
  recipient: { email: string; userId: string | null },
  createdById: string | null,
  now = new Date(),
  purpose: TInvitePurpose = 'manager',
): Promise<string> {
  const token = randomToken();
  await tx.insert(inviteTokens).values({
    purpose,
    agencyId: company.kind === 'agency' ? company.id : null,
    laboratoryId: company.kind === 'laboratory' ? company.id : null,
    email: recipient.email,
    userId: recipient.userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITE_LINK_TTL_MS),
    createdById,
  });
  return token;
}

/** Voids the company's manager links still usable (colleagues' links are theirs); returns how many. */
export async function voidInviteTokens(tx: TDbOrTx, company: TCompanyRef, reason: TVoidReason): Promise<number> {
  const now = new Date();
  const voided = await tx
    .update(inviteTokens)
    .set({ voidedAt: now, voidReason: reason, updatedAt: now })
    .where(and(eq(companyColumn(company.kind), company.id), managerLinks, isNull(inviteTokens.usedAt), isNull(inviteTokens.voidedAt)))
    .returning({ id: inviteTokens.id });
  return voided.length;
}

/** At most MAX_INVITE_LINKS_PER_DAY manager links per company in 24 hours, so the manager's mailbox is not flooded. */
export async function assertInviteQuota(tx: TDbOrTx, company: TCompanyRef, now = new Date()) {
  const [{ sent }] = await tx
    .select({ sent: count() })
    .from(inviteTokens)
    .where(and(eq(companyColumn(company.kind), company.id), managerLinks, gt(inviteTokens.createdAt, new Date(now.getTime() - 24 * 3600_000))));
  if (sent >= MAX_INVITE_LINKS_PER_DAY) {
    throw new AppError('RATE_LIMITED', `At most ${MAX_INVITE_LINKS_PER_DAY} invitations a day per company; try again tomorrow`, { headers: { 'retry-after': '86400' } });
  }
}

/**
 * The token's row when the link can still be used (locked if asked); otherwise the reason
 * it cannot, each with its own code so the page can say what to do next.
 */
export async function usableInviteToken(tx: TDbOrTx, token: string, options: { lock?: boolean; now?: Date } = {}): Promise<TInviteTokenRow> {
  const now = options.now ?? new Date();
  const query = tx
    .select()
    .from(inviteTokens)
    .where(eq(inviteTokens.tokenHash, sha256(token)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('INVITE_TOKEN_INVALID', 'This invitation link is not valid');
  if (row.usedAt) throw new AppError('INVITE_TOKEN_USED', 'This invitation has already been accepted: sign in with your e-mail and password');
  if (row.voidedAt && row.voidReason === 'resent') {
    throw new AppError('INVITE_TOKEN_SUPERSEDED', 'A newer invitation was sent: use the link in the latest e-mail');
  }
  if (row.voidedAt) throw new AppError('INVITE_TOKEN_REVOKED', 'This invitation was withdrawn by the consortium');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('INVITE_TOKEN_EXPIRED', 'This invitation link has expired: ask the consortium to send a new one');
  return row;
}

export function companyOfToken(row: TInviteTokenRow): TCompanyRef {
  return row.agencyId ? { kind: 'agency', id: row.agencyId } : { kind: 'laboratory', id: row.laboratoryId! };
}
