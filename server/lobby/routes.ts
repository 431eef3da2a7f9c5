// The lobby routes of the REST table (shared/protocol/rest.ts).
import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../shared/protocol/rest';
import type { AccessTokens } from '../auth/tokens';
import { addRoute } from '../http/route';
import type { Lobby } from './lobby';

export async function lobbyRoutes(app: FastifyInstance, opts: { tokens: AccessTokens; lobby: Lobby }) {
  const { tokens, lobby } = opts;
  const r = REST_ROUTES;
  addRoute(app, tokens, r.createGame, ({ user, body }) => lobby.create(user, body, true));
  addRoute(app, tokens, r.listGames, async ({ user, query }) => ({
    games: await lobby.list(user, query.status),
  }));
  addRoute(app, tokens, r.getGame, ({ user, params, query }) =>
    lobby.summary(user, params.game, query.invite),
  );
  addRoute(app, tokens, r.joinGame, ({ user, params, body }) => lobby.join(user, params.game, body));
  addRoute(app, tokens, r.leaveGame, ({ user, params }) => lobby.leave(user, params.game));
  addRoute(app, tokens, r.addBot, ({ user, params, body }) =>
    lobby.addBot(user, params.game, body.seat, body.level),
  );
  addRoute(app, tokens, r.removeBot, ({ user, params }) => lobby.removeBot(user, params.game, params.seat));
  addRoute(app, tokens, r.startGame, ({ user, params }) => lobby.start(user, params.game));
  addRoute(app, tokens, r.history, ({ user, params, query }) =>
    lobby.history(user, params.game, query.after, query.limit, query.invite),
  );
  addRoute(app, tokens, r.replay, ({ user, params, query }) =>
    lobby.replay(user, params.game, query.after, query.limit, query.invite),
  );
  addRoute(app, tokens, r.liveBattles, async () => ({ battles: lobby.liveBattles() }));
  addRoute(app, tokens, r.dice, ({ user, params, query }) =>
    lobby.diceProof(user, params.game, query.invite),
  );
}
