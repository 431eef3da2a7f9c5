// The database: the embedded PGlite in the data folder, or PostgreSQL when DATABASE_URL is given. Both
// are reached through Prisma's driver adapters (no native engine, ../shared/notes/prisma-offline.md);
// `session` gives the migration runner one raw connection for scripts and the migration lock. PGlite runs
// in a worker thread of its own (pgliteWorker.ts, started through pgliteClient.ts).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { type Prisma, PrismaClient } from '../generated/prisma/client';
import {
  lockDataDir,
  type PgliteWorker,
  releaseDataDirLocks,
  startPgliteWorker,
  takeEarlyPglite,
} from './pgliteClient';

export { releaseDataDirLocks };

export type DatabaseKind = 'pglite' | 'postgres';

/** One raw connection: runs scripts of several statements and parameterised queries. */
export interface Session {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly prisma: PrismaClient;
  /** Runs `fn` on one connection holding the migration lock (PostgreSQL advisory lock; PGlite has a
   *  single connection and a single process). */
  exclusive<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /** One parameterised statement straight on the driver (a pooled connection; PGlite's one), past Prisma's
   *  query compiler: for the hot path alone (the event log's appends, store.ts). */
  query: Session['query'];
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... or null for PGlite. */
  readonly url: string | null;
  /** Where PGlite keeps its files (`<dataDir>/pglite`); 'memory' for a throw-away database. */
  readonly dataDir: string | 'memory';
}

/** An arbitrary 64-bit key for pg_advisory_lock while migrating. */
const MIGRATION_LOCK = 7_461_000_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  let closing: Promise<void> | null = null;
  // Closing twice (a failed start, then the app's own onClose) closes once.
  return { ...db, close: () => (closing ??= db.close()) };
}

/** Prisma's driver adapter for PGlite, whose calls run in the worker (pglite-prisma-adapter there). */
function workerAdapter({ request, id }: PgliteWorker) {
  type Method = 'queryRaw' | 'executeRaw' | 'executeScript' | 'startTransaction' | 'commit' | 'rollback';
  const call = (method: Method, tx: number | null, arg: unknown = null) =>
    request({ id: id(), op: 'adapter', method, tx, arg });
  const info = { provider: 'postgres', adapterName: 'pglite-prisma-adapter' } as const;
  const queryable = (tx: number | null) => ({
    ...info,
    queryRaw: (query: unknown) => call('queryRaw', tx, query),
    executeRaw: (query: unknown) => call('executeRaw', tx, query),
  });
  const adapter = {
    ...queryable(null),
    executeScript: async (script: string) => {
      await call('executeScript', null, script);
    },
    startTransaction: async (isolationLevel?: unknown) => {
      const started = (await call('startTransaction', null, isolationLevel ?? null)) as {
        tx: number;
        options: unknown;
      };
      return {
        ...queryable(started.tx),
        options: started.options,
        commit: async () => {
          await call('commit', started.tx);
        },
        rollback: async () => {
          await call('rollback', started.tx);
        },
      };
    },
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => {},
  };
  return { ...info, connect: async () => adapter };
}

/** PGlite in a worker thread (pgliteWorker.ts): Postgres in WASM runs synchronously, and on the server's
 *  own thread it held up every socket while it wrote (issue 16). Answered as soon as the worker is started:
 *  the requests sent while PGlite opens wait for it in the worker, so that the server is built meanwhile (a
 *  restart's first intent, issue 16); when it cannot open, every request fails with the reason, and the
 *  worker is stopped and its folder unlocked. */
async function openPglite(dataDir: string): Promise<Database> {
  // Started by the entry already (main.ts), or now.
  const early = dataDir === 'memory' ? null : takeEarlyPglite(dataDir);
  const unlock = early?.unlock ?? (dataDir === 'memory' ? () => {} : lockDataDir(dataDir));
  const pglite =
    early?.pglite ?? startPgliteWorker(dataDir === 'memory' ? null : path.join(dataDir, 'pglite'));
  const { worker, request, id } = pglite;
  // Prisma's driver adapter interface, as at run time (../shared/notes/prisma-offline.md).
  const adapter = workerAdapter(pglite) as unknown as NonNullable<Prisma.PrismaClientOptions['adapter']>;
  const prisma = new PrismaClient({ adapter });
  // Prisma builds its query compiler (WASM) when it connects: here, while PGlite opens in its worker,
  // rather than at the first query (asks nothing of the database; a failure is the first query's again).
  prisma.$connect().catch(() => {});
  pglite.ready.catch(async () => {
    await worker.terminate();
    unlock();
  });
  const session: Session = {
    exec: async (sql) => {
      await request({ id: id(), op: 'exec', sql });
    },
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await request({ id: id(), op: 'query', sql, params })) as Row[],
  };
  return {
    kind: 'pglite',
    prisma,
    exclusive: (fn) => fn(session),
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await request({ id: id(), op: 'prepared', sql, params })) as Row[],
    ping: () => ping(prisma),
    close: async () => {
      try {
        await prisma.$disconnect();
        await request({ id: id(), op: 'close' });
      } finally {
        await worker.terminate();
        unlock();
      }
    },
  };
}

/** The hot path's statements are few and fixed (store.ts's appends): each is prepared once per pooled
 *  connection, under a name taken from its text, so PostgreSQL parses and plans it once there instead of at
 *  every append (an append alone: 0.6 ms -> 0.3 ms on this machine). */
const preparedNames = new Map<string, string>();
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `titan_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/** The hot path's connections (store.ts's appends, at most a few at once: groupCommit.ts), taken from the pool
 *  and kept: a statement goes out on one at once, where the pool hands a connection over a few ticks later
 *  (issue 16: one game's round trip). A connection that breaks is given back to the pool, which closes it. */
function heldConnections(pool: pg.Pool) {
  const idle: pg.PoolClient[] = [];
  const open = new Set<pg.PoolClient>();
  const drop = (client: pg.PoolClient, error?: Error) => {
    if (!open.delete(client)) return;
    const i = idle.indexOf(client);
    if (i >= 0) idle.splice(i, 1);
    client.release(error ?? true);
  };
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    open.add(client);
    // Out of the pool, its connection's errors are ours to hear (unheard, one would crash the process).
    client.on('error', (error) => drop(client, error));
    return client;
  };
  return {
    async query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
      // A kept connection is taken without a tick's wait: the statement is written in this very call.
      const client = idle.pop() ?? (await connect());
      try {
        const result = await client.query({ name: preparedName(sql), text: sql, values: [...params] });
        if (open.has(client)) idle.push(client);
        return result.rows as Row[];
      } catch (error) {
        // The statement's own failure (a key refused, ...) leaves the connection usable; anything else (a FATAL
        // one: the server ended the session) does not.
        const usable = error instanceof pg.DatabaseError && error.severity === 'ERROR';
        if (usable && open.has(client)) idle.push(client);
        else drop(client, error as Error);
        throw error;
      }
    },
    /** Gives every connection back (the pool ends only once they all are). */
    release(): void {
      for (const client of [...open]) drop(client);
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's connection error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const held = heldConnections(pool);
  return {
    kind: 'postgres',
    prisma,
    query: async <Row>(sql: string, params: readonly unknown[] = []) => held.query<Row>(sql, params),
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <Row>(sql: string, params: readonly unknown[] = []) =>
              (await client.query(sql, [...params])).rows as Row[],
          });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => ping(prisma),
    close: async () => {
      await prisma.$disconnect();
      held.release();
      await pool.end();
    },
  };
}

async function ping(prisma: PrismaClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return await Promise.race([prisma.$queryRawUnsafe('SELECT 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
