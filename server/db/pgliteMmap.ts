// PGlite's anonymous mmap without its zeroing of fresh memory (issue 16: a restart's first intent). Postgres
// takes its shared memory (~50 MB with 32 MB of shared buffers) from mmap; Emscripten's mmap takes the block
// from memalign, which grows the WASM memory for it, then zeroes it all with memset. Memory just grown is
// zero already, and writing it touches every page of it: ~14,000 page faults, which on this machine type
// (a Firecracker VM) cost ~13 us each, ~180 ms of the worker's start spent before the database opens.
//
// The module is patched as the worker reads it (pgliteWorker.ts): the mmap's call to memalign goes to a
// function added at the end, which calls memalign and zeroes only the part of the block that lay in the
// memory as it was before the call; the mmap's own memset is replaced by no-ops of the same length. The
// block's other bytes were grown by that call: nothing wrote them since (the allocator writes its headers
// outside the block). Nothing else moves: the added function takes the next index, the edits keep lengths.

/** Bytes kept free before and after the file when it is read for the patch: the sections before the code
 *  grow by a few bytes (the function's entry, longer counts), the code by the added function. */
export const MMAP_PATCH_SLACK = { before: 64, after: 256 } as const;

interface Section {
  readonly id: number;
  /** Where the section's header (its id) starts, where its payload starts and ends. */
  readonly header: number;
  readonly start: number;
  readonly end: number;
}

/** A reader of LEB128 numbers over the module. */
class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  u32(): number {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.bytes[this.at++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value >>> 0;
  }

  skip(n: number): void {
    this.at += n;
  }
}

/** `value`'s unsigned LEB128 bytes, as the module writes its numbers. */
export function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

const FUNCTION_SECTION = 3;
const IMPORT_SECTION = 2;
const EXPORT_SECTION = 7;
const CODE_SECTION = 10;
const OP = {
  nop: 0x01,
  if: 0x04,
  end: 0x0b,
  call: 0x10,
  drop: 0x1a,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  memorySize: 0x3f,
  i32Const: 0x41,
  i64Const: 0x42,
  i64LtU: 0x54,
  i64Sub: 0x7d,
  i64Shl: 0x86,
  i32WrapI64: 0xa7,
  i64ExtendI32U: 0xad,
  voidBlock: 0x40,
  i32: 0x7f,
  i64: 0x7e,
} as const;

function sectionsOf(wasm: Uint8Array, from: number, to: number): Section[] {
  const read = new Reader(wasm, from + 8);
  const out: Section[] = [];
  while (read.at < to) {
    const header = read.at;
    const id = wasm[read.at++]!;
    const size = read.u32();
    out.push({ id, header, start: read.at, end: read.at + size });
    read.skip(size);
  }
  return out;
}

/** The exported functions' indices, by name (among `names`). */
function exportedFunctions(
  wasm: Uint8Array,
  section: Section,
  names: readonly string[],
): Map<string, number> {
  const read = new Reader(wasm, section.start);
  const found = new Map<string, number>();
  const decoder = new TextDecoder();
  for (let n = read.u32(); n > 0; n--) {
    const length = read.u32();
    const name = decoder.decode(wasm.subarray(read.at, read.at + length));
    read.skip(length);
    const kind = wasm[read.at++];
    const index = read.u32();
    if (kind === 0 && names.includes(name)) found.set(name, index);
  }
  return found;
}

function importedFunctionCount(wasm: Uint8Array, section: Section | undefined): number {
  if (!section) return 0;
  const read = new Reader(wasm, section.start);
  let functions = 0;
  for (let n = read.u32(); n > 0; n--) {
    read.skip(read.u32()); // module
    read.skip(read.u32()); // name
    const kind = wasm[read.at++];
    if (kind === 0) {
      read.u32();
      functions += 1;
    } else if (kind === 1) {
      read.skip(1); // table: element type, then limits
      if (wasm[read.at++]! & 1) read.u32();
      read.u32();
    } else if (kind === 2) {
      if (wasm[read.at++]! & 1) read.u32();
      read.u32();
    } else if (kind === 3) {
      read.skip(2); // global: value type, mutability
    } else {
      throw new Error(`unknown import kind ${kind}`);
    }
  }
  return functions;
}

/**
 * Patches PGlite's module `wasm[from, to)` (read with MMAP_PATCH_SLACK free around it) as the header says;
 * answers the patched module, a view of the same buffer, or null when the module is not the one expected
 * (then nothing is changed).
 */
export function withFreshMmap(
  wasm: Buffer<ArrayBuffer>,
  from: number,
  to: number,
): Buffer<ArrayBuffer> | null {
  const sections = sectionsOf(wasm, from, to);
  const section = (id: number) => sections.find((s) => s.id === id);
  const functions = section(FUNCTION_SECTION);
  const code = section(CODE_SECTION);
  const exports = section(EXPORT_SECTION);
  if (!functions || !code || !exports) return null;
  const named = exportedFunctions(wasm, exports, ['memset', 'emscripten_builtin_memalign']);
  const memset = named.get('memset');
  const memalign = named.get('emscripten_builtin_memalign');
  if (memset === undefined || memalign === undefined) return null;
  const imported = importedFunctionCount(wasm, section(IMPORT_SECTION));

  const types = new Reader(wasm, functions.start);
  const defined = types.u32();
  const typesStart = types.at;
  const typeOfMemalign = (() => {
    for (let i = 0; i < defined; i++) {
      const type = types.u32();
      if (i === memalign - imported) return type;
    }
    return null;
  })();
  if (typeOfMemalign === null) return null;

  // The function bodies' bounds; the mmap is the one body that calls memalign(65536, ...), then memset(ptr, 0,
  // len) with its block in local 2 and the length in local 3, dropping what memset answers.
  const bodies = new Reader(wasm, code.start);
  const count = bodies.u32();
  const firstBody = bodies.at;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const size = bodies.u32();
    starts[i] = bodies.at;
    ends[i] = bodies.at + size;
    bodies.skip(size);
  }
  const added = imported + count; // the added function's index
  const callMemalign = Buffer.from([OP.call, ...leb(memalign)]);
  if (leb(added).length !== leb(memalign).length) return null;
  const zeroing = Buffer.from([
    OP.localGet,
    2,
    OP.i32Const,
    0,
    OP.localGet,
    3,
    OP.call,
    ...leb(memset),
    OP.drop,
  ]);
  const alignment = Buffer.from([OP.i32Const, 0x80, 0x80, 0x04]); // 65536
  const candidates: { body: number; zero: number; call: number }[] = [];
  const codeBytes = wasm.subarray(0, code.end);
  for (let at = codeBytes.indexOf(zeroing, firstBody); at >= 0; at = codeBytes.indexOf(zeroing, at + 1)) {
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const body = wasm.subarray(starts[lo]!, ends[lo]!);
    const align = body.indexOf(alignment);
    const call = align < 0 ? -1 : body.indexOf(callMemalign, align);
    const inside = at + zeroing.length <= ends[lo]!;
    if (inside && call >= 0 && body.indexOf(callMemalign, call + 1) < 0) {
      candidates.push({ body: lo, zero: at, call: starts[lo]! + call });
    }
  }
  if (candidates.length !== 1) return null;
  const mmap = candidates[0]!;

  // The added function: (align, size) -> block. Locals: 2 the memory's size before (bytes), 3 the block, 4 the
  // length of the block's part that lay in that memory.
  //   before = memory.size << 16; block = memalign(align, size)
  //   if (block) { old = block < before ? before - block : 0; memset(block, 0, size < old ? size : old) }
  //   return block
  const i64 = (local: number) => [OP.localGet, local, OP.i64ExtendI32U];
  const freshAware = Buffer.from([
    ...[3, 1, OP.i64, 1, OP.i32, 1, OP.i64],
    ...[OP.memorySize, 0, OP.i64ExtendI32U, OP.i64Const, 16, OP.i64Shl, OP.localSet, 2],
    ...[OP.localGet, 0, OP.localGet, 1, OP.call, ...leb(memalign), OP.localTee, 3],
    ...[OP.if, OP.voidBlock],
    ...[
      OP.localGet,
      2,
      ...i64(3),
      OP.i64Sub,
      OP.i64Const,
      0,
      ...i64(3),
      OP.localGet,
      2,
      OP.i64LtU,
      OP.select,
    ],
    ...[OP.localSet, 4],
    ...[OP.localGet, 3, OP.i32Const, 0],
    ...[...i64(1), OP.localGet, 4, ...i64(1), OP.localGet, 4, OP.i64LtU, OP.select, OP.i32WrapI64],
    ...[OP.call, ...leb(memset), OP.drop],
    ...[OP.end, OP.localGet, 3, OP.end],
  ]);
  const entry = Buffer.from([...leb(freshAware.length), ...freshAware]);

  // The head is written again up to the first body: one more function (of memalign's type), one more body.
  const functionPayload = Buffer.concat([
    Buffer.from(leb(defined + 1)),
    wasm.subarray(typesStart, functions.end),
    Buffer.from(leb(typeOfMemalign)),
  ]);
  const codeCount = Buffer.from(leb(count + 1));
  const codeSize = code.end - firstBody + entry.length + codeCount.length;
  const head = Buffer.concat([
    wasm.subarray(from, functions.header),
    Buffer.from([FUNCTION_SECTION, ...leb(functionPayload.length)]),
    functionPayload,
    wasm.subarray(functions.end, code.header),
    Buffer.from([CODE_SECTION, ...leb(codeSize)]),
    codeCount,
  ]);
  const start = firstBody - head.length;
  if (start < 0 || to + entry.length > wasm.length) return null;

  // The edits: the mmap calls the added function, and its memset is gone; what follows the code (the data, the
  // custom sections) moves up by the added body, which ends the code; the head ends where the first body starts.
  wasm.set(leb(added), mmap.call + 1);
  wasm.fill(OP.nop, mmap.zero, mmap.zero + zeroing.length);
  wasm.copyWithin(code.end + entry.length, code.end, to);
  entry.copy(wasm, code.end);
  head.copy(wasm, start);
  return wasm.subarray(start, to + entry.length);
}
