import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from '../db/client.ts';
import { seedProductionAdmin } from './production-admin.ts';

/**
 * npm run create-admin -- --email admin@comune.it --password '...'
 * (or ADMIN_EMAIL / ADMIN_PASSWORD in the environment). Creates the first admin of a production
 * database; an existing account is left untouched.
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = values.email ?? process.env.ADMIN_EMAIL;
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error('Usage: npm run create-admin -- --email <email> --password <password>  (or ADMIN_EMAIL/ADMIN_PASSWORD)');
  process.exit(1);
}
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  const result = await seedProductionAdmin(database.db, email, password);
  console.log(result === 'created' ? `admin ${email} created` : `an account ${email} already exists: left unchanged`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
