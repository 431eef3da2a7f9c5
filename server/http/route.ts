// Registers a handler for one entry of the REST route table (shared/protocol/rest.ts): the bearer
// token is checked, params/query/body are parsed with the route's zod schemas, the handler's result is
// parsed with the response schema (unknown fields never leave), and refusals become
// `{ error: { code, message } }` with their status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type RestRoute, wellFormed } from '../../shared/protocol/rest';
import { fieldName, inWords } from '../../shared/protocol/words';
import type { AccessClaims, AccessTokens } from '../auth/tokens';
import { HttpError, tooManyRequests, unauthorised } from './errors';
import type { UserRequests } from './userRequests';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each signed-in user's REST budget (app.ts: TITAN_LIMIT_REQUESTS_PER_MINUTE). */
    readonly userRequests?: UserRequests;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<R extends RestRoute> {
  readonly params: Parsed<R['params']>;
  readonly query: Parsed<R['query']>;
  readonly body: Parsed<R['body']>;
  readonly user: R['auth'] extends true ? AccessClaims : null;
  readonly request: FastifyRequest;
}

export type Handler<R extends RestRoute> = (ctx: RouteContext<R>) => Promise<z.input<R['response']>>;

/** The bearer token's claims, or null when there is none or it is invalid. */
export async function bearer(request: FastifyRequest, tokens: AccessTokens): Promise<AccessClaims | null> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ? tokens.verify(match[1]) : null;
}

/** The path (e.g. `['displayName']`) of the first string or key in `value` that is not well-formed Unicode
 *  (a lone surrogate), or null. */
function illFormed(value: unknown, at: readonly string[] = [], depth = 0): readonly string[] | null {
  if (typeof value === 'string') return wellFormed(value) ? null : at;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!wellFormed(key)) return at;
    const found = illFormed(inner, [...at, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown, where: string): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const bad = illFormed(value);
  if (bad) {
    throw new HttpError(400, 'invalidRequest', `The ${fieldName(bad, where)} is not valid Unicode text.`);
  }
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new HttpError(400, 'invalidRequest', inWords(result.error, where));
  }
  return result.data as Parsed<S>;
}

/** Calls per address allowed in a window (@fastify/rate-limit; over it: 429 with Retry-After). */
export interface AddressLimit {
  readonly max: number;
  readonly timeWindow: number;
}

export function addRoute<R extends RestRoute>(
  app: FastifyInstance,
  tokens: AccessTokens,
  route: R,
  handler: Handler<R>,
  perAddress?: AddressLimit,
): void {
  app.route({
    method: route.method,
    url: route.path,
    ...(perAddress ? { config: { rateLimit: perAddress } } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const user = route.auth ? await bearer(request, tokens) : null;
        if (route.auth && !user) throw unauthorised();
        const wait = user ? ((await request.server.userRequests?.take(user.userId)) ?? 0) : 0;
        if (wait > 0) throw tooManyRequests('Too many requests: try again in a moment.', wait);
        const ctx = {
          params: parse(route.params, request.params, 'path'),
          query: parse(route.query, request.query, 'query'),
          body: parse(route.body, request.body, 'body'),
          user,
          request,
        } as RouteContext<R>;
        const result = route.response.parse(await handler(ctx));
        reply.code(route.status);
        return route.status === 204 ? reply.send() : result;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request.log.info({ code: error.code, status: error.status }, 'request refused');
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
        return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
      }
    },
  });
}
