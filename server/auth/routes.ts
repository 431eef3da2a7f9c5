// The account routes of the REST table (shared/protocol/rest.ts).
import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../shared/protocol/rest';
import { unauthorised } from '../http/errors';
import { addRoute } from '../http/route';
import type { Accounts } from './accounts';
import type { AccessTokens } from './tokens';

export async function accountRoutes(
  app: FastifyInstance,
  opts: { tokens: AccessTokens; accounts: Accounts },
) {
  const { tokens, accounts } = opts;
  addRoute(app, tokens, REST_ROUTES.register, ({ body }) => accounts.register(body));
  addRoute(app, tokens, REST_ROUTES.login, ({ body }) => accounts.login(body));
  addRoute(app, tokens, REST_ROUTES.guest, ({ body }) => accounts.guest(body));
  addRoute(app, tokens, REST_ROUTES.refresh, ({ body }) => accounts.refresh(body.refreshToken));
  addRoute(app, tokens, REST_ROUTES.reclaim, ({ body }) => accounts.reclaim(body.code));
  addRoute(app, tokens, REST_ROUTES.logout, async ({ body }) => {
    await accounts.logout(body.refreshToken);
    return {};
  });
  addRoute(app, tokens, REST_ROUTES.me, async ({ user }) => {
    const me = await accounts.user(user.userId);
    if (!me) throw unauthorised('This account no longer exists.');
    return me;
  });
}
