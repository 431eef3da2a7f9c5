// The bot's thinking off the event loop: a worker thread that answers each request (a seat's sight, level,
// seed and budget) with the bot's choice (shared/bot chooseFromSight). Started by botPool.ts.
import { parentPort } from 'node:worker_threads';
import { type BotLevel, type BotSight, chooseFromSight } from '../shared/bot/index';

export interface BotRequest {
  readonly id: number;
  readonly sight: BotSight;
  readonly level: BotLevel;
  readonly seed: number;
  readonly budgetMs: number;
}

parentPort?.on('message', (r: BotRequest) => {
  try {
    parentPort?.postMessage({ id: r.id, intent: chooseFromSight(r.sight, r.level, r.seed, r.budgetMs) });
  } catch (e) {
    parentPort?.postMessage({ id: r.id, error: (e as Error).stack ?? String(e) });
  }
});
