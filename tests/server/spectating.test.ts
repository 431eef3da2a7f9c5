// The lobby's live list of battles over the websocket (issue 11): a socket that sends `watchBattles` gets the
// list at once and again on every change as a public game's battle begins and ends; an invite-only game's
// battle never appears, and `watchBattles off` stops the messages. The battle is a real one (a game played
// with fixed dice until a battle is fought), shown to the server's list as a room shows its broadcast
// (the room's side is tested in broadcastDelay.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesEngine } from '../../server/engine';
import type { StoredGame } from '../../server/rooms/store';
import { botIntent } from '../../shared/bot/index';
import { seededDice, seededRandom } from '../../shared/engine/random';
import type { GameState } from '../../shared/engine/types';
import { guest } from './support/api';
import { TestClient } from './support/client';
import { startServer, type TestServer, testConfig } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(testConfig());
});
afterAll(async () => {
  await server.close();
});

/** A two-player game played by the random bot with fixed dice until a battle is being fought. */
function stateInBattle(): GameState {
  let state = rulesEngine.createGame({
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Bob' },
    ],
    options: {},
  }).state;
  const random = seededRandom(7);
  for (let i = 0; state.battle === null; i++) {
    if (i > 20_000) throw new Error('no battle in 20,000 intents');
    const actor = rulesEngine.pending(state).actor!;
    const decision = rulesEngine.decide(
      state,
      actor,
      botIntent(state, actor, 'random', random)!,
      seededDice(i),
    );
    if ('rejected' in decision) throw new Error(decision.rejected.message);
    state = decision.events.reduce(rulesEngine.evolve, state);
  }
  return state;
}

const storedGame = (id: string, inviteOnly: boolean): StoredGame => ({
  id,
  status: 'running',
  creatorId: 'ann',
  seats: [],
  seq: 0,
  diceSeed: null,
  diceCommitment: null,
  diceCursor: 0,
  spectatorsAllowed: true,
  inviteOnly,
  inviteCode: null,
  broadcastDelayMs: 0,
  timeControl: null,
  clock: null,
});

describe('live battles over the websocket', () => {
  it('are pushed as they begin and end; an invite-only game never appears; off stops them', async () => {
    const battles = server.app.titan.rooms.liveBattles;
    const sam = await guest(server.app, 'Sam');
    const watcher = await TestClient.open(server.wsUrl, { token: sam.accessToken });
    watcher.send({ type: 'watchBattles', on: true });
    expect(await watcher.next('battles')).toEqual({ type: 'battles', battles: [] });

    const state = stateInBattle();
    const open = storedGame('00000000-0000-4000-8000-0000000000c1', false);
    const hidden = storedGame('00000000-0000-4000-8000-0000000000c2', true);
    battles.show(hidden, state, rulesEngine);
    battles.show(open, state, rulesEngine);
    const pushed = await watcher.next('battles');
    expect(pushed.battles.map((b) => b.game)).toEqual([open.id]);
    expect(pushed.battles[0]).toMatchObject({
      land: state.engagement!.land,
      attacker: { marker: state.engagement!.attacker, player: { seat: state.engagement!.attackerOwner } },
      players: [
        { seat: 'p1', name: 'Ann' },
        { seat: 'p2', name: 'Bob' },
      ],
    });
    // The battle is over (its broadcast has no battle): it leaves the list.
    battles.show(open, { ...state, battle: null, engagement: null }, rulesEngine);
    expect(await watcher.next('battles')).toEqual({ type: 'battles', battles: [] });

    watcher.send({ type: 'watchBattles', on: false });
    watcher.send({ type: 'ping', nonce: 'off' });
    await watcher.next('pong');
    battles.show(open, state, rulesEngine);
    watcher.send({ type: 'ping', nonce: 'later' });
    await watcher.next('pong', (m) => m.nonce === 'later');
    expect(watcher.drain().map((m) => m.type)).toEqual([]);
    expect(watcher.received.filter((m) => m.type === 'battles').length).toBe(3);
    battles.show(open, null, rulesEngine);
    await watcher.close();
  });
});
