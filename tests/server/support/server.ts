// A real server for tests: the app on an ephemeral port, the real engine, PGlite in a temporary data
// folder (or a PostgreSQL URL), bots without delay.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { DEFAULT_CONFIG, type ServerConfig, UNCAPPED_LIMITS } from '../../../server/config';
import { type RulesEngine, rulesEngine } from '../../../server/engine';

export const tempDataDir = (): string => mkdtempSync(path.join(tmpdir(), 'titan-test-'));

export interface TestServer {
  readonly app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly wsUrl: string;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    port: 0,
    host: '127.0.0.1',
    dataDir: tempDataDir(),
    botDelayMs: 0,
    // A test player who leaves stays his seat's player (tests/server/clocks.test.ts turns it on).
    absentGraceSeconds: null,
    // Test players answer at machine speed.
    messagesPerSecond: 10_000,
    messageBurst: 10_000,
    // Every test user signs up from 127.0.0.1: the per-address and per-user caps are tested on their own.
    limits: UNCAPPED_LIMITS,
    // Password hashing at OWASP's cost would make every registration take a quarter second.
    scryptN: 2 ** 10,
    logLevel: 'silent',
    webClientDir: path.join(tmpdir(), 'titan-no-web-client'),
    ...overrides,
  };
}

export async function buildTestApp(
  config: ServerConfig,
  engine: RulesEngine = rulesEngine,
): Promise<FastifyInstance> {
  const level = process.env.TITAN_TEST_LOG;
  return buildApp({ config, engine, logger: level ? { level } : false });
}

/** Builds and listens (the `ready` hooks run: running games' rooms are rebuilt). */
export async function startServer(
  config: ServerConfig,
  engine: RulesEngine = rulesEngine,
): Promise<TestServer> {
  const app = await buildTestApp(config, engine);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return { app, url, wsUrl: `ws://127.0.0.1:${address.port}/ws`, close: () => app.close() };
}
