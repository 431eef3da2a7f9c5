// The browser client (web-client/, built by Vite into web-client/dist) served at `/` from the same
// port when the build exists; unknown non-API GETs asking for HTML get its index.html (client-side
// routes). Everything else unknown is a 404 in the API's error shape.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PATHS = /^\/(api|ws|health|openapi\.json|protocol\.json|metrics)(\/|$|\?)/;

export async function webClient(app: FastifyInstance, dir: string): Promise<void> {
  const served = existsSync(path.join(dir, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, { root: dir, prefix: '/' });
  } else {
    app.log.info({ dir }, 'no web client build: serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      served &&
      request.method === 'GET' &&
      !API_PATHS.test(request.url) &&
      request.headers.accept?.includes('text/html')
    ) {
      return reply.sendFile('index.html');
    }
    // The address is not echoed: it is the caller's text, not words for a player (issue 14 item 5).
    return reply
      .code(404)
      .send({ error: { code: 'notFound', message: 'There is nothing at this address.' } });
  });
}
