// The tournament routes of the REST table (shared/protocol/rest.ts).
import type { FastifyInstance } from 'fastify';
import { REST_ROUTES } from '../../shared/protocol/rest';
import type { AccessTokens } from '../auth/tokens';
import { addRoute } from '../http/route';
import type { Tournaments } from './tournaments';

export async function tournamentRoutes(
  app: FastifyInstance,
  opts: { tokens: AccessTokens; tournaments: Tournaments },
) {
  const { tokens, tournaments: t } = opts;
  const r = REST_ROUTES;
  addRoute(app, tokens, r.createTournament, ({ user, body }) => t.create(user, body));
  addRoute(app, tokens, r.listTournaments, async ({ user, query }) => ({
    tournaments: await t.list(user, query.status),
  }));
  addRoute(app, tokens, r.getTournament, ({ user, params, query }) =>
    t.detail(user, params.tournament, query.invite),
  );
  addRoute(app, tokens, r.registerTournament, ({ user, params, body }) =>
    t.register(user, params.tournament, body.inviteCode),
  );
  addRoute(app, tokens, r.withdrawTournament, ({ user, params }) => t.withdraw(user, params.tournament));
  addRoute(app, tokens, r.addBotEntrant, ({ user, params, body }) =>
    t.addBot(user, params.tournament, body.name),
  );
  addRoute(app, tokens, r.seedEntrant, ({ user, params, body }) =>
    t.seedEntrant(user, params.tournament, params.entrant, body.seed),
  );
  addRoute(app, tokens, r.startTournament, ({ user, params }) => t.start(user, params.tournament));
  addRoute(app, tokens, r.startStage, ({ user, params }) =>
    t.startStage(user, params.tournament, params.stage),
  );
  addRoute(app, tokens, r.adjournStage, ({ user, params, body }) =>
    t.adjourn(user, params.tournament, params.stage, body.reason),
  );
  addRoute(app, tokens, r.resumeStage, ({ user, params }) => t.resume(user, params.tournament, params.stage));
  addRoute(app, tokens, r.enterHeat, ({ user, params }) =>
    t.enterHeat(user, params.tournament, params.stage, params.round),
  );
  addRoute(app, tokens, r.forfeitTable, ({ user, params, body }) =>
    t.forfeit(user, params.tournament, params.table, body),
  );
  addRoute(app, tokens, r.correctTable, ({ user, params, body }) =>
    t.correct(user, params.tournament, params.table, body),
  );
  addRoute(app, tokens, r.replaceEntrant, ({ user, params, body }) =>
    t.replace(user, params.tournament, params.table, body.entrant, body.reason),
  );
  addRoute(app, tokens, r.endTableGame, ({ user, params, body }) =>
    t.endGame(user, params.tournament, params.table, body.reason),
  );
  addRoute(app, tokens, r.removeEntrant, ({ user, params, body }) =>
    t.remove(user, params.tournament, params.entrant, body.reason),
  );
}
