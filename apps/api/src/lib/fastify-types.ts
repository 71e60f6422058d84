import type { TConfig } from '../config.ts';
import type { TDatabase, TDb } from '../db/client.ts';
import type { TActor } from './context.ts';
import type { TCollectionRuntime } from './collection/routes.ts';
import type { TCountCache } from './collection/count-cache.ts';
import type { TTableWrites } from './table-writes.ts';
import type { TFileStorage, TMailer, TRealtime } from './services.ts';
import type { TAreaGate, TPermissionGate } from './access.ts';
import type { TRedis } from './redis.ts';
import type { TSealKey } from './pdf-seal.ts';

export type TServices = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  collections: Map<string, TCollectionRuntime>;
  /** The database's notifications of committed table writes, which the caches below and the signed-in users' cache listen to. */
  tableWrites: TTableWrites;
  /** Exact list counts kept until the next write to their table (collections that declare `cachedCounts`). */
  countCache: TCountCache;
  permissions: TPermissionGate;
  areas: TAreaGate;
  mailer: TMailer;
  realtime: TRealtime;
  storage: TFileStorage;
  /** The installation's seal key of the NCA PDFs (read or made once, then kept). */
  seal: () => Promise<TSealKey>;
  /** Shared state of several processes (REDIS_URL); null: this process keeps it in memory. */
  redis: TRedis | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: TServices;
  }
  interface FastifyRequest {
    actor: TActor | null;
    selectedYear: number | null;
  }
}
