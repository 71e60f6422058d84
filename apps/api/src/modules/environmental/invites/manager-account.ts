import { eq } from 'drizzle-orm';
import { ROLE_OF_COMPANY } from '@app/domain/environmental/companies';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { findEmailOwner, normaliseEmail } from '../../platform/index.ts';
import { USER_LINK_OF_COMPANY, type TCompanyRef } from '../companies/company-tables.ts';

/**
 * The manager's account is made when the invitation is accepted, so a pending or withdrawn
 * invitation leaves no account behind. An account that already has the e-mail is reused when it has
 * the company's role and belongs to no other company; any other owner of the e-mail is a conflict on
 * `managerEmail`, reported when inviting and checked again on acceptance.
 */
export async function existingManagerAccount(tx: TDbOrTx, ref: TCompanyRef, email: string): Promise<string | null> {
  const owner = await findEmailOwner(tx, email);
  if (!owner) return null;
  const link = USER_LINK_OF_COMPANY[ref.kind];
  const [user] = await tx.select().from(users).where(eq(users.id, owner.id));
  // A rule about the target: the reused account must be one of the company's kind (an agency's, a laboratory's).
  if (user.deletedAt || user.role !== ROLE_OF_COMPANY[ref.kind] || (user[link] !== null && user[link] !== ref.id)) {
    throw new AppError('EMAIL_TAKEN', 'The manager e-mail belongs to another account: change the company manager e-mail', {
      details: [{ path: 'managerEmail', message: 'errors.EMAIL_TAKEN', value: email }],
    });
  }
  return user.id;
}

/** The account of an accepted invitation: the reused one, or a new one; enabled, confirmed and linked. */
export async function activateManagerAccount(tx: TDbOrTx, ref: TCompanyRef, email: string, businessName: string): Promise<string> {
  const link = USER_LINK_OF_COMPANY[ref.kind];
  const now = new Date();
  const existing = await existingManagerAccount(tx, ref, email);
  if (existing) {
    await tx
      .update(users)
      .set({ [link]: ref.id, isEnabled: true, isConfirmed: true, updatedAt: now })
      .where(eq(users.id, existing));
    return existing;
  }
  const [created] = await tx
    .insert(users)
    .values({ email: normaliseEmail(email), role: ROLE_OF_COMPANY[ref.kind], [link]: ref.id, isEnabled: true, isConfirmed: true, commercialName: businessName })
    .returning({ id: users.id });
  return created.id;
}
