// The server's own HTTP surface: the built web client served at `/` (with client-side routes), JSON
// 404s for unknown API paths, the metrics, and /health turning 503 when the database is gone.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api';
import { buildTestApp, testConfig } from './support/server';

let app: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'titan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TITAN</title>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("titan")');
  app = await buildTestApp(testConfig({ webClientDir: dist }));
});
afterAll(async () => {
  await app.close();
});

describe('http', () => {
  it('serves the web client at / and its files, and index.html for client-side routes', async () => {
    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>TITAN</title>');
    const js = await app.inject({ url: '/assets/app.js' });
    expect(js.body).toContain('titan');
    const route = await app.inject({ url: '/games/123', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>TITAN</title>');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call<{ error: { code: string } }>(app, 'GET', '/api/nothing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('notFound');
  });

  it('refuses a body that is not JSON with a 400 in the API error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it('counts what happens in /metrics', async () => {
    const res = await call<{ counters: Record<string, number>; gauges: Record<string, number> }>(
      app,
      'GET',
      '/metrics',
    );
    expect(res.status).toBe(200);
    expect(res.body.counters).toHaveProperty('intentsAccepted', 0);
    expect(res.body.gauges).toEqual({ rooms: 0, sockets: 0 });
  });

  it('/health is 503 with the database unreachable', async () => {
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    await app.titan.db.close();
    const res = await app.inject({ url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
  });
});
