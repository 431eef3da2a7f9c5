// `npm run build:server`: the server as one JavaScript module, dist/server.mjs, which `npm start` and the
// Docker image run (issue 16: a start serves its first intent within 0.5 s). Run through tsx, the server's
// start was mostly module loading: some 300 TypeScript modules, each resolved and transformed through tsx's
// loader thread, then some 600 files of packages. Bundled, it is one file (packages included: importing the
// app took ~400 ms of CPU with the packages left in node_modules, ~220 ms with them in). Left out: the
// optional native add-ons, which the packages load only if installed, and PGlite with its adapter, which
// run in their worker (server/db/pgliteWorker.ts, through tsx as the bot worker) and find their WASM
// beside their own files. The bundle lives one folder below the project, as server/*.ts does, so that
// PROJECT_ROOT (server/paths.ts) is the same either way. The bench's server child is built the same way
// (tools/bench/child.ts), so that it starts as the real server does: its embedded database first.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { PROJECT_ROOT, WORKER_MODULES } from '../server/paths';

/** Bundles `entry` (a path from the project's root) into dist/`name`.mjs, and each of the server's worker
 *  modules beside it (server/paths.ts startWorker runs those); answers the bundle's path. */
export async function buildServer(entry: string, name: string): Promise<string> {
  await Promise.all([
    bundle(entry, name),
    bundleRest(REST[entry] ?? fail(entry), `${name}-rest`),
    ...WORKER_MODULES.map((w) => bundle(w, path.basename(w, '.ts'))),
  ]);
  return path.join(DIST, `${name}.mjs`);
}

/** What each entry runs once its embedded database's worker is started: the bulk of the server, built as
 *  CommonJS into dist/NAME-rest.cjs, which the entry runs with a V8 code cache (server/codeCache.ts). */
const REST: Record<string, string> = {
  'server/main.ts': 'server/start.ts',
  'tools/bench/child.ts': 'tools/bench/server.ts',
};

function fail(entry: string): never {
  throw new Error(`no rest of the server is known for ${entry}`);
}

const DIST = path.join(PROJECT_ROOT, 'dist');

const EXTERNAL = [
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  '@electric-sql/pglite',
  'pglite-prisma-adapter',
  'tsx',
  'esbuild',
];

/** dist/`name`.mjs from `entry`; a module it imports dynamically (server/main.ts: start.ts) goes with what only
 *  it imports into a chunk of its own beside it, dist/`name`-HASH.mjs, read only when it is imported (those
 *  of an earlier build are removed first). */
async function bundle(entry: string, name: string): Promise<void> {
  // Imported here: a bundle that holds this module (the bench's) does not load esbuild when it starts.
  const { build } = await import('esbuild');
  mkdirSync(DIST, { recursive: true });
  for (const file of readdirSync(DIST, { withFileTypes: true })) {
    if (file.isFile() && new RegExp(`^${name}-[A-Z0-9]{8}\\.mjs(\\.map)?$`).test(file.name)) {
      rmSync(path.join(DIST, file.name));
    }
  }
  await build({
    entryPoints: [{ in: path.join(PROJECT_ROOT, entry), out: name }],
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    define: { 'process.env.TITAN_BUNDLE_REST': JSON.stringify(`./${name}-rest.cjs`) },
    chunkNames: `${name}-[hash]`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // The packages written as CommonJS call `require` and read `__dirname`, which an ES module lacks.
    banner: {
      js: [
        "import { createRequire as titanRequire } from 'node:module';",
        "import { fileURLToPath as titanPath } from 'node:url';",
        'const require = titanRequire(import.meta.url);',
        'const __filename = titanPath(import.meta.url);',
        "const __dirname = titanPath(new URL('.', import.meta.url));",
      ].join(' '),
    },
    // Class and function names stay as written (errors and logs name them).
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** dist/`name`.cjs from `entry`, with its code cache of an earlier build removed. A CommonJS file, since only
 *  a script (vm.Script) takes V8's cached data in Node 20; `import.meta.url` is this file's URL. */
async function bundleRest(entry: string, name: string): Promise<void> {
  const { build } = await import('esbuild');
  mkdirSync(DIST, { recursive: true });
  rmSync(path.join(DIST, `${name}.cjs.cache`), { force: true });
  const file = path.join(DIST, `${name}.cjs`);
  await build({
    entryPoints: [{ in: path.join(PROJECT_ROOT, entry), out: name }],
    outdir: DIST,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // `import()` as `require`: a script's own dynamic imports need a loader that Node 20 marks experimental.
    supported: { 'dynamic-import': false },
    external: EXTERNAL,
    plugins: [pgOnNode],
    define: { 'import.meta.url': 'titanImportMetaUrl' },
    banner: { js: "const titanImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await writeFile(file, oneByte(await readFile(file, 'utf8')));
}

/**
 * The bundle in ASCII alone, each character beyond it written as its escape (\uXXXX). esbuild escapes them in
 * strings and names (its `charset`), but leaves them as written in comments and regular expressions: the 9
 * lines of comments with a dash or an accent among the packages made V8 hold the whole 7.5 MB file as
 * two-byte text, read and decoded at each start (issue 16: the bench's echo child, spawn to ready, 20 pairs
 * alternated, medians 395 -> 364 ms and 405 -> 386 ms). An escape means the same character in a regular
 * expression, and nothing in a comment.
 */
export function oneByte(source: string): string {
  return source.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `pg` asks, as it loads, whether it runs in a Cloudflare Worker: on Node 20 (no `navigator`) by building a
 *  `Response`, which loads Node's fetch (~30 ms of each start, for nothing: the server runs on Node). */
const pgOnNode: Plugin = {
  name: 'pg-on-node',
  setup(build) {
    build.onLoad({ filter: /[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replace('if (isCloudflareRuntime()) {', 'if (false) {');
      if (patched === source) throw new Error(`pg's ${args.path} no longer asks isCloudflareRuntime()`);
      return { contents: patched, loader: 'js' };
    });
  },
};

// Run as `npm run build:server` (this very file, not a bundle holding it: the bench's child holds it, and
// rebuilt dist/server.mjs at each start, 850 ms of waiting for esbuild before it could serve).
const self = fileURLToPath(import.meta.url);
// Not awaited at the top level: the bench's child holds this module in a CommonJS bundle, which cannot.
if (self.endsWith('buildServer.ts') && process.argv[1] === self) {
  buildServer('server/main.ts', 'server').catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
