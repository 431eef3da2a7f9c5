// The server's own routes: liveness, the OpenAPI document, the websocket protocol's JSON Schema, and
// the metrics. None needs a token.
import type { FastifyInstance } from 'fastify';
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
  readonly version: string;
}

export async function serverRoutes(app: FastifyInstance, opts: DocsOptions) {
  const started = Date.now();
  const openapi = openApiDocument(opts.version);
  const protocol = protocolJsonSchema();

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
  app.get('/openapi.json', async () => openapi);
  app.get('/protocol.json', async () => protocol);
  app.get('/metrics', async () => ({
    counters: opts.metrics.read(),
    gauges: { rooms: opts.rooms.size, sockets: opts.gateway.connections.size },
  }));
}
