// A refusal of a REST call: thrown by the services, turned into `{ error: { code, message } }` with its
// HTTP status by the route helper (server/http/route.ts).
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    readonly code: string,
    message: string,
    /** With 429: the `Retry-After` header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The status under the name fastify's error handler reads. */
  get statusCode(): number {
    return this.status;
  }
}

export const unauthorised = (message = 'Sign in first: a valid access token is required.') =>
  new HttpError(401, 'unauthorised', message);
export const notFound = (what: string) => new HttpError(404, 'notFound', `No such ${what}.`);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
/** A cap was reached (server/config.ts `Limits`): try again after `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rateLimited', message, Math.max(1, Math.ceil(retryAfterSeconds)));
