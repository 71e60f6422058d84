import { z } from 'zod';
import { users } from '../../../db/schema/index.ts';
import type { TServices } from '../../../lib/fastify-types.ts';
import type { TRequestContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/database-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ZEmailAddress, ZPersonName, profileFieldShape } from '../profile/profile-fields.ts';
import { authGuardsOf } from './guards.ts';
import { findUserByEmail, openSession } from './login.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { assertPasswordPolicy, hashPassword } from './passwords.ts';
import { AUTH_RATE_LIMITS, addressKey } from './rate-limiter.ts';
import { languageOr } from '../../../i18n/translate.ts';

/** Self-registration of a hotelier. Unknown fields are refused, so nobody can register with a role. */
export const ZRegisterBody = z.strictObject({
  email: ZEmailAddress,
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(200).describe('Must meet the password policy (PASSWORD_POLICY otherwise)'),
  name: ZPersonName,
  surname: ZPersonName,
  phone: profileFieldShape.phone,
  mobilephone: profileFieldShape.mobilephone,
  address: profileFieldShape.address,
  taxCode: profileFieldShape.taxCode,
  vatNumber: profileFieldShape.vatNumber,
  commercialName: profileFieldShape.commercialName,
  birthDate: profileFieldShape.birthDate,
  language: profileFieldShape.language.describe("Language of the e-mails and notifications; absent: the request's Accept-Language, else Italian"),
});
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists; sign in or reset the password', { details: [{ path: 'email', message: 'errors.EMAIL_TAKEN' }] });

/**
 * Creates a `user` account, signs it in at once and mails a confirmation
 * link. Registrations count per client address against the rate limit, successful or not.
 */
export async function registerUser(services: TServices, ctx: Pick<TRequestContext, 'ip' | 'requestId'>, input: TRegisterBody) {
  await authGuardsOf(services).limiter.consume(addressKey('register', ctx.ip), AUTH_RATE_LIMITS.registrationPerAddress);
  assertPasswordPolicy(input.password);
  if (await findUserByEmail(services.db, input.email)) throw emailTaken();
  const { password, ...fields } = input;
  const passwordHash = await hashPassword(password);
  let created: typeof users.$inferSelect;
  let confirmToken: string;
  try {
    ({ created, confirmToken } = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...fields, passwordHash, role: 'user', isConfirmed: false, lastLoginAt: new Date() })
        .returning();
      const token = await issueOneTimeToken(tx, row.id, 'confirm_email');
      await recordAudit(
        tx,
        { actor: null, ...ctx },
        {
          action: 'register',
          entityType: 'users',
          entityId: row.id,
          actorId: row.id,
          changes: { email: { to: row.email }, role: { to: row.role } },
        },
      );
      return { created: row, confirmToken: token };
    }));
  } catch (error) {
    // Two registrations of the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await services.mailer.send(created.email, 'confirmEmail', { name: created.name ?? '', link: `${services.config.publicUrl}/api/auth/confirm/${confirmToken}` }, languageOr(created.language));
  return openSession(services, created);
}
