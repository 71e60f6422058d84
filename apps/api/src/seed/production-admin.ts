import { eq, sql } from 'drizzle-orm';
import { isPasswordValid } from '@app/domain/platform/auth/password-policy';
import { users } from '../db/schema/index.ts';
import type { TDbOrTx } from '../db/client.ts';
import { hashPassword } from '../modules/platform/auth/passwords.ts';

/**
 * Creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (or `npm run create-admin`). An existing
 * account with that e-mail is left as it is: restarting must not reset a password.
 */
export async function seedProductionAdmin(db: TDbOrTx, email: string, password: string): Promise<'created' | 'exists'> {
  if (!isPasswordValid(password)) {
    throw new Error('ADMIN_PASSWORD does not satisfy the password policy (8+ characters, lowercase, uppercase, digit)');
  }
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing) return 'exists';
  await db.insert(users).values({
    email: email.toLowerCase(),
    name: 'Admin',
    surname: '',
    role: 'admin',
    passwordHash: await hashPassword(password),
    isConfirmed: true,
    isProfileComplete: true,
  });
  return 'created';
}

export async function userIdByEmail(db: TDbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
