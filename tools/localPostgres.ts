// A scratch database on this machine's PostgreSQL (127.0.0.1:5432, trust auth) for tests and benchmarks,
// dropped afterwards. When no server answers, one start attempt is made with pg_ctlcluster; if it still
// does not answer the caller gets null (and says loudly what it skips).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.TITAN_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function tryToStart(): void {
  try {
    for (const version of readdirSync('/etc/postgresql')) {
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, {
        stdio: 'ignore',
        timeout: 30_000,
      });
    }
  } catch {
    // Not installed or not permitted: the caller reports what it skips.
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database named `<prefix>_<random>`, or null when PostgreSQL cannot be reached. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase | null> {
  if (!(await reachable())) {
    tryToStart();
    if (!(await reachable())) return null;
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
