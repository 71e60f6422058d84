import { and, count, desc, eq } from 'drizzle-orm';
import { auditLogs, signingTerms, signingTermsAcceptances, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { requireAccess } from '../../../lib/access.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TLanguage } from '../../../i18n/translate.ts';
import { recordAudit } from '../../platform/index.ts';
import { refuseImpersonation } from './signing-codes.ts';
import { sha256Hex } from './snapshot.ts';

/*
 * The signing terms (FEA, DPCM 22 February 2013 art. 57): a signer reads and accepts the current
 * version once, before their first signature under it; the acceptance keeps the time, address, user
 * agent and the SHA-256 of the text as read, and each signature's evidence names the version and text.
 */

type TTermsRow = typeof signingTerms.$inferSelect;
export type TAcceptedTerms = { version: string; text: string; acceptance: typeof signingTermsAcceptances.$inferSelect };

export const termsTextIn = (terms: TTermsRow, language: TLanguage) => (language === 'en' ? terms.textEn : terms.textIt);

/** The version in force: the latest published. */
export async function currentSigningTerms(db: TDbOrTx): Promise<TTermsRow> {
  const [terms] = await db.select().from(signingTerms).orderBy(desc(signingTerms.createdAt), desc(signingTerms.version)).limit(1);
  // The first version is written by the migration that creates the table: its absence is a broken installation.
  if (!terms) throw new Error('no signing terms: migration 0041 inserts the first version');
  return terms;
}

async function acceptanceOf(db: TDbOrTx, userId: string, version: string) {
  const [row] = await db
    .select()
    .from(signingTermsAcceptances)
    .where(and(eq(signingTermsAcceptances.userId, userId), eq(signingTermsAcceptances.termsVersion, version)));
  return row;
}

/** The current terms in the reader's language (both texts too), and whether and when the caller accepted them. */
export async function readSigningTerms(ctx: TSignedInContext, language: TLanguage) {
  await requireAccess(ctx, 'sign-requests', 'terms');
  const terms = await currentSigningTerms(ctx.db);
  const acceptance = await acceptanceOf(ctx.db, ctx.actor.id, terms.version);
  const text = termsTextIn(terms, language);
  return {
    version: terms.version,
    publishedAt: terms.createdAt.toISOString(),
    language,
    text,
    textSha256: sha256Hex(text),
    textIt: terms.textIt,
    textEn: terms.textEn,
    acceptedAt: acceptance?.createdAt.toISOString() ?? null,
    acceptedLanguage: acceptance?.language ?? null,
  };
}

/**
 * Records the caller's acceptance of the version they read (refused when it is no longer the one in
 * force, so nobody accepts a text they did not see). Accepting again changes nothing.
 */
export async function acceptSigningTerms(ctx: TSignedInContext, input: { version: string; language: TLanguage }, meta: { ip: string; userAgent: string | null }) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'acceptTerms');
  await ctx.db.transaction(async (tx) => {
    const terms = await currentSigningTerms(tx);
    if (input.version !== terms.version)
      throw new AppError('SIGNING_TERMS_NOT_ACCEPTED', 'These are not the terms in force: read the current version and accept it', {
        details: [{ path: 'version', message: `the version in force is ${terms.version}`, value: input.version }],
      });
    const [inserted] = await tx
      .insert(signingTermsAcceptances)
      .values({ userId: ctx.actor.id, termsVersion: terms.version, language: input.language, textSha256: sha256Hex(termsTextIn(terms, input.language)), ip: meta.ip, userAgent: meta.userAgent })
      .onConflictDoNothing()
      .returning({ id: signingTermsAcceptances.id });
    if (inserted)
      await recordAudit(tx, ctx, { action: 'signs.acceptTerms', entityType: 'signing-terms', entityId: inserted.id, changes: { version: { to: terms.version }, language: { to: input.language } } });
  });
  return readSigningTerms(ctx, input.language);
}

/**
 * Every version of the terms, newest first, read-only (an administrator): when it was published, the
 * SHA-256 of each text (what an acceptance of it records), who published it (the audit entry of the
 * publication; the first version comes with the installation and names nobody), how many accepted it.
 */
export async function listSigningTermsVersions(ctx: TSignedInContext) {
  await requireAccess(ctx, 'sign-requests', 'termsVersions');
  const versions = await ctx.db.select().from(signingTerms).orderBy(desc(signingTerms.createdAt), desc(signingTerms.version));
  const publications = await ctx.db
    .select({ version: auditLogs.entityId, at: auditLogs.createdAt, userId: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(and(eq(auditLogs.entityType, 'signing-terms'), eq(auditLogs.action, 'signs.publishTerms')));
  const acceptances = await ctx.db.select({ version: signingTermsAcceptances.termsVersion, n: count() }).from(signingTermsAcceptances).groupBy(signingTermsAcceptances.termsVersion);
  const [inForce] = versions;
  return versions.map((terms) => {
    const publication = publications.find((p) => p.version === terms.version);
    const name = publication?.userId ? [publication.name, publication.surname].filter(Boolean).join(' ') || publication.email : null;
    return {
      version: terms.version,
      publishedAt: terms.createdAt.toISOString(),
      inForce: terms.version === inForce?.version,
      textItSha256: sha256Hex(terms.textIt),
      textEnSha256: sha256Hex(terms.textEn),
      publishedBy: publication?.userId ? { id: publication.userId, name: name ?? '' } : null,
      acceptances: acceptances.find((a) => a.version === terms.version)?.n ?? 0,
    };
  });
}

/**
 * Publishes a new version of the terms (an administrator): the texts in Italian and English become
 * the version in force, earlier versions and their acceptances are kept as they were, and every
 * signer accepts the new version before their next signature (acceptances are per version).
 * Refused (400) when both texts are those in force: that would ask everyone to accept again for nothing.
 */
export async function publishSigningTerms(ctx: TSignedInContext, input: { textIt: string; textEn: string }, language: TLanguage) {
  refuseImpersonation(ctx);
  await requireAccess(ctx, 'sign-requests', 'publishTerms');
  await ctx.db.transaction(async (tx) => {
    const current = await currentSigningTerms(tx);
    if (current.textIt === input.textIt && current.textEn === input.textEn)
      throw new AppError('VALIDATION_FAILED', 'These texts are the ones in force: change at least one to publish a new version', {
        details: [{ path: 'textIt', message: 'both texts are those in force', value: null }],
      });
    const versions = await tx.select({ version: signingTerms.version }).from(signingTerms);
    const numbers = versions.map((v) => Number(/(\d+)$/.exec(v.version)?.[1] ?? 0));
    const version = `fea-otp-${Math.max(0, ...numbers) + 1}`;
    await tx.insert(signingTerms).values({ version, textIt: input.textIt, textEn: input.textEn });
    await recordAudit(tx, ctx, { action: 'signs.publishTerms', entityType: 'signing-terms', entityId: version, changes: { version: { from: current.version, to: version } } });
  });
  return readSigningTerms(ctx, language);
}

/** The terms the signer accepted, in force now; 409 SIGNING_TERMS_NOT_ACCEPTED before they accept them. */
export async function requireAcceptedTerms(db: TDbOrTx, userId: string): Promise<TAcceptedTerms> {
  const terms = await currentSigningTerms(db);
  const acceptance = await acceptanceOf(db, userId, terms.version);
  if (!acceptance) throw new AppError('SIGNING_TERMS_NOT_ACCEPTED', `Read and accept the signing terms (version ${terms.version}) before signing`, { params: { version: terms.version } });
  return { version: terms.version, text: termsTextIn(terms, acceptance.language), acceptance };
}
