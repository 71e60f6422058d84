import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { startServer, stopServer } from './start.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

try {
  const { app, database } = await startServer(config);
  app.log.info(
    { port: config.port, database: database.kind, demo: config.demo },
    config.demo ? `demo mode: open http://localhost:${config.port} (demo accounts in README, password Demo1234)` : 'started',
  );
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopServer(app, database);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
