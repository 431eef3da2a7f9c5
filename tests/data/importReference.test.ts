import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OUT_DIR,
  GENERATED_FILES,
  importReference,
  labelFromXml,
  referenceDir,
  writeGenerated,
} from '../../tools/import-reference';

const REFERENCE = referenceDir();
const present = existsSync(join(REFERENCE, 'colossus-default', 'DefaultMap.xml'));
if (!present) {
  console.warn(
    `\n!!! tests/data/importReference.test.ts: reference data not found at ${REFERENCE};` +
      ' the generated data is NOT being checked against it (set TITAN_REFERENCE_DIR). !!!\n',
  );
}

describe('import-reference', () => {
  it('GEOMETRY.md section 1: Colossus (x, y) to errata 2.2 labels', () => {
    expect(labelFromXml(3, 2)).toBe('D4');
    expect(labelFromXml(0, 4)).toBe('A1');
    expect(labelFromXml(0, 2)).toBe('A3');
    expect(labelFromXml(1, 1)).toBe('B4');
    expect(labelFromXml(3, 0)).toBe('D6');
    expect(labelFromXml(5, 4)).toBe('F1');
    expect(() => labelFromXml(0, 5)).toThrow();
  });

  it.skipIf(!present)('regenerates the committed shared/data/generated files byte for byte', () => {
    const out = mkdtempSync(join(tmpdir(), 'titan-import-'));
    try {
      writeGenerated(REFERENCE, out);
      for (const name of GENERATED_FILES) {
        expect(readFileSync(join(out, name), 'utf8'), name).toBe(
          readFileSync(join(DEFAULT_OUT_DIR, name), 'utf8'),
        );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it.skipIf(!present)('fails loudly when an exit has no entry-sides row, or a row has no exit', () => {
    const copy = mkdtempSync(join(tmpdir(), 'titan-ref-'));
    try {
      cpSync(REFERENCE, copy, { recursive: true });
      const path = join(copy, 'entry-sides.json');
      const json = JSON.parse(readFileSync(path, 'utf8')) as { steps: { from: string; to: string }[] };
      const missing = json.steps.filter((s) => !(s.from === '6000' && s.to === '1000'));
      writeFileSync(path, JSON.stringify({ ...json, steps: missing }));
      expect(() => importReference(copy)).toThrow(/no row for the exit 6000->1000/);
      const extra = [...json.steps, { from: '1', to: '3', sign: 'arrows', entry: 'left' }];
      writeFileSync(path, JSON.stringify({ ...json, steps: extra }));
      expect(() => importReference(copy)).toThrow(/step 1->3 is not an exit/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
