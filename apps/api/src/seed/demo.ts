import { eq } from 'drizzle-orm';
import { systemState, users } from '../db/schema/index.ts';
import type { TDb, TTx } from '../db/client.ts';
import { hashPassword } from '../modules/platform/auth/passwords.ts';
import { seedTouristTaxDemo } from './tourist-tax-demo.ts';
import { seedFilingsDemo } from './filings-demo.ts';
import { seedEnvironmentalDemo } from './environmental-demo.ts';
import { seedRdpDemo } from './rdp-demo.ts';
import { seedFormsDemo } from './forms-demo.ts';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'admin', name: 'Anna', surname: 'Amministratrice' },
  { email: 'city@demo.test', role: 'city', name: 'Carlo', surname: 'Comune' },
  { email: 'hotelier@demo.test', role: 'user', name: 'Giulia', surname: 'Albergatrice' },
  { email: 'agency@demo.test', role: 'agency_user', name: 'Marco', surname: 'Fornitore' },
  { email: 'lab@demo.test', role: 'laboratory_user', name: 'Laura', surname: 'Laboratorio' },
] as const;

/**
 * Demo data is seeded once per database, in one transaction. Feature areas add their demo rows by
 * appending a seeder to DEMO_SEEDERS; each gets the transaction and the demo users' ids.
 */
export type TDemoSeeder = (tx: TTx, demoUsers: Record<(typeof DEMO_ACCOUNTS)[number]['email'], string>) => Promise<void>;

export const DEMO_SEEDERS: TDemoSeeder[] = [seedTouristTaxDemo, seedFilingsDemo, seedEnvironmentalDemo, seedRdpDemo, seedFormsDemo];

const SEEDED_KEY = 'demoSeeded';

export async function seedDemoOnce(db: TDb): Promise<boolean> {
  const [done] = await db.select().from(systemState).where(eq(systemState.key, SEEDED_KEY));
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = {} as Record<(typeof DEMO_ACCOUNTS)[number]['email'], string>;
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({ ...account, passwordHash, isConfirmed: true, isProfileComplete: true })
        .onConflictDoNothing()
        .returning({ id: users.id });
      ids[account.email] = row?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)))[0].id;
    }
    for (const seeder of DEMO_SEEDERS) await seeder(tx, ids);
    await tx.insert(systemState).values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } });
  });
  return true;
}
