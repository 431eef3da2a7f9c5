// The bundled server's bulk is written in ASCII alone (tools/buildServer.ts oneByte, issue 16), so that V8
// holds its source as one-byte text: esbuild escapes the characters beyond ASCII in strings and names only.
import vm from 'node:vm';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { oneByte } from '../../tools/buildServer';

describe('server bundle', () => {
  it('is ASCII alone, comments and regular expressions included, and does what it did', async () => {
    const source = [
      '/*! formdata-polyfill. MIT License. Jimmy Wärting — a comment esbuild keeps as written */',
      "module.exports = { text: 'Tipus d’unió → ok', dash: /^a[–—]b$/.test('a–b'), not: /–/u.test('a-b') };",
    ].join('\n');
    const { code } = await transform(source, { format: 'cjs', charset: 'ascii', loader: 'js' });
    expect(code).toMatch(/[\u0080-\uffff]/);
    const ascii = oneByte(code);
    expect(ascii).not.toMatch(/[\u0080-\uffff]/);
    expect(ascii).toContain('Jimmy W\\u00e4rting');
    const module = { exports: {} };
    vm.runInNewContext(ascii, { module });
    expect(module.exports).toEqual({ text: 'Tipus d’unió → ok', dash: true, not: false });
  });
});
