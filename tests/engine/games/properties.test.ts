// Properties of whole games played through decide/evolve only (random-legal bots, seeded dice, a turn cap after
// which the tournament director calls time, 21.1): invariants, replay, purity, refusing to play.
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/bot/index';
import { decide } from '../../../shared/engine/decide';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import type { GameEvent } from '../../../shared/engine/events';
import { evolve, replay } from '../../../shared/engine/evolve';
import { checkInvariants } from '../../../shared/engine/invariants';
import { legalIntents } from '../../../shared/engine/legal';
import { pending } from '../../../shared/engine/pending';
import { seededDice, seededRandom } from '../../../shared/engine/random';
import { createGame } from '../../../shared/engine/setup';
import type { GameState } from '../../../shared/engine/types';
import { playersFor, playGame } from '../../../tools/sim';

describe('seeded games (errata 1.3/1.4, 3.5, 4.1)', () => {
  it('errata 1.3/1.4, 3.5, 4.1: the invariants hold after every event of seeded games (random and fighting bots)', () => {
    for (let i = 0; i < 20; i++) {
      const players = playersFor(i, 2, 6);
      const r = playGame({ players, seed: 30_000 + i, check: true, turnLimit: 80 });
      expect(r.error, `random game ${i}`).toBeNull();
      const f = playGame({ players, seed: 31_000 + i, check: true, turnLimit: 80, policy: 'fighter' });
      expect(f.error, `fighting game ${i}`).toBeNull();
      expect(f.completed).toBe(true);
    }
  });

  it('16.0, 19.3, 10.5, errata 9.5: battles are fought to every end: a side eliminated, a Titan slain, a time loss, a mutual elimination', () => {
    const outcomes = new Set<string>();
    const wanted = ['battle', 'titanElimination', 'timeLoss', 'mutualElimination'];
    // Seeded games until every end was met (a mutual elimination is rare), at most 100.
    for (let i = 0; i < 100 && !wanted.every((o) => outcomes.has(o)); i++) {
      const r = playGame({
        players: playersFor(i, 2, 6),
        seed: 40_000 + i,
        turnLimit: 80,
        policy: 'fighter',
      });
      expect(r.error).toBeNull();
      for (const k of Object.keys(r.engagements)) outcomes.add(k);
    }
    expect([...outcomes]).toEqual(expect.arrayContaining(wanted));
  });
});

describe('the event log (style 11)', () => {
  it('engine contract (style 11): replaying a game\u2019s events gives a state deep-equal to the live one (and JSON round-trips it)', () => {
    for (let i = 0; i < 6; i++) {
      const r = playGame({
        players: playersFor(i, 2, 6),
        seed: 50_000 + i,
        keepEvents: true,
        turnLimit: 60,
        policy: i % 2 === 0 ? 'fighter' : 'random',
      });
      expect(r.error).toBeNull();
      const replayed = replay(r.events);
      expect(replayed).toEqual(r.state);
      expect(JSON.parse(JSON.stringify(replayed))).toEqual(r.state);
      expect(replay(JSON.parse(JSON.stringify(r.events)) as GameEvent[])).toEqual(r.state);
    }
  });

  it('engine contract (style 11), errata 1.3/1.4: decide never mutates its input; a rejected intent changes nothing (deep-frozen states)', () => {
    let rejectedChecked = 0;
    for (let g = 0; g < 4; g++) {
      const created = createGame({ players: [1, 2, 3].map((n) => ({ id: `p${n}`, name: `P${n}` })) });
      let state: GameState = deepFreeze(created.state);
      const dice = seededDice(70 + g);
      const random = seededRandom(80 + g);
      while (state.result === null) {
        const actor = pending(state).actor;
        if (actor === null) throw new Error('nobody to act');
        const intent = randomPick(legalIntents(state, actor), random, 'fighter');
        if (intent === null) throw new Error('no intent');
        // errata 1.3/1.4: anybody else is refused, and the frozen state is untouched.
        const other = state.players.find((p) => p.id !== actor && !p.eliminated);
        if (other !== undefined) {
          expect('rejected' in decide(state, other.id, intent, dice)).toBe(true);
          rejectedChecked++;
        }
        const decision = decide(state, actor, intent, dice);
        if ('rejected' in decision) throw new Error(decision.rejected.message);
        state = deepFreeze(decision.events.reduce(evolve, state));
        if ((state.turn?.number ?? 0) > 60 && state.timeCalled === null) {
          const called = decide(state, '#director', { type: 'callTime' }, dice);
          if ('rejected' in called) throw new Error(called.rejected.message);
          state = deepFreeze(called.events.reduce(evolve, state));
        }
      }
    }
    expect(rejectedChecked).toBeGreaterThan(100);
  });
});

describe('refusing to play (errata 20.4)', () => {
  it('errata 20.4: a player who always takes the default action keeps the game going to its end', () => {
    for (let i = 0; i < 12; i++) {
      const players = playersFor(i, 2, 6);
      const created = createGame({
        players: Array.from({ length: players }, (_, k) => ({ id: `p${k + 1}`, name: `P${k + 1}` })),
      });
      let state = created.state;
      const dice = seededDice(60_000 + i);
      const random = seededRandom(61_000 + i);
      let steps = 0;
      while (state.result === null && steps < 200_000) {
        steps++;
        if (state.timeCalled === null && (state.turn?.number ?? 0) > 60) {
          const called = decide(state, '#director', { type: 'callTime' }, dice);
          if ('rejected' in called) throw new Error(called.rejected.message);
          state = called.events.reduce(evolve, state);
          continue;
        }
        const actor = pending(state).actor;
        if (actor === null) throw new Error('nobody to act');
        // p1 refuses to play: the default action every time.
        const intent =
          actor === 'p1'
            ? defaultIntent(state, actor)
            : randomPick(legalIntents(state, actor), random, 'fighter');
        if (intent === null) throw new Error(`no intent for ${actor} at ${state.step.kind}`);
        const decision = decide(state, actor, intent, dice);
        if ('rejected' in decision) {
          throw new Error(
            `${actor} ${JSON.stringify(intent)} at ${state.step.kind}: ${decision.rejected.message}`,
          );
        }
        state = decision.events.reduce(evolve, state);
        expect(checkInvariants(state)).toEqual([]);
      }
      expect(state.result).not.toBeNull();
    }
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
