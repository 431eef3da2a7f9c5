// A refusal of a REST call: thrown by the services, turned into `{ error: { code, message } }` with its
// HTTP status by the route helper (server/http/route.ts).
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const unauthorised = (message = 'Sign in first: a valid access token is required.') =>
  new HttpError(401, 'unauthorised', message);
export const notFound = (what: string) => new HttpError(404, 'notFound', `No such ${what}.`);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
