// The size of the built browser client (for `npm run bench`): every file of web-client/dist with its size
// and gzipped size (gzip level 9, as a server would send it). Run alone: `tsx web-client/bundleSize.ts`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const CLIENT_DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');

export interface BundleSize {
  readonly files: readonly { readonly file: string; readonly bytes: number; readonly gzipBytes: number }[];
  readonly bytes: number;
  readonly gzipBytes: number;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Throws when the client has not been built (`npm run build:client`). */
export function clientBundleSize(dir: string = CLIENT_DIST): BundleSize {
  const files = walk(dir)
    .sort()
    .map((full) => {
      const content = readFileSync(full);
      return {
        file: path.relative(dir, full),
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const size = clientBundleSize();
  for (const f of size.files)
    console.log(
      `${f.file.padEnd(40)} ${String(f.bytes).padStart(9)} B  gzip ${String(f.gzipBytes).padStart(8)} B`,
    );
  console.log(
    `${'total'.padEnd(40)} ${String(size.bytes).padStart(9)} B  gzip ${String(size.gzipBytes).padStart(8)} B`,
  );
}
