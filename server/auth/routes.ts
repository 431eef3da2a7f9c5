// The account routes of the REST table (shared/protocol/rest.ts).
import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../shared/protocol/rest';
import type { Limits } from '../config';
import { HttpError, tooManyRequests, unauthorised } from '../http/errors';
import { addRoute } from '../http/route';
import type { Accounts } from './accounts';
import { type LoginBackoff, loginBackoff } from './loginBackoff';
import type { AccessTokens } from './tokens';

export async function accountRoutes(
  app: FastifyInstance,
  opts: { tokens: AccessTokens; accounts: Accounts; limits: Limits; backoff?: LoginBackoff },
) {
  const { tokens, accounts, limits } = opts;
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  addRoute(app, tokens, REST_ROUTES.register, ({ body }) => accounts.register(body), {
    max: limits.signUpsPerHour,
    timeWindow: HOUR,
  });
  const backoff = opts.backoff ?? loginBackoff(limits.loginFailures);
  addRoute(
    app,
    tokens,
    REST_ROUTES.login,
    async ({ body }) => {
      const username = body.username.toLowerCase();
      const wait = await backoff.attempt(username);
      if (wait > 0) {
        throw tooManyRequests(`Too many wrong passwords for this username: try again in ${wait} s.`, wait);
      }
      try {
        const signedIn = await accounts.login(body);
        await backoff.succeeded(username);
        return signedIn;
      } catch (error) {
        // A wrong password stays counted (it was when the try began).
        if (!(error instanceof HttpError && error.status === 401)) await backoff.withdrawn(username);
        throw error;
      }
    },
    {
      max: limits.signInsPerMinute,
      timeWindow: MINUTE,
    },
  );
  addRoute(app, tokens, REST_ROUTES.guest, ({ body }) => accounts.guest(body), {
    max: limits.guestsPerHour,
    timeWindow: HOUR,
  });
  // The refresh and the sign-out carry no access token: counted per address.
  const calls = { max: limits.requestsPerMinute, timeWindow: MINUTE };
  addRoute(app, tokens, REST_ROUTES.refresh, ({ body }) => accounts.refresh(body.refreshToken), calls);
  // A guest's sign-in with his reclaim code counts as a sign-in.
  addRoute(app, tokens, REST_ROUTES.reclaim, ({ body }) => accounts.reclaim(body.code), {
    max: limits.signInsPerMinute,
    timeWindow: MINUTE,
  });
  addRoute(
    app,
    tokens,
    REST_ROUTES.logout,
    async ({ body }) => {
      await accounts.logout(body.refreshToken);
      return {};
    },
    calls,
  );
  addRoute(app, tokens, REST_ROUTES.me, async ({ user }) => {
    const me = await accounts.user(user.userId);
    if (!me) throw unauthorised('This account no longer exists.');
    return me;
  });
}
