// The bundled server's bulk (tools/buildServer.ts: dist/NAME-rest.cjs) run with a V8 code cache beside it, so
// that a restart does not parse and compile its 4.5 MB again (issue 16: ~250 ms of a 550 ms start; Node 20
// has no module compile cache of its own). The cache is written by a start that found none (or one V8
// rejected: another Node, other flags), a few seconds after it loaded (with the functions compiled by then)
// or at its exit; a folder it cannot write to (a read-only image) only costs that start the cache.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** After this long the cache is written (unless the process exits first: then at its exit). */
const SAVE_AFTER_MS = 5000;

/** Runs the CommonJS module `file` as `require` would, compiled with its code cache (`file`.cache) when
 *  that is valid; answers its exports and whether V8 took the cache (if not, it is written `saveAfterMs` later
 *  or at the exit). */
export function requireWithCodeCache<T>(
  file: string,
  saveAfterMs = SAVE_AFTER_MS,
): { readonly exports: T; readonly cacheUsed: boolean } {
  const source = readFileSync(file, 'utf8');
  const cacheFile = `${file}.cache`;
  // V8 checks a cache against the source's length only: the cache also names the file's size and time.
  const { size, mtimeMs } = statSync(file);
  const key = Buffer.from(`titan-code-cache ${size} ${mtimeMs}\n`);
  let cachedData: Buffer | undefined;
  try {
    const stored = readFileSync(cacheFile);
    if (stored.subarray(0, key.length).equals(key)) cachedData = stored.subarray(key.length);
  } catch {
    // none yet
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const cacheUsed = cachedData !== undefined && script.cachedDataRejected !== true;
  if (!cacheUsed) {
    let saved = false;
    const save = () => {
      if (saved) return;
      saved = true;
      try {
        writeFileSync(cacheFile, Buffer.concat([key, script.createCachedData()]));
      } catch {
        // a folder we cannot write to: the next start compiles again
      }
    };
    setTimeout(save, saveAfterMs).unref();
    process.once('exit', save);
  }
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  wrapper(module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, cacheUsed };
}
