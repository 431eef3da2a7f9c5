// A fresh PostgreSQL database per test run on this machine's server (tools/localPostgres.ts); the
// PostgreSQL server tests are skipped with a loud warning when none can be reached.
import { type ScratchDatabase, scratchDatabase } from '../../../tools/localPostgres';

export type TestDatabase = ScratchDatabase;

/** A new empty database, or null (with a warning) when PostgreSQL cannot be reached. */
export async function createTestDatabase(): Promise<TestDatabase | null> {
  const db = await scratchDatabase('titan_test');
  if (db === null) {
    console.warn(
      '\n*** PostgreSQL is not reachable at 127.0.0.1:5432 (and pg_ctlcluster could not start it): ' +
        'THE POSTGRESQL SERVER TESTS ARE SKIPPED ***\n',
    );
  }
  return db;
}
