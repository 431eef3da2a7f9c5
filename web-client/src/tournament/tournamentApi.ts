// The tournament calls of the REST API (shared/protocol/rest.ts, tournaments tag). Types only from
// shared/protocol (no zod in the bundle).
import type { z } from 'zod';
import type {
  correctResultBody,
  createTournamentBody,
  TournamentDetail,
  TournamentSummary,
} from '../../../shared/protocol/tournament';
import { authed } from '../app/api';

export type CreateTournamentInput = z.input<typeof createTournamentBody>;
export type CorrectResultInput = z.input<typeof correctResultBody>;

const base = (id: string) => `/api/tournaments/${id}`;
const post = (id: string, path: string, body: unknown = {}) =>
  authed<TournamentDetail>('POST', `${base(id)}${path}`, body);

export const tournamentApi = {
  list: () => authed<{ tournaments: TournamentSummary[] }>('GET', '/api/tournaments?status=all'),
  create: (body: CreateTournamentInput) => authed<TournamentDetail>('POST', '/api/tournaments', body),
  get: (id: string, invite?: string) =>
    authed<TournamentDetail>('GET', `${base(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`),
  register: (id: string, inviteCode?: string) => post(id, '/register', inviteCode ? { inviteCode } : {}),
  withdraw: (id: string) => post(id, '/withdraw'),
  addBot: (id: string) => post(id, '/bots'),
  seed: (id: string, entrant: string, seed: number | null) => post(id, `/entrants/${entrant}/seed`, { seed }),
  start: (id: string) => post(id, '/start'),
  startStage: (id: string, stage: number) => post(id, `/stages/${stage}/start`),
  adjourn: (id: string, stage: number, reason: string) => post(id, `/stages/${stage}/adjourn`, { reason }),
  resume: (id: string, stage: number) => post(id, `/stages/${stage}/resume`),
  enterHeat: (id: string, stage: number, round: number) => post(id, `/stages/${stage}/heats/${round}/enter`),
  forfeit: (id: string, table: string, winner: string, reason: string) =>
    post(id, `/tables/${table}/forfeit`, { winner, reason }),
  correct: (id: string, table: string, body: CorrectResultInput) =>
    post(id, `/tables/${table}/correct`, body),
  replace: (id: string, table: string, entrant: string, reason: string) =>
    post(id, `/tables/${table}/replace`, { entrant, reason }),
  endGame: (id: string, table: string, reason: string) => post(id, `/tables/${table}/end`, { reason }),
  remove: (id: string, entrant: string, reason: string) =>
    post(id, `/entrants/${entrant}/remove`, { reason }),
};
