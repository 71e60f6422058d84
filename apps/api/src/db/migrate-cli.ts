import { loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from './client.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
