// Whole games through a running server: socket players (and bots) play to the end while a spectator
// watches; then every payload each of them received is checked against the log (support/leaks.ts),
// the room's state against a replay of the log, the histories against the filter, and the dice
// against the revealed seed.
import { expect } from 'vitest';
import { verifyDice } from '../../../server/rooms/dice';
import type { GameEvent } from '../../../shared/engine/events';
import { EMPTY_NUMBERING, numberedFor, numberLog, seqSeenBy, visibleTo } from '../../../shared/engine/index';
import type { Viewer } from '../../../shared/engine/types';
import { gameEventSchema } from '../../../shared/protocol/game';
import type { History } from '../../../shared/protocol/rest';
import { call, guest, ok, startedGame } from './api';
import { TestClient } from './client';
import { expectNoLeaks, statesOf } from './leaks';
import { autoPlay, seeded } from './player';
import type { TestServer } from './server';

/** Polls `condition` until it holds (a wait, not a timed assertion: the test timeout bounds it). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function logOf(server: TestServer, game: string): Promise<GameEvent[]> {
  const rows = await server.app.titan.db.prisma.gameEvent.findMany({
    where: { gameId: game },
    orderBy: { seq: 'asc' },
  });
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  return rows.map((r) => gameEventSchema.parse(r.payload));
}

export interface Watcher {
  readonly client: TestClient;
  readonly viewer: Viewer;
}

/** After the game: every watcher's payloads, the room's state, the histories and the dice. */
export async function checkFinishedGame(server: TestServer, game: string, watchers: readonly Watcher[]) {
  const log = await logOf(server, game);
  const states = statesOf(log);
  const final = states[log.length]!;
  expect(final.step.kind).toBe('gameOver');
  // A game over for everyone keeps no room (issue 12): it is served from the log, whose fold each
  // watcher's views were checked against (expectNoLeaks).
  await waitFor(() => server.app.titan.rooms.loaded(game) === null, "the finished game's room to go");
  expect(await server.app.titan.rooms.get(game)).toBeNull();

  for (const w of watchers) {
    expect(expectNoLeaks(game, w.viewer, w.client.received, log, states)).toBeGreaterThan(0);
  }

  // The dice: the seed is revealed, matches the commitment, and re-derives every roll of the log.
  const token = (await guest(server.app, 'Auditor')).accessToken;
  const proof = await ok(
    call<{ commitment: string; seed: string; rolls: { seq: number; dice: number[] }[] }>(
      server.app,
      'GET',
      `/api/games/${game}/dice`,
      { token },
    ),
  );
  expect(proof.seed).toMatch(/^[0-9a-f]{64}$/);
  expect(verifyDice(proof, log)).toEqual([]);
  return { log, states };
}

/** The history a caller gets over REST is the log through the one filter for his seat. */
export async function expectHistory(
  server: TestServer,
  game: string,
  token: string,
  viewer: Viewer,
  log: readonly GameEvent[],
) {
  const history = await ok(
    call<History>(server.app, 'GET', `/api/games/${game}/history?limit=5000`, { token }),
  );
  const me = 'player' in viewer ? viewer.player : null;
  // His events (errata 9.3: not the steps of a negotiation he was outside of), numbered by him.
  const numbering = numberLog(EMPTY_NUMBERING, log);
  const his = log.filter((_, i) => numberedFor(numbering, viewer, i + 1));
  expect(history.events.length).toBe(his.length);
  history.events.forEach(({ seq, event }, i) => {
    const truth = his[i]!;
    expect(seq).toBe(i + 1);
    const audience = visibleTo(truth);
    expect(event).toEqual(
      audience === 'all' || (me !== null && audience.includes(me)) ? truth : { type: 'hidden' },
    );
  });
}

/** `viewer`'s seq at the end of `log` (errata 9.3: his own numbers). */
export function seqSeenAtEnd(log: readonly GameEvent[], viewer: Viewer): number {
  return seqSeenBy(numberLog(EMPTY_NUMBERING, log), viewer, log.length);
}

export interface WholeGame {
  readonly game: string;
  readonly log: GameEvent[];
  readonly spectator: TestClient;
  readonly players: TestClient[];
}

/**
 * Plays one game to its end: `humans` socket players (each answers its `legal` messages), bots in the
 * other seats, and a spectator with `views` on. Every second player also asks for views.
 */
export async function playWholeGame(
  server: TestServer,
  seats: number,
  humans: number,
  seed: number,
  extra: Parameters<typeof startedGame>[3] = {},
): Promise<WholeGame> {
  const { game, players } = await startedGame(server.app, seats, humans, extra);
  const clients: TestClient[] = [];
  const autos = [];
  const watchers: Watcher[] = [];
  const sam = await guest(server.app, 'Sam');
  const spectator = await TestClient.open(server.wsUrl, { token: sam.accessToken });
  spectator.send({ type: 'join', game: game.id, as: 'spectator', views: true });
  await spectator.next('joined');
  watchers.push({ client: spectator, viewer: { spectator: true } });
  for (const [i, p] of players.entries()) {
    const c = await TestClient.open(server.wsUrl, { token: p.accessToken });
    autos.push(autoPlay(c, game.id, seeded(seed * 10 + i)));
    c.send({ type: 'join', game: game.id, as: 'player', views: i % 2 === 1 });
    clients.push(c);
    watchers.push({ client: c, viewer: { player: `p${i + 1}` } });
  }

  for (const c of [...clients, spectator])
    await c.nextOpen('diceRevealed', (m) => m.game === game.id, 300_000);
  for (const a of autos) expect(a.rejections).toEqual([]);
  // Every frame the server sent matches the protocol's schema (/protocol.json): events, views, all.
  for (const c of [...clients, spectator]) expect(c.invalid).toEqual([]);
  // Each socket saw one gap-free run of events from the state it joined at to the end.
  // (His own numbers, errata 9.3: up to the log's end as he numbers it.)
  const { log } = await checkFinishedGame(server, game.id, watchers);
  for (const { client: c, viewer } of watchers) {
    const joinedAt = c.received.find((m) => m.type === 'state')!.seq;
    const seqs = c.received.filter((m) => m.type === 'event').map((m) => (m as { seq: number }).seq);
    const end = seqSeenAtEnd(log, viewer);
    expect(seqs).toEqual(Array.from({ length: end - joinedAt }, (_, i) => joinedAt + 1 + i));
  }
  // The property was put to the test: every game has private events (the first turn's 4-4 splits,
  // 4.3), which each other recipient received as stubs.
  for (const c of [...clients, spectator]) {
    expect(c.received.some((m) => m.type === 'event' && m.event.type === 'hidden')).toBe(true);
  }
  for (const [i, p] of players.entries()) {
    await expectHistory(server, game.id, p.accessToken, { player: `p${i + 1}` }, log);
  }
  await expectHistory(server, game.id, sam.accessToken, { spectator: true }, log);
  for (const c of [...clients, spectator]) await c.close();
  return { game: game.id, log, spectator, players: clients };
}
