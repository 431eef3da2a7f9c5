// The server on PORT (default 3000) and HOST, the database migrated first (app.ts), as main.ts runs it.
// SIGINT/SIGTERM shut it down gracefully: the rooms finish the intents already queued, every socket is
// closed with code 1001 and a reason, then the database is closed.
import { buildApp } from './app';
import { configFromEnv } from './config';
import { releaseDataDirLocks } from './db/database';
import { rulesEngine } from './engine';

/** Builds the app and listens; answers once it listens (or has exited, when it could not). */
export async function startServer(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp({ config, engine: rulesEngine });

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      // The database never closed, so neither was its data folder unlocked: a restart must not find it so.
      releaseDataDirLocks();
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { database: app.titan.db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
      `titan-server listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    );
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close();
    process.exit(1);
  }
}
