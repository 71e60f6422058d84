import { eq } from 'drizzle-orm';
import { systemState, users } from '../db/schema/index.ts';
import type { TDb, TTx } from '../db/client.ts';
import type { TFileStorage } from '../lib/services.ts';
import { hashPassword } from '../modules/platform/auth/passwords.ts';
import { seedTouristTaxDemo } from './tourist-tax-demo.ts';
import { seedFilingsDemo } from './filings-demo.ts';
import { seedPagopaDemo } from './pagopa-demo.ts';
import { seedEnvironmentalDemo } from './environmental-demo.ts';
import { seedRdpDemo } from './rdp-demo.ts';
import { seedFormsDemo } from './forms-demo.ts';
import { seedNcaDemo } from './nca-demo.ts';
import type { TSealKey } from '../lib/pdf-seal.ts';
import { seedAdministrationDemo } from './administration-demo.ts';

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
 * appending a seeder to DEMO_SEEDERS; each gets the transaction, the demo users' ids and the file
 * storage (demo records with files store real bytes there, as an upload would).
 */
/** `seal`: the installation's seal key, with which the demo's NCA phase PDFs are sealed as a request seals them (null: left unsealed). */
export type TDemoSeeder = (tx: TTx, demoUsers: Record<(typeof DEMO_ACCOUNTS)[number]['email'], string>, storage: TFileStorage, seal: TSealKey | null) => Promise<void>;

export const DEMO_SEEDERS: TDemoSeeder[] = [seedTouristTaxDemo, seedFilingsDemo, seedPagopaDemo, seedEnvironmentalDemo, seedRdpDemo, seedFormsDemo, seedNcaDemo, seedAdministrationDemo];

const SEEDED_KEY = 'demoSeeded';

/** Seeds the demo data once; files go to `storage`, and are removed again when the transaction fails. */
export async function seedDemoOnce(db: TDb, storage: TFileStorage, seal: TSealKey | null = null): Promise<boolean> {
  const [done] = await db.select().from(systemState).where(eq(systemState.key, SEEDED_KEY));
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const written: string[] = [];
  const tracked: TFileStorage = {
    ...storage,
    async put(bytes) {
      const key = await storage.put(bytes);
      written.push(key);
      return key;
    },
  };
  try {
    await seedInTransaction(db, passwordHash, tracked, seal);
  } catch (error) {
    for (const key of written) await storage.remove(key).catch(() => undefined);
    throw error;
  }
  return true;
}

async function seedInTransaction(db: TDb, passwordHash: string, storage: TFileStorage, seal: TSealKey | null) {
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
    for (const seeder of DEMO_SEEDERS) await seeder(tx, ids, storage, seal);
    await tx.insert(systemState).values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } });
  });
}
