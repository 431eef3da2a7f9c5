// Bot decisions that take more than a few milliseconds (the normal and strong levels) run in a worker
// thread, so a bot thinking never blocks the event loop that serves every other room. One worker, started
// on first use and unref'd (an idle worker keeps nothing alive); requests queue in it. A decision not back
// within its budget plus a grace period is given up (the caller falls back on the engine's default intent).
import type { Worker } from 'node:worker_threads';
import type { BotLevel, BotSight } from '../shared/bot/index';
import type { Intent } from '../shared/engine/index';
import type { BotRequest } from './botWorker';
import { startWorker } from './paths';

/** Beyond the budget: the first request also waits for the worker to start (about 2 s on a busy machine). */
const GRACE_MS = 10_000;

type Reply = { id: number; intent: Intent | null } | { id: number; error: string };

export class BotPool {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  /** The bot's choice, computed in the worker. */
  choose(sight: BotSight, level: BotLevel, seed: number, budgetMs: number): Promise<Intent | null> {
    const worker = this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the ${level} bot took more than ${budgetMs + GRACE_MS} ms`));
      }, budgetMs + GRACE_MS);
      timer.unref();
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply.intent);
      });
      worker.postMessage({ id, sight, level, seed, budgetMs } satisfies BotRequest);
    });
  }

  private start(): Worker {
    if (this.worker !== null) return this.worker;
    const w = startWorker('server/botWorker.ts');
    w.unref();
    w.on('message', (reply: Reply) => {
      const settle = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      settle?.(reply);
    });
    w.on('error', (error) => {
      for (const [id, settle] of this.waiting) settle({ id, error: String(error) });
      this.waiting.clear();
      if (this.worker === w) this.worker = null;
    });
    this.worker = w;
    return w;
  }
}

/** The server's one pool (server/engine.ts). */
export const botPool = new BotPool();
