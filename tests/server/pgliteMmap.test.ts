// PGlite's anonymous mmap without its zeroing of fresh memory (server/db/pgliteMmap.ts): the shipped module
// takes the patch, and on a module built like Emscripten's the patched mmap zeroes exactly the part of its
// block that lay in the memory before the call (every byte of the block reads zero either way).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leb, MMAP_PATCH_SLACK, withFreshMmap } from '../../server/db/pgliteMmap';

function withSlack(module: Uint8Array): { buffer: Buffer<ArrayBuffer>; from: number; to: number } {
  const buffer = Buffer.alloc(MMAP_PATCH_SLACK.before + module.length + MMAP_PATCH_SLACK.after);
  buffer.set(module, MMAP_PATCH_SLACK.before);
  return { buffer, from: MMAP_PATCH_SLACK.before, to: MMAP_PATCH_SLACK.before + module.length };
}

const section = (id: number, payload: number[]) => [id, ...leb(payload.length), ...payload];
const vector = (items: number[][]) => [...leb(items.length), ...items.flat()];
const name = (text: string) => [...leb(text.length), ...Buffer.from(text)];
const body = (code: number[]) => [...leb(code.length), ...code];

/**
 * A module laid out as Emscripten's: memset (counting the bytes it writes in the global `written`), a bump
 * memalign that grows the memory as it needs (its next address in the global `next`), and an mmap that takes
 * its block from memalign(65536, len) and zeroes it with memset, the block in local 2 and its length in local 3.
 */
function emscriptenLike(): Uint8Array<ArrayBuffer> {
  const i32 = 0x7f;
  const [get, set, gget, gset] = [0x20, 0x21, 0x23, 0x24];
  const memset = [
    0x00,
    ...[gget, 0, get, 2, 0x6a, gset, 0], // written += n
    ...[get, 0, get, 1, get, 2, 0xfc, 0x0b, 0x00], // memory.fill(d, c, n)
    ...[get, 0, 0x0b],
  ];
  const memalign = [
    ...[1, 1, i32], // local 2: the block
    // block = (next + align - 1) & -align
    ...[gget, 1, get, 0, 0x6a, 0x41, 1, 0x6b, 0x41, 0, get, 0, 0x6b, 0x71, set, 2],
    // next = block + size; grow while next > memory.size << 16
    ...[get, 2, get, 1, 0x6a, gset, 1],
    ...[0x02, 0x40, 0x03, 0x40],
    ...[gget, 1, 0x3f, 0x00, 0x41, 16, 0x74, 0x4d, 0x0d, 1], // next <= size: done
    ...[0x41, 1, 0x40, 0x00, 0x1a, 0x0c, 0], // memory.grow(1); again
    ...[0x0b, 0x0b],
    ...[get, 2, 0x0b],
  ];
  const mmap = [
    ...[1, 3, i32],
    ...[0x41, 0x80, 0x80, 0x04, get, 0, 0x10, 1, set, 2], // local2 = memalign(65536, len)
    ...[get, 0, set, 3],
    ...[get, 2, 0x41, 0, get, 3, 0x10, 0, 0x1a], // memset(local2, 0, local3), dropped
    ...[get, 2, 0x0b],
  ];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vector([
        [0x60, 3, i32, i32, i32, 1, i32],
        [0x60, 2, i32, i32, 1, i32],
      ]),
    ),
    ...section(3, vector([[0], [1], [0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      6,
      vector([
        [i32, 1, 0x41, 0, 0x0b],
        [i32, 1, 0x41, ...leb(1024), 0x0b],
      ]),
    ),
    ...section(
      7,
      vector([
        [...name('memset'), 0, 0],
        [...name('emscripten_builtin_memalign'), 0, 1],
        [...name('mmap'), 0, 2],
        [...name('memory'), 2, 0],
        [...name('written'), 3, 0],
        [...name('next'), 3, 1],
      ]),
    ),
    ...section(10, vector([body(memset), body(memalign), body(mmap)])),
  ]);
}

interface Instance {
  readonly mmap: (len: number, flags: number, fd: number) => number;
  readonly memory: WebAssembly.Memory;
  readonly written: WebAssembly.Global;
  readonly next: WebAssembly.Global;
}

async function instantiate(module: Uint8Array<ArrayBuffer>): Promise<Instance> {
  const { instance } = await WebAssembly.instantiate(module);
  return instance.exports as unknown as Instance;
}

describe("PGlite's mmap (pgliteMmap.ts)", () => {
  it("takes the patch on PGlite's shipped WASM, which then still validates", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const shipped = readFileSync(path.join(dist, 'pglite.wasm'));
    const { buffer, from, to } = withSlack(shipped);
    const patched = withFreshMmap(buffer, from, to);
    expect(patched).not.toBeNull();
    expect(WebAssembly.validate(patched!)).toBe(true);
    const exports = (m: Uint8Array<ArrayBuffer>) => WebAssembly.Module.exports(new WebAssembly.Module(m));
    expect(exports(patched!)).toEqual(exports(shipped));
  });

  it('zeroes only the part of the block that was in the memory before the call', async () => {
    const original = emscriptenLike();
    const { buffer, from, to } = withSlack(original);
    const patched = await instantiate(withFreshMmap(buffer, from, to)!);
    const shipped = await instantiate(original);
    for (const m of [patched, shipped]) new Uint8Array(m.memory.buffer).fill(0xff, 1024); // all dirty

    // Wholly in memory grown by the call: nothing written by the patched mmap, all of it by the shipped one.
    expect(patched.mmap(100_000, 0x22, -1)).toBe(65536);
    expect(shipped.mmap(100_000, 0x22, -1)).toBe(65536);
    expect(patched.written.value).toBe(0);
    expect(shipped.written.value).toBe(100_000);
    const zero = (m: Instance, at: number, n: number) =>
      new Uint8Array(m.memory.buffer, at, n).every((byte) => byte === 0);
    expect(zero(patched, 65536, 100_000)).toBe(true);

    // Wholly in the memory as it was (dirty): all of it zeroed, and nothing past it.
    new Uint8Array(patched.memory.buffer).fill(0xff, 65536, 65536 + 4000);
    patched.next.value = 65536;
    expect(patched.mmap(2000, 0x22, -1)).toBe(65536);
    expect(patched.written.value).toBe(2000);
    expect(zero(patched, 65536, 2000)).toBe(true);
    expect(new Uint8Array(patched.memory.buffer)[65536 + 2000]).toBe(0xff);

    // Across the end of the memory: the part before it zeroed, the part grown left as it came (zero).
    const size = patched.memory.buffer.byteLength; // 3 pages
    new Uint8Array(patched.memory.buffer).fill(0xee, 131072);
    patched.next.value = 131072;
    expect(patched.mmap(100_000, 0x22, -1)).toBe(131072);
    expect(patched.written.value).toBe(2000 + (size - 131072));
    expect(zero(patched, 131072, 100_000)).toBe(true);
  });

  it('leaves a module without that mmap untouched', () => {
    const original = emscriptenLike();
    const renamed = Buffer.from(original);
    renamed.set(Buffer.from('emscripten_builtin_memalixn'), renamed.indexOf('emscripten_builtin_memalign'));
    const { buffer, from, to } = withSlack(renamed);
    const before = Buffer.from(buffer);
    expect(withFreshMmap(buffer, from, to)).toBeNull();
    expect(buffer.equals(before)).toBe(true);
  });
});
