// `npm start`: the server (start.ts), loaded only once the embedded database's worker has been started: PGlite
// compiles its WASM and opens the data folder on its own thread while this one loads and builds the rest of the
// server (issue 16: a restart serves its first intent within 0.5 s). In the bundle (tools/buildServer.ts) this
// file is the entry, and start.ts with everything it imports is a chunk of its own, read only then.
import { pgliteDataDirFromEnv, startPgliteEarly } from './db/pgliteClient';

const dataDir = pgliteDataDirFromEnv(process.env);
if (dataDir !== null) startPgliteEarly(dataDir);
await import('./start');
