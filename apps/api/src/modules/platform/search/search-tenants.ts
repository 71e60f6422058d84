import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { cities, structures, users } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';

/** The multi-tenant search needs at least three letters. */
export const MIN_SEARCH_LETTERS = 3;
export const SEARCH_LIMIT = 50;

export type TSearchTab = 'hoteliers' | 'municipalities';

/** `%text%` for ILIKE with the wildcard characters of the text taken literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Hoteliers (role user, not deleted) whose name, surname, "name surname", e-mail, commercial name,
 * tax code or VAT number contains the text, with how many structures they manage.
 */
export async function searchHoteliers(db: TDbOrTx, text: string) {
  const pattern = containsPattern(text);
  const fullName = sql`coalesce(${users.name}, '') || ' ' || coalesce(${users.surname}, '')`;
  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      name: users.name,
      surname: users.surname,
      email: users.email,
      commercialName: users.commercialName,
      taxCode: users.taxCode,
      vatNumber: users.vatNumber,
      cityId: users.cityId,
      isEnabled: users.isEnabled,
      structuresCount: sql<number>`count(${structures.id})::int`,
    })
    .from(users)
    .leftJoin(structures, sql`${users.id} = any(${structures.userIds})`)
    .where(
      and(
        eq(users.role, 'user'),
        isNull(users.deletedAt),
        or(
          ilike(users.name, pattern),
          ilike(users.surname, pattern),
          ilike(fullName, pattern),
          ilike(users.email, pattern),
          ilike(users.commercialName, pattern),
          ilike(users.taxCode, pattern),
          ilike(users.vatNumber, pattern),
        ),
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.surname), asc(users.name), asc(users.email))
    .limit(SEARCH_LIMIT);
  return rows.map(({ id, createdAt, updatedAt, structuresCount, ...rest }) => ({
    _id: id,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    ...rest,
    structuresCount: Number(structuresCount),
  }));
}

/** Comuni whose name or one of their e-mail addresses (contact, PEC, account) contains the text. */
export async function searchMunicipalities(db: TDbOrTx, text: string) {
  const pattern = containsPattern(text);
  const rows = await db
    .select()
    .from(cities)
    .where(or(ilike(cities.name, pattern), ilike(cities.contactEmail, pattern), ilike(cities.emailPec, pattern), ilike(cities.accountEmail, pattern)))
    .orderBy(asc(cities.name))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    // The one address the results table shows: the public contact first, then PEC, then the account's.
    email: row.contactEmail ?? row.emailPec ?? row.accountEmail,
    contactEmail: row.contactEmail,
    emailPec: row.emailPec,
    accountEmail: row.accountEmail,
    phone: row.phone,
    province: row.province,
    istatCode: row.istatCode,
    isActive: row.isActive,
  }));
}
