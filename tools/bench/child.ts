// The bench's server child (server.ts startChild forks its bundle): as the real server's entry does
// (server/main.ts), the embedded database's worker is started first, then the rest is loaded (server.ts, a
// chunk of its own in the bundle) and runs the child.
import { startPgliteEarly } from '../../server/db/pgliteClient';
import type { ChildSpec } from './server';

const spec = JSON.parse(process.env.TITAN_BENCH_CHILD ?? '{}') as ChildSpec;
if (spec.kind === 'titan' && spec.config.databaseUrl === null) startPgliteEarly(spec.config.dataDir);
const { runChild } = await import('./server');
await runChild();
