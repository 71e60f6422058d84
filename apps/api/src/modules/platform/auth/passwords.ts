import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { ZPassword } from '@app/domain/platform/auth/password-policy';
import { users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { endAllSessionsOfUser } from './sessions.ts';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against a fixed hash when the account does not exist keeps the reply time the same,
// so timing does not reveal which e-mails are registered.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Enforces the shared password policy (@app/domain ZPassword). A failure is PASSWORD_POLICY with one
 * detail per unmet rule; messages are the translation keys the web shows (validation.minLength ...).
 */
export function assertPasswordPolicy(password: string, path = 'password') {
  const result = ZPassword.safeParse(password);
  if (result.success) return;
  throw new AppError('PASSWORD_POLICY', 'The password does not meet the password rules', {
    details: result.error.issues.map((issue) => ({ path, message: issue.message })),
  });
}

/**
 * Stores a new password: clears the temporary-password flags, ends every session of the user (their
 * access and refresh tokens stop working at once) and moves passwordChangedAt. Returns the user row and
 * the ended sessions (for `realtime.disconnectSessions` after the commit).
 */
export async function replacePassword(tx: TDbOrTx, userId: string, password: string) {
  assertPasswordPolicy(password);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const [user] = await tx.update(users).set({ passwordHash, passwordChangedAt: now, needsPasswordChange: false, hasTemporaryPassword: false, updatedAt: now }).where(eq(users.id, userId)).returning();
  const endedSessionIds = await endAllSessionsOfUser(tx, userId);
  return { user, endedSessionIds };
}
