import type { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../server/ws/frame';

/** `ws`'s frame parser (a writable stream; exported, not in its types). */
const { Receiver } = ws as unknown as {
  Receiver: new (options: { isServer: boolean }) => EventEmitter & { write(chunk: Buffer): void };
};

/** What a websocket client makes of `frame`: the messages it reads from it. */
function read(frame: Buffer): Promise<{ text: string; isBinary: boolean }> {
  const receiver = new Receiver({ isServer: false });
  const message = new Promise<{ text: string; isBinary: boolean }>((resolve, reject) => {
    receiver.on('message', (data: Buffer, isBinary: boolean) => resolve({ text: data.toString(), isBinary }));
    receiver.on('error', reject);
  });
  receiver.write(frame);
  return message;
}

describe('a server message framed once (issue 16)', () => {
  // Each size of the payload length's three forms, and its edges (RFC 6455 5.2); one character of two bytes.
  it.each([0, 125, 126, 65_535, 65_536, 200_000])(
    'a %i-byte text reads back whole, as text',
    async (size) => {
      const text = size === 0 ? '' : `é${'x'.repeat(size - 2)}`;
      expect(Buffer.byteLength(text)).toBe(size);
      expect(await read(textFrame(text))).toEqual({ text, isBinary: false });
    },
  );
});
