import { eq } from 'drizzle-orm';
import { ROLE_OF_COMPANY } from '@app/domain/environmental/companies';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { findEmailOwner } from '../../platform/users/users.ts';
import { normaliseEmail } from '../../platform/users/user-input.ts';
import { USER_LINK_OF_COMPANY, type TCompanyRef, type TCompanyRow } from '../companies/company-tables.ts';

/**
 * The account the invitation activates: the manager's e-mail gets a disabled account of the
 * company's role, linked to the company, until the invitation is accepted. An existing account is
 * reused when it already has that role and belongs to no other company; any other owner of the
 * e-mail is a conflict on `managerEmail`.
 */
export async function managerAccount(tx: TDbOrTx, ref: TCompanyRef, company: TCompanyRow): Promise<string> {
  const role = ROLE_OF_COMPANY[ref.kind];
  const link = USER_LINK_OF_COMPANY[ref.kind];
  const owner = await findEmailOwner(tx, company.managerEmail);
  if (!owner) {
    const [created] = await tx
      .insert(users)
      .values({ email: normaliseEmail(company.managerEmail), role, [link]: ref.id, isEnabled: false, isConfirmed: false, commercialName: company.businessName })
      .returning({ id: users.id });
    return created.id;
  }
  const [user] = await tx.select().from(users).where(eq(users.id, owner.id));
  if (user.deletedAt || user.role !== role || (user[link] !== null && user[link] !== ref.id)) {
    throw new AppError('EMAIL_TAKEN', 'The manager e-mail belongs to another account: change the company manager e-mail', {
      details: [{ path: 'managerEmail', message: 'errors.EMAIL_TAKEN', value: company.managerEmail }],
    });
  }
  if (user[link] !== ref.id) await tx.update(users).set({ [link]: ref.id, updatedAt: new Date() }).where(eq(users.id, user.id));
  return user.id;
}
