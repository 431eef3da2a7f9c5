// The server's own routes: liveness, the OpenAPI document, the websocket protocol's JSON Schema, and
// the metrics. Only the metrics need a token (TITAN_METRICS_TOKEN), or else a loopback caller.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { protocolJsonSchema } from '../../shared/protocol/messages';
import { healthSchema, openApiDocument } from '../../shared/protocol/rest';
import type { Database } from '../db/database';
import type { Metrics } from '../metrics';
import type { Rooms } from '../rooms/rooms';
import type { Gateway } from '../ws/gateway';

export interface DocsOptions {
  readonly db: Database;
  readonly rooms: Rooms;
  readonly gateway: Gateway;
  readonly metrics: Metrics;
  /** GET /metrics needs `Authorization: Bearer <this>`; null: only loopback callers may read it. */
  readonly metricsToken: string | null;
  readonly version: string;
}

export async function serverRoutes(app: FastifyInstance, opts: DocsOptions) {
  const started = Date.now();
  // Built on first request, not at start (some 40 ms of JSON Schema before the first intent, issue 16).
  let openapi: Record<string, unknown> | null = null;
  let protocol: Record<string, unknown> | null = null;

  app.get('/health', async (_request, reply) => {
    const reachable = await opts.db.ping();
    const body = healthSchema.parse({
      status: reachable ? 'ok' : 'degraded',
      database: { kind: opts.db.kind, reachable },
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      rooms: opts.rooms.size,
      sockets: opts.gateway.connections.size,
    });
    return reply.code(reachable ? 200 : 503).send(body);
  });
  app.get('/openapi.json', async () => (openapi ??= openApiDocument(opts.version)));
  app.get('/protocol.json', async () => (protocol ??= protocolJsonSchema()));
  const expected = opts.metricsToken === null ? null : Buffer.from(`Bearer ${opts.metricsToken}`);
  const loopback = (ip: string | undefined) =>
    ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
  /** A caller on this machine: a loopback socket, and not a proxy on this machine passing a request on. */
  const local = (request: FastifyRequest) =>
    loopback(request.socket.remoteAddress) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined;
  app.get(
    '/metrics',
    {
      onRequest: async (request, reply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        const allowed =
          expected === null
            ? local(request)
            : given.length === expected.length && timingSafeEqual(given, expected);
        if (!allowed) {
          return reply.code(401).send({
            error: {
              code: 'unauthorised',
              message: 'The metrics need the metrics token (TITAN_METRICS_TOKEN).',
            },
          });
        }
      },
    },
    async () => ({
      counters: opts.metrics.read(),
      gauges: { rooms: opts.rooms.size, sockets: opts.gateway.connections.size },
    }),
  );
}
