// The bench's server child (server.ts startChild forks its bundle): as the real server's entry does
// (server/main.ts), the embedded database's worker is started first, then the rest is loaded (server.ts, a
// CommonJS file of its own in the bundle, run with its code cache) and runs the child.
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from '../../server/codeCache';
import { startPgliteEarly } from '../../server/db/pgliteClient';
import type { ChildSpec } from './server';

const spec = JSON.parse(process.env.TITAN_BENCH_CHILD ?? '{}') as ChildSpec;
if (spec.kind === 'titan' && spec.config.databaseUrl === null) startPgliteEarly(spec.config.dataDir);
if (process.env.TITAN_BUNDLE_REST) {
  const rest = fileURLToPath(new URL(process.env.TITAN_BUNDLE_REST, import.meta.url));
  await requireWithCodeCache<typeof import('./server')>(rest).exports.runChild();
} else {
  await (await import('./server')).runChild();
}
