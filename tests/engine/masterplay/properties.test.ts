// Properties over seeded random games (style 11): 1,000 bot turns through decide without an engine error, every
// listed intent accepted; folding the log gives the live state and JSON round-trips it; rejected intents leave
// the state deep-equal; pending and legalIntents agree; views never leak another player's legion contents, nor
// anything that hangs on them.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/bot/index';
import type { CharacterName } from '../../../shared/data/types';
import { decide } from '../../../shared/engine/decide';
import { outsideNegotiation } from '../../../shared/engine/engagementView';
import { replay } from '../../../shared/engine/evolve';
import type { Intent } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { pending } from '../../../shared/engine/pending';
import type { GameState, Viewer } from '../../../shared/engine/types';
import { view, visibleTo } from '../../../shared/engine/view';
import { type BotGame, botGames } from '../support/botGames';
import { noDice, scriptedDice } from '../support/dice';

let games: BotGame[] = [];

/** Every player, and a spectator. */
function viewers(state: GameState): Viewer[] {
  return [...state.players.map((p) => ({ player: p.id })), { spectator: true }];
}

/** The state with each character `viewer` does not know replaced by `filler`: the contents of the others'
 *  legions (4.5) but what a rule revealed (`known`) and the two legions of an engagement he takes part in (2.5.1,
 *  2.5.2). Heights, markers and lands stay. */
function withHidden(state: GameState, viewer: Viewer, filler: CharacterName): GameState {
  const me = 'player' in viewer ? viewer.player : null;
  const e = state.engagement;
  const inspected =
    e !== null && (me === e.attackerOwner || me === e.defenderOwner) ? [e.attacker, e.defender] : [];
  const legions = Object.fromEntries(
    Object.entries(state.legions).map(([id, l]) => {
      if (l.owner === me || inspected.includes(id)) return [id, l];
      const unknown = [...l.characters];
      for (const k of l.known) {
        const i = unknown.indexOf(k);
        if (i >= 0) unknown.splice(i, 1);
      }
      return [id, { ...l, characters: [...l.known, ...unknown.map(() => filler)] }];
    }),
  );
  return { ...state, legions };
}

beforeAll(() => {
  games = botGames(1000);
});

describe('seeded bot games (errata 1.3/1.4, Complete Sequence of Play)', () => {
  it('1,000 bot turns of play through decide without an engine error, every listed intent accepted', () => {
    const turns = games.flatMap((g) => g.events).filter((e) => e.type === 'turnStarted').length;
    expect(turns).toBeGreaterThanOrEqual(1000);
    // Each game reached its end (errata 19.0).
    expect(games.every((g) => g.state.step.kind === 'gameOver' && g.state.result !== null)).toBe(true);
    // Masterplay was exercised: splits, moves, teleports or engagements, musters.
    const types = new Set(games.flatMap((g) => g.events.map((e) => e.type)));
    for (const t of [
      'legionSplit',
      'legionMoved',
      'legionMustered',
      'engagementChosen',
      'movementRolled',
    ] as const) {
      expect(types.has(t)).toBe(true);
    }
  });

  it('engine contract (style 11): replaying the events rebuilds the same state (deep-equal), and JSON round-trips it', () => {
    for (const g of games) {
      const rebuilt = replay(g.events);
      expect(rebuilt).toEqual(g.state);
      expect(JSON.parse(JSON.stringify(g.state))).toEqual(g.state);
      expect(JSON.parse(JSON.stringify(g.events))).toEqual(g.events);
    }
  });

  it('engine contract (style 11): replaying any prefix of the log rebuilds the state met at that point', () => {
    for (const g of games.slice(0, 5)) {
      for (const sample of g.samples.slice(0, 40))
        expect(replay(g.events.slice(0, sample.at))).toEqual(sample.state);
    }
  });

  it('errata 1.3/1.4, 20.4: 1,000 turns of the random-legal bot picking uniformly among legalIntents (withdrawal included): every pick accepted, the invariants kept', () => {
    // botGames throws on a rejected pick, a broken invariant, or a game without end.
    const uniform = botGames(1000, 50, 50_000, (state, player, random) =>
      randomPick(legalIntents(state, player), random, 'uniform'),
    );
    const turns = uniform.flatMap((g) => g.events).filter((e) => e.type === 'turnStarted').length;
    expect(turns).toBeGreaterThanOrEqual(1000);
    expect(uniform.every((g) => g.state.step.kind === 'gameOver')).toBe(true);
    const types = new Set(uniform.flatMap((g) => g.events.map((e) => e.type)));
    for (const t of ['legionSplit', 'legionMoved', 'moveUndone', 'legionMustered', 'playerWithdrew'] as const)
      expect(types.has(t)).toBe(true);
    // The same bot with withdrawal left out lives long enough to reach engagements, negotiations and battles.
    const staying = (state: GameState, player: string, random: () => number) => {
      const legal = legalIntents(state, player);
      const all = legal.filter((i) => i.type !== 'withdraw');
      return randomPick(all.length === 0 ? legal : all, random, 'uniform');
    };
    const fought = botGames(1000, 50, 50_000, staying);
    const met = new Set(fought.flatMap((g) => g.events.map((e) => e.type)));
    for (const t of ['engagementChosen', 'proposalsMade', 'battleStarted', 'engagementResolved'] as const)
      expect(met.has(t)).toBe(true);
  });

  it('errata 1.3/1.4: intents out of turn are rejected with notYourTurn and leave the state deep-equal', () => {
    for (const g of games) {
      for (const { state, actor } of g.samples) {
        const before = structuredClone(state);
        for (const other of state.players.map((p) => p.id).filter((id) => id !== actor)) {
          const d = decide(state, other, { type: 'rollMovement' }, scriptedDice([3]));
          if (!('rejected' in d)) throw new Error(`${other} acted out of turn at ${state.step.kind}`);
          expect(d.rejected.code).toBe('notYourTurn');
        }
        expect(state).toEqual(before);
      }
    }
  });

  it('Complete Sequence of Play, style 6: rejected intents (the wrong kind for the step) leave the state deep-equal, with a rule cited', () => {
    const wrong: Intent[] = [
      { type: 'endTurn' },
      { type: 'doneMoving' },
      { type: 'rollMovement' },
      { type: 'muster', legion: 'Bk01', creature: 'Hydra', reveal: [] },
      { type: 'moveLegion', legion: 'Rd12', land: 1000, via: 'normal' },
    ];
    for (const g of games.slice(0, 6)) {
      for (const { state, actor } of g.samples) {
        const before = structuredClone(state);
        const legal = legalIntents(state, actor).map((i) => JSON.stringify(i));
        for (const intent of wrong) {
          if (legal.includes(JSON.stringify(intent))) continue;
          const d = decide(state, actor, intent, noDice);
          if (!('rejected' in d)) throw new Error(`${JSON.stringify(intent)} accepted at ${state.step.kind}`);
          expect(d.rejected.rule.length).toBeGreaterThan(0);
        }
        expect(state).toEqual(before);
      }
    }
  });

  it('errata 1.3/1.4: pending names the actor and offers every kind legalIntents lists, at every step', () => {
    for (const g of games) {
      for (const { state, actor, intent } of g.samples) {
        const p = pending(state);
        expect(p.actor).toBe(actor);
        expect(p.step).toBe(state.step.kind);
        expect(p.intents).toContain(intent.type);
        for (const i of legalIntents(state, actor)) expect(p.intents).toContain(i.type);
      }
    }
  });

  it("4.5: a player's view never holds another player's legion contents; spectators see no contents", () => {
    for (const g of games) {
      for (const { state } of g.samples) {
        for (const p of state.players) {
          const seen = view(state, { player: p.id });
          for (const l of seen.legions) {
            if (l.owner === p.id) expect(l.characters).toEqual(state.legions[l.marker]?.characters);
            else expect(l.characters).toBeNull();
          }
        }
        const public_ = view(state, { spectator: true });
        expect(public_.legions.every((l) => l.characters === null)).toBe(true);
        expect(JSON.parse(JSON.stringify(public_))).toEqual(public_);
      }
    }
  });

  it('4.5, 9.2, errata 9.1/9.3: nor anything that hangs on them: a view is the same whatever the contents hidden from its viewer (the step and what is pending included)', () => {
    let checked = 0;
    for (const g of games) {
      for (const { state } of g.samples) {
        for (const viewer of viewers(state)) {
          const seen = view(state, viewer);
          for (const filler of ['Ogre', 'Angel'] as const) {
            expect(view(withHidden(state, viewer, filler), viewer), JSON.stringify(state.step)).toEqual(seen);
          }
          // Errata 1.3/1.4: who must act is public (errata 9.3: but inside a negotiation, to its two players
          // only); what he may send goes to him alone.
          const actor = pending(state).actor;
          expect(seen.pending.actor).toBe(outsideNegotiation(state, viewer) ? null : actor);
          if (!('player' in viewer) || viewer.player !== actor) expect(seen.pending.intents).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('4.3, errata 9.3: private events name their only recipients', () => {
    for (const e of games.flatMap((g) => g.events)) {
      const to = visibleTo(e);
      if (e.type === 'splitContents') expect(to).toEqual([e.player]);
      else if (e.type === 'legionInspected') expect(to).toEqual([e.viewer]);
      else if (e.type === 'proposalsMade' || e.type === 'noMoreProposals')
        expect(to).toEqual([e.player, e.opponent]);
      else if (e.type === 'stepBegan' && (e.step.kind === 'negotiate' || e.step.kind === 'negotiateFinal'))
        expect(to).toEqual([e.step.actor, e.step.opponent]);
      else expect(to).toBe('all');
    }
  });
});
