// The PGlite worker seen from the server's thread: the data folder's lock, the worker's start and its
// requests (database.ts openPglite builds the Database on it). Kept to Node's own modules, so that the
// server's entry (main.ts) can start the worker before it loads the rest of the server (issue 16).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { PROJECT_ROOT, startWorker } from '../paths';
import type { PgliteReply, PgliteRequest, PgliteWorkerData } from './pgliteWorker';

/** This module's state, kept on the process's global object: the bundled server holds this module twice, in
 *  its entry (main.ts, which starts the worker early) and in the rest of the server (tools/buildServer.ts). */
const STATE = Symbol.for('titan.pgliteClient');
const globals = globalThis as unknown as Record<symbol, PgliteClientState | undefined>;
globals[STATE] ??= { early: null, heldLocks: new Set() };
const shared: PgliteClientState = globals[STATE];
interface PgliteClientState {
  /** The worker started by the entry before the rest of the server loaded, with its data folder's lock. */
  early: { readonly dataDir: string; readonly unlock: () => void; readonly pglite: PgliteWorker } | null;
  /** The data folders whose lock this process holds (their lock files hold our pid). */
  readonly heldLocks: Set<string>;
}
const heldLocks = shared.heldLocks;

/** Whether the process `pid` is running (a pid that is not a positive integer is no process). */
function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

/** PGlite is one process's database: a lock file holding the server's pid keeps a second server off
 *  the same data folder. A lock is stale when its process is gone, or when it holds our own pid without
 *  this process having taken it: a restarted container gives the new server the old one's pid. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, 'pglite.lock');
  if (heldLocks.has(lock)) throw new Error(`the data folder ${dataDir} is in use by process ${process.pid}`);
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lock, 'utf8').trim());
    if (holder !== process.pid && running(holder)) {
      throw new Error(`the data folder ${dataDir} is in use by process ${holder}`);
    }
    writeFileSync(lock, String(process.pid)); // a crashed server's lock, or our own pid's from before
  }
  heldLocks.add(lock);
  return () => {
    if (!heldLocks.delete(lock)) return;
    rmSync(lock, { force: true });
  };
}

/** Removes every PGlite lock this process holds, at once (for an exit that cannot wait for the
 *  database to close, e.g. a shutdown that took too long). */
export function releaseDataDirLocks(): void {
  for (const lock of heldLocks) rmSync(lock, { force: true });
  heldLocks.clear();
}

export interface PgliteWorker {
  readonly worker: Worker;
  /** Resolves once the database is open (rejects when it could not be opened). */
  readonly ready: Promise<void>;
  /** Sends one request (answered in order, after the database is open) and answers its reply. */
  request(r: PgliteRequest): Promise<unknown>;
  /** A new request id. */
  id(): number;
}

/**
 * How much of a WASM function V8 runs (roughly, bytes of its code executed) before it compiles it again with
 * its optimising compiler (TurboFan) on its background threads; V8's own budget is 1,800,000. PGlite's WASM is
 * compiled lazily by the baseline compiler (Liftoff), and Postgres's start ran enough of it past that budget
 * to keep V8's four background threads compiling with TurboFan for 0.6 to 0.9 s of CPU (perf:
 * ExecuteTurbofanWasmCompilation) while the server loaded and PGlite opened, on a machine of two cores
 * (issue 16: a restart's first intent, ~770 -> ~590 ms). With 100,000,000 what a request runs over and over
 * (an append, a room's reads) still tiers up, only after running 55 times as long.
 */
const WASM_TIERING_BUDGET = 100_000_000;

/**
 * How many of V8's background threads compile PGlite's WASM at once (V8's own: up to all of its four). What
 * V8 still compiles of it in the background while the server starts then takes one thread at a time, and
 * leaves the other core of a two-core machine to the server's thread and the PGlite worker (issue 16: a
 * restart's first intent, ~575 -> ~555 ms).
 */
const WASM_COMPILATION_TASKS = 1;

/** Starts the PGlite worker (pgliteWorker.ts) on `dataDir` (null: a throw-away database in memory). The V8
 *  flags are process-wide, and set here, before the entry loads the rest of the server (main.ts): V8's code
 *  cache (codeCache.ts) holds a hash of the flags, and one set afterwards would reject it. */
export function startPgliteWorker(dataDir: string | null): PgliteWorker {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  setFlagsFromString(`--wasm-num-compilation-tasks=${WASM_COMPILATION_TASKS}`);
  const worker = startWorker('server/db/pgliteWorker.ts', {
    workerData: { dataDir } satisfies PgliteWorkerData,
  });
  const pending = new Map<number, { resolve: (ok: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: PgliteReply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    if ('ok' in reply) p?.resolve(reply.ok);
    else p?.reject(Object.assign(new Error(reply.error.message), reply.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (code ${code})`)));
  const answer = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (gone) reject(gone);
      else pending.set(id, { resolve, reject });
    });
  const ready = answer(0).then(() => undefined); // the worker's first message: the database is open
  ready.catch(() => {}); // told to whoever waits for it (an early start may have nobody yet)
  return {
    worker,
    ready,
    request: (r) => {
      const reply = answer(r.id);
      if (!gone) worker.postMessage(r);
      return reply;
    },
    id: () => ++nextId,
  };
}

/** The data folder of the embedded database as the environment sets it (config.ts configFromEnv), or null
 *  when DATABASE_URL selects PostgreSQL. */
export function pgliteDataDirFromEnv(env: NodeJS.ProcessEnv): string | null {
  if (env.DATABASE_URL?.trim()) return null;
  return env.TITAN_DATA_DIR ? path.resolve(env.TITAN_DATA_DIR) : path.join(PROJECT_ROOT, '.data');
}

/** Locks `dataDir` and starts its PGlite worker now, for openDatabase to take up: the entry calls it first
 *  (main.ts), so that PGlite compiles its WASM and opens the data folder in its worker while this thread
 *  loads the rest of the server. A folder that cannot be locked is left to openDatabase, which says why. */
export function startPgliteEarly(dataDir: string): void {
  if (shared.early !== null) return;
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch {
    return;
  }
  shared.early = { dataDir, unlock, pglite: startPgliteWorker(path.join(dataDir, 'pglite')) };
}

/** The early worker (startPgliteEarly) when it was started on `dataDir`, with the unlock of that folder;
 *  null when none was (one started on another folder is stopped and its folder unlocked). */
export function takeEarlyPglite(dataDir: string): { unlock: () => void; pglite: PgliteWorker } | null {
  const started = shared.early;
  shared.early = null;
  if (started === null) return null;
  if (started.dataDir === dataDir) return started;
  void started.pglite.worker.terminate();
  started.unlock();
  return null;
}
