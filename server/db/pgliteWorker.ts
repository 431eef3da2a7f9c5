// PGlite off the event loop (issue 16): a worker thread owns the PGlite instance and its Prisma driver
// adapter, and answers the server's requests (database.ts openPglite) one message each. Postgres runs here
// in WASM, synchronously: on the server's thread it held up every socket while it wrote.
import { open as openFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { ARRAY_TYPES } from './pgliteArrays';
import { MMAP_PATCH_SLACK, withFreshMmap } from './pgliteMmap';

/** What the server asks. `adapter` calls the Prisma driver adapter's method (on transaction `tx` if given). */
export type PgliteRequest =
  | { readonly id: number; readonly op: 'exec'; readonly sql: string }
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: readonly unknown[] }
  | {
      readonly id: number;
      readonly op: 'prepared';
      readonly sql: string;
      readonly params: readonly unknown[];
    }
  | {
      readonly id: number;
      readonly op: 'adapter';
      readonly method:
        | 'queryRaw'
        | 'executeRaw'
        | 'executeScript'
        | 'startTransaction'
        | 'commit'
        | 'rollback';
      readonly tx: number | null;
      readonly arg: unknown;
    }
  | { readonly id: number; readonly op: 'close' };

/** An error as sent back: a driver adapter's error keeps its name and cause (Prisma reads both), a
 *  statement's its SQLSTATE `code` (the event log tells a unique key's refusal by it, store.ts). */
export interface SentError {
  readonly name: string;
  readonly message: string;
  readonly cause?: unknown;
  readonly code?: string;
}

export type PgliteReply =
  | { readonly id: number; readonly ok: unknown }
  | { readonly id: number; readonly error: SentError };

/** The worker's start: `dataDir` null for a throw-away database in memory. */
export interface PgliteWorkerData {
  readonly dataDir: string | null;
}

/** A parameter in the protocol's text format. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/**
 * The event log's statements (Database.query): each parsed and planned once under a name of its own, then
 * every execution is one call into PGlite (bind, describe, execute, sync) instead of PGlite's query(),
 * which makes six (parse, describe, bind, describe, execute, sync) and plans the statement each time. It
 * holds PGlite's transaction lock as query() does, so it never runs inside a transaction of Prisma's; the
 * sync commits it (an append is durable once this answers).
 */
function preparedQuery(client: PGlite, { messages, protocol, types }: typeof import('@electric-sql/pglite')) {
  const named = new Map<string, string>();
  let parsed = 0; // a statement whose first execution failed is parsed again under a new name
  const { serialize } = protocol;
  return (sql: string, params: readonly unknown[]) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        let name = named.get(sql);
        const parse = name === undefined;
        parsed += parse ? 1 : 0;
        name ??= `titan_${parsed}`;
        const frames = [
          ...(parse ? [serialize.parse({ name, text: sql })] : []),
          serialize.bind({ statement: name, values: params.map(textOf) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ];
        const message = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
        let at = 0;
        for (const f of frames) {
          message.set(f, at);
          at += f.length;
        }
        const result = await client.execProtocol(message); // throws the statement's error, if any
        if (parse) named.set(sql, name);
        let fields: readonly { name: string; dataTypeID: number }[] = [];
        const rows: Record<string, unknown>[] = [];
        for (const m of result.messages) {
          if (m instanceof messages.RowDescriptionMessage) fields = m.fields;
          else if (m instanceof messages.DataRowMessage) {
            rows.push(
              Object.fromEntries(
                m.fields.map((v, i) => [fields[i]!.name, types.parseType(v, fields[i]!.dataTypeID)]),
              ),
            );
          }
        }
        return rows;
      }),
    );
}

interface Queryable {
  queryRaw(query: unknown): Promise<unknown>;
  executeRaw(query: unknown): Promise<unknown>;
}
interface AdapterTransaction extends Queryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}
interface Adapter extends Queryable {
  executeScript(script: string): Promise<void>;
  startTransaction(isolationLevel?: unknown): Promise<AdapterTransaction>;
}

function sent(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const cause = error.name === 'DriverAdapterError' ? error.cause : undefined;
  const { code } = error as { code?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(cause === undefined ? {} : { cause }),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * Postgres's shared buffers for the embedded database. PGlite 0.3 starts Postgres with shared_buffers=128MB,
 * written in its WASM among the backend's command line (it reads no postgresql.conf, and no option sets it),
 * and each start zeroes the whole shared memory, 141 MB, in a memset that runs as unoptimised (Liftoff) WASM:
 * ~100 ms of the worker's CPU on a restart's path (issue 16), and 140 MB of memory held for good. The module
 * compiled here is PGlite's own with that one setting changed, in memory (same length, so nothing else in the
 * binary moves; the file is untouched). 32 MB holds the server's database many times over (the bench's 520
 * games: 8.6 MB, catalogs included). Durability is PGlite's as shipped (fsync, synchronous_commit: on).
 */
const SHARED_BUFFERS = ' 32MB'; // over '128MB': a leading space is read as nothing (strtol)
const SHIPPED = Buffer.from('shared_buffers=128MB\0', 'latin1');

async function pgliteModule(): Promise<WebAssembly.Module> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // Read with room around it for the mmap's patch (pgliteMmap.ts), which then moves no more than a few bytes.
  const file = await openFile(path.join(dist, 'pglite.wasm'));
  let buffer: Buffer<ArrayBuffer>;
  let from: number;
  let to: number;
  try {
    const { size } = await file.stat();
    buffer = Buffer.allocUnsafe(MMAP_PATCH_SLACK.before + size + MMAP_PATCH_SLACK.after);
    from = MMAP_PATCH_SLACK.before;
    to = from + size;
    for (let at = from; at < to; ) {
      const { bytesRead } = await file.read(buffer, at, to - at, at - from);
      if (bytesRead === 0) throw new Error('pglite.wasm was cut short while it was read');
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
  const wasm = buffer.subarray(from, to);
  const at = wasm.indexOf(SHIPPED);
  if (at >= 0 && wasm.indexOf(SHIPPED, at + 1) < 0) {
    wasm.write(SHARED_BUFFERS, at + 'shared_buffers='.length, 'latin1');
  } else {
    // Another PGlite build: it starts as shipped, only slower (tests/server/migrations.test.ts fails on it).
    process.emitWarning(
      "PGlite's WASM does not hold shared_buffers=128MB once: it starts with its own setting",
    );
  }
  const patched = withFreshMmap(buffer, from, to);
  if (patched === null) {
    // Another PGlite build: its mmap zeroes all it maps, as shipped (tests/server/pgliteMmap.test.ts fails on it).
    process.emitWarning("PGlite's WASM has not the mmap expected: it zeroes the memory it maps, as shipped");
  }
  return WebAssembly.compile(patched ?? wasm);
}

/** PGlite as shipped, but for its array types, which are registered from ARRAY_TYPES instead of read from
 *  pg_type as it opens (pgliteArrays.ts); `refreshArrayTypes()` still reads them. */
function withKnownArrays({ PGlite, types }: typeof import('@electric-sql/pglite')) {
  return class extends PGlite {
    override async _initArrayTypes(options?: { force?: boolean }): Promise<void> {
      if (options?.force) return super._initArrayTypes(options);
      for (const [element, array] of ARRAY_TYPES) {
        this.serializers[array] = (xs) => types.arraySerializer(xs, this.serializers[element], array);
        this.parsers[array] = (x) => types.arrayParser(x, this.parsers[element]!, array);
      }
    }
  };
}

/** Opens the database; answers the handler of the server's requests. */
async function open(data: PgliteWorkerData): Promise<(r: PgliteRequest) => Promise<unknown>> {
  // PGlite's WASM compiles in the background while its modules load, and the adapter's load while it opens.
  const [pglite, wasmModule] = await Promise.all([import('@electric-sql/pglite'), pgliteModule()]);
  const client = new (withKnownArrays(pglite))({
    ...(data.dataDir === null ? {} : { dataDir: data.dataDir }),
    wasmModule,
  });
  const [{ PrismaPGlite }] = await Promise.all([import('pglite-prisma-adapter'), client.waitReady]);
  const adapter = (await new PrismaPGlite(client).connect()) as unknown as Adapter;
  const prepared = preparedQuery(client, pglite);
  const transactions = new Map<number, AdapterTransaction>();
  let nextTransaction = 0;

  const handle = async (r: PgliteRequest): Promise<unknown> => {
    switch (r.op) {
      case 'exec':
        await client.exec(r.sql);
        return null;
      case 'query':
        return (await client.query(r.sql, [...r.params])).rows;
      case 'prepared':
        return prepared(r.sql, r.params);
      case 'close':
        await client.close();
        return null;
      case 'adapter': {
        if (r.method === 'startTransaction') {
          const tx = await adapter.startTransaction(r.arg ?? undefined);
          nextTransaction += 1;
          transactions.set(nextTransaction, tx);
          return { tx: nextTransaction, options: (tx as unknown as { options: unknown }).options };
        }
        if (r.method === 'executeScript') return adapter.executeScript(r.arg as string);
        if (r.tx === null)
          return r.method === 'queryRaw' ? adapter.queryRaw(r.arg) : adapter.executeRaw(r.arg);
        const tx = transactions.get(r.tx);
        if (!tx) throw new Error(`no transaction ${r.tx}`);
        if (r.method === 'queryRaw') return tx.queryRaw(r.arg);
        if (r.method === 'executeRaw') return tx.executeRaw(r.arg);
        transactions.delete(r.tx);
        return r.method === 'commit' ? tx.commit() : tx.rollback();
      }
    }
  };

  return handle;
}

// The port listens before the database opens, so that the worker's event loop has a handle alive meanwhile:
// with none, Node waits between two turns of the loop for the background work V8 has queued (DrainTasks),
// here the optimising compilation of PGlite's WASM, and the first request, sent as soon as the database was
// open, waited 300 to 450 ms for it (issue 16). Requests sent before it is open wait for it, in order.
if (parentPort) {
  const port = parentPort;
  const handler = open(workerData as PgliteWorkerData);
  port.on('message', (r: PgliteRequest) => {
    handler
      .then((handle) => handle(r))
      .then(
        (ok) => port.postMessage({ id: r.id, ok: ok ?? null } satisfies PgliteReply),
        (error: unknown) => port.postMessage({ id: r.id, error: sent(error) } satisfies PgliteReply),
      );
  });
  handler.then(
    () => port.postMessage({ id: 0, ok: null } satisfies PgliteReply), // ready
    (error: unknown) => port.postMessage({ id: 0, error: sent(error) } satisfies PgliteReply),
  );
}
