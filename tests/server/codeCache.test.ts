// The bundled server's bulk runs with a V8 code cache beside it (server/codeCache.ts, issue 16): a start
// without one writes it, the next takes it, and a changed file never runs with the cache of the old one.
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireWithCodeCache } from '../../server/codeCache';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function moduleFile(source: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'titan-code-cache-'));
  dirs.push(dir);
  const file = path.join(dir, 'rest.cjs');
  writeFileSync(file, source);
  return file;
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('code cache', () => {
  it('runs the module as require does; the cache written after the first run is taken by the next', async () => {
    const file = moduleFile(
      "const path = require('node:path');\nexports.name = path.basename(__filename);\nmodule.exports.twice = (n) => 2 * n;\n",
    );
    const first = requireWithCodeCache<{ name: string; twice: (n: number) => number }>(file, 0);
    expect(first.cacheUsed).toBe(false);
    expect(first.exports.name).toBe('rest.cjs');
    expect(first.exports.twice(21)).toBe(42);
    await until(() => existsSync(`${file}.cache`));
    expect(existsSync(`${file}.cache`)).toBe(true);
    const second = requireWithCodeCache<{ name: string; twice: (n: number) => number }>(file, 0);
    expect(second.cacheUsed).toBe(true);
    expect(second.exports.twice(4)).toBe(8);
  });

  it('a rebuilt file of the same length does not run with the old cache (V8 checks only the length)', async () => {
    const file = moduleFile('exports.answer = 41;\n');
    expect(requireWithCodeCache<{ answer: number }>(file, 0).exports.answer).toBe(41);
    await until(() => existsSync(`${file}.cache`));
    writeFileSync(file, 'exports.answer = 42;\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const rebuilt = requireWithCodeCache<{ answer: number }>(file, 0);
    expect(rebuilt.cacheUsed).toBe(false);
    expect(rebuilt.exports.answer).toBe(42);
  });
});
