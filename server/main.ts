// `npm start`: the server (start.ts), loaded only once the embedded database's worker has been started: PGlite
// compiles its WASM and opens the data folder on its own thread while this one loads and builds the rest of the
// server (issue 16: a restart serves its first intent within 0.5 s). In the bundle (tools/buildServer.ts) this
// file is the entry, and start.ts with everything it imports is a CommonJS file of its own beside it
// (TITAN_BUNDLE_REST, set by the build), run with its V8 code cache (codeCache.ts).
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from './codeCache';
import { pgliteDataDirFromEnv, startPgliteEarly } from './db/pgliteClient';

const dataDir = pgliteDataDirFromEnv(process.env);
if (dataDir !== null) startPgliteEarly(dataDir);
if (process.env.TITAN_BUNDLE_REST) {
  const rest = fileURLToPath(new URL(process.env.TITAN_BUNDLE_REST, import.meta.url));
  await requireWithCodeCache<typeof import('./start')>(rest).exports.startServer();
} else {
  await (await import('./start')).startServer();
}
