// The end-to-end setting: the browser client built in test mode (its store exposed on window.__titan), the
// real server in this process on an ephemeral port with PGlite in a temporary folder, and headless Chromium.
// The engine is the real one, except that strikes able to carry damage over roll sixes (loadedStrikeDice),
// and that dice and bot choices come from the position itself (deterministic): each test plays the same game
// on every run, whatever the timing of the pages, the bot seat and the machine.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../../server/app';
import { DEFAULT_CONFIG, type ServerConfig } from '../../../server/config';
import { type RulesEngine, rulesEngine } from '../../../server/engine';
import { seededDice } from '../../../shared/engine/random';
import { loadedDice } from './driver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = process.env.TITAN_CHROMIUM ?? '/usr/bin/chromium';

/** Builds web-client/ with `--mode test` into a temporary folder (never over the production build). */
export async function buildTestClient(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'titan-e2e-client-'));
  await build({
    configFile: path.join(ROOT, 'web-client/vite.config.ts'),
    mode: 'test',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * The real engine, except that a strike whose option can carry damage over (errata 12.4) rolls all sixes (a six
 * always hits, errata 12.7), so a battle reaches a carry-over choice without waiting for luck. Every other roll
 * comes from the server's own dice.
 */
export const loadedStrikeDice: RulesEngine = {
  ...rulesEngine,
  decide: (state, actor, intent, dice) =>
    rulesEngine.decide(state, actor, intent, loadedDice(state, intent, dice)),
};

/** The real engine with every strike and rangestrike rolling sixes: battles are short, games end quickly. */
export const everyStrikeHits: RulesEngine = {
  ...rulesEngine,
  decide(state, actor, intent, dice) {
    const sixes = intent.type === 'strike' || intent.type === 'rangestrike';
    return rulesEngine.decide(
      state,
      actor,
      intent,
      sixes ? { roll: (n) => Array.from({ length: n }, () => 6) } : dice,
    );
  },
};

/**
 * `engine` with every roll and every bot choice drawn from a seed that is a hash of `salt`, the state, the intent
 * (or the bot's seat) and how often that same question was asked before (a tie of tower rolls, 1.3.1, leaves the
 * state as it was): the same game always gets the same dice and the same bot moves, so a test's game does not
 * depend on when each page or the bot happened to act. The server's own dice are ignored.
 */
export function deterministic(engine: RulesEngine, salt: string): RulesEngine {
  const asked = new Map<string, number>();
  const seedOf = (...parts: unknown[]): number => {
    const key = createHash('sha256').update(salt).update(JSON.stringify(parts)).digest('hex');
    const n = asked.get(key) ?? 0;
    asked.set(key, n + 1);
    return createHash('sha256').update(`${key}:${n}`).digest().readUInt32BE(0);
  };
  return {
    ...engine,
    decide: (state, actor, intent) => engine.decide(state, actor, intent, seededDice(seedOf(state, intent))),
    botIntent: (state, player, level, _seed, budgetMs) =>
      engine.botIntent(state, player, level, seedOf(state, player), budgetMs),
  };
}

export interface E2EServer {
  readonly url: string;
  app(): FastifyInstance;
  /** Stops the server (sockets closed with 1001, as on a deploy) and starts it again on the same port and data. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startE2EServer(
  webClientDir: string,
  engine: RulesEngine,
  overrides: Partial<ServerConfig> = {},
): Promise<E2EServer> {
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'titan-e2e-data-')),
    botDelayMs: 0,
    logLevel: 'silent',
    webClientDir,
    // The test drives two players from one process: no rate limit should get in its way.
    messagesPerSecond: 1000,
    messageBurst: 1000,
    ...overrides,
  };
  const listen = async (port: number): Promise<{ app: FastifyInstance; port: number }> => {
    // TITAN_E2E_LOG=<level> shows the server's log (pino JSON on stdout) when a test needs looking into.
    const level = process.env.TITAN_E2E_LOG;
    const app = await buildApp({ config, engine, logger: level ? { level } : false });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no port');
    return { app, port: address.port };
  };
  let running = await listen(0);
  const port = running.port;
  return {
    url: `http://127.0.0.1:${port}`,
    app: () => running.app,
    async restart() {
      await running.app.close();
      running = await listen(port);
    },
    close: () => running.app.close(),
  };
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
