// Cluster mode's message bus: Redis pub/sub (ioredis) between the server processes. Each process listens
// on its own channel (calls, their replies, and the game messages for its sockets, in the order they were
// published: Redis keeps one publisher's order on a channel) and on one channel for all (ended sessions).
// A process is alive while its key, renewed every third of `aliveMs`, has not expired.
// Every key and channel begins with the deployment's prefix (config `redisPrefix`): ioredis's `keyPrefix` adds it
// to the keys of every command on `redis` (the shared rate limits, locks and lists name theirs without it);
// channels, which it leaves alone, get it here.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const aliveKey = (node: string) => `alive:${node}`;

type Frame =
  | { readonly k: 'call'; readonly id: string; readonly from: string; readonly body: unknown }
  | { readonly k: 'reply'; readonly id: string; readonly body?: unknown; readonly error?: string }
  | { readonly k: 'push'; readonly body: unknown }
  | { readonly k: 'all'; readonly from: string; readonly body: unknown };

/** A call whose process did not answer in time (it may be gone): nothing is known of its outcome. */
export class CallTimeout extends Error {}

export interface Bus {
  readonly node: string;
  /** Sends `body` to process `node` (handled by `onPush` there), after what was sent before. */
  push(node: string, body: unknown): void;
  /** Asks process `node` (its `serve` handler); rejects with CallTimeout after `timeoutMs`. */
  call(node: string, body: unknown, timeoutMs: number): Promise<unknown>;
  /** Tells every other process (`onAll`). */
  tellAll(body: unknown): void;
  serve(handler: (body: unknown, from: string) => Promise<unknown>): void;
  onPush(handler: (body: unknown) => void): void;
  onAll(handler: (body: unknown) => void): void;
  /** Calls `handler` each time this process's subscription was down and is back: what was published
   *  meanwhile never reached it. */
  onReconnected(handler: () => void): void;
  /** The processes calls are waiting for. */
  waitingFor(): string[];
  /** Fails at once (CallTimeout) every call waiting for process `node` (it is gone). */
  abandon(node: string): void;
  /** Which of these processes are alive. */
  alive(nodes: readonly string[]): Promise<Set<string>>;
  /** The Redis connection for commands (shared rate limits), its keys under the deployment's prefix. */
  readonly redis: Redis;
  close(): Promise<void>;
}

export async function openBus(url: string, prefix: string, node: string, aliveMs: number): Promise<Bus> {
  // Loaded here, in cluster mode only: a single server does not load (nor parse) ioredis when it starts.
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true };
  // The commands of one tick go out in one write (publishes of a batch's messages, calls, replies).
  const redis = new Redis(url, { ...options, keyPrefix: prefix, enableAutoPipelining: true });
  // Named, so that an operator (and the tests) can tell it in Redis's CLIENT LIST.
  const sub = new Redis(url, { ...options, connectionName: `titan-sub-${node}` });
  await Promise.all([redis.connect(), sub.connect()]);
  const nodeChannel = (to: string) => `${prefix}node:${to}`;
  const ALL = `${prefix}all`;
  const pending = new Map<
    string,
    { to: string; resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  let serve: ((body: unknown, from: string) => Promise<unknown>) | null = null;
  let onPush: (body: unknown) => void = () => {};
  let onAll: (body: unknown) => void = () => {};
  let onReconnected: () => void = () => {};
  // A message that cannot be published (Redis gone, or closing) is lost like one to a dead process: a call
  // times out, and the socket is told to send it again.
  const publish = (channel: string, frame: Frame) =>
    void redis.publish(channel, JSON.stringify(frame)).catch(() => undefined);

  sub.on('message', (_channel: string, text: string) => {
    const frame = JSON.parse(text) as Frame;
    switch (frame.k) {
      case 'push':
        return onPush(frame.body);
      case 'all':
        if (frame.from !== node) onAll(frame.body);
        return;
      case 'reply': {
        const waiting = pending.get(frame.id);
        pending.delete(frame.id);
        if (!waiting) return;
        if (frame.error !== undefined) waiting.reject(new Error(frame.error));
        else waiting.resolve(frame.body);
        return;
      }
      case 'call': {
        const handler = serve;
        if (!handler) return;
        handler(frame.body, frame.from).then(
          (body) => publish(nodeChannel(frame.from), { k: 'reply', id: frame.id, body }),
          (error: unknown) =>
            publish(nodeChannel(frame.from), { k: 'reply', id: frame.id, error: String(error) }),
        );
        return;
      }
      default:
        return frame satisfies never;
    }
  });
  await sub.subscribe(nodeChannel(node), ALL);
  // Every `ready` after this one is a reconnection (ioredis subscribes again by itself).
  sub.on('ready', () => onReconnected());
  const beat = () => void redis.set(aliveKey(node), '1', 'PX', aliveMs).catch(() => undefined);
  beat();
  const beating = setInterval(beat, Math.max(100, Math.floor(aliveMs / 3)));
  beating.unref();

  return {
    node,
    redis,
    push: (to, body) => publish(nodeChannel(to), { k: 'push', body }),
    call(to, body, timeoutMs) {
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new CallTimeout(`process ${to} did not answer`));
        }, timeoutMs);
        pending.set(id, {
          to,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        publish(nodeChannel(to), { k: 'call', id, from: node, body });
      });
    },
    tellAll: (body) => publish(ALL, { k: 'all', from: node, body }),
    serve(handler) {
      serve = handler;
    },
    onPush(handler) {
      onPush = handler;
    },
    onAll(handler) {
      onAll = handler;
    },
    onReconnected(handler) {
      onReconnected = handler;
    },
    waitingFor: () => [...new Set([...pending.values()].map((c) => c.to))],
    abandon(to) {
      for (const [id, call] of pending) {
        if (call.to !== to) continue;
        pending.delete(id);
        call.reject(new CallTimeout(`process ${to} is gone`));
      }
    },
    async alive(nodes) {
      if (nodes.length === 0) return new Set();
      const values = await redis.mget(...nodes.map(aliveKey));
      return new Set(nodes.filter((_, i) => values[i] !== null));
    },
    async close() {
      clearInterval(beating);
      for (const { reject } of pending.values()) reject(new CallTimeout('closing'));
      pending.clear();
      await redis.del(aliveKey(node)).catch(() => undefined);
      sub.disconnect();
      redis.disconnect();
    },
  };
}
