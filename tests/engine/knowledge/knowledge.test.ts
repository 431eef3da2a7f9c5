// What a viewer knows of each legion (shared/engine/knowledge.ts, issue 14): given these events, then this
// knowledge — for the owner, another player and a spectator; and over seeded bot games, that it is always true
// of the real legions, at least what the rules make public, and built from nothing the viewer may not see.
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../shared/data/types';
import type { GameEvent } from '../../../shared/engine/events';
import { legionKnowledge } from '../../../shared/engine/knowledge';
import { initialCaretaker } from '../../../shared/engine/startingState';
import type { GameOptions, Viewer } from '../../../shared/engine/types';
import { visibleTo } from '../../../shared/engine/view';
import { botGames } from '../support/botGames';

const OPTIONS: GameOptions = {
  variant: 'default',
  handicapMulligans: {},
  timeLimits: { perTurnSeconds: null, gameSeconds: null },
};
const ANN: Viewer = { player: 'p1' };
const BOB: Viewer = { player: 'p2' };
const PUBLIC: Viewer = { spectator: true };
const STARTING: CharacterName[] = [
  'Titan',
  'Angel',
  'Centaur',
  'Centaur',
  'Gargoyle',
  'Gargoyle',
  'Ogre',
  'Ogre',
];

/** Ann's and Bob's starting legions in towers 100 and 400 (1.5). */
const START: GameEvent[] = [
  {
    type: 'gameCreated',
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Bob' },
    ],
    options: OPTIONS,
  },
  { type: 'startingLegionPlaced', player: 'p1', legion: 'Rd01', land: 100, characters: STARTING },
  { type: 'startingLegionPlaced', player: 'p2', legion: 'Bu01', land: 400, characters: STARTING },
];

/** Ann's first split (4.3): Rd02 takes the Angel, a Centaur, a Gargoyle and an Ogre. */
const ANN_SPLITS: GameEvent[] = [
  { type: 'turnStarted', player: 'p1', number: 1 },
  { type: 'legionSplit', player: 'p1', parent: 'Rd01', land: 100, children: [{ marker: 'Rd02', height: 4 }] },
  {
    type: 'splitContents',
    player: 'p1',
    parent: 'Rd01',
    children: [{ marker: 'Rd02', characters: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'] }],
  },
];

const of = (events: readonly GameEvent[], viewer: Viewer, marker: string) =>
  legionKnowledge(events, viewer)[marker];

describe('what a viewer knows of each legion', () => {
  it('1.5: a starting legion is known to all', () => {
    for (const viewer of [ANN, BOB, PUBLIC]) {
      expect(of(START, viewer, 'Rd01')).toMatchObject({
        owner: 'p1',
        land: 100,
        height: 8,
        certain: [...STARTING].sort(),
        complete: true,
      });
    }
  });

  it('4.3: after a split the owner knows both parts; the others only what the counts force', () => {
    const events = [...START, ...ANN_SPLITS];
    expect(of(events, ANN, 'Rd01')).toMatchObject({
      height: 4,
      certain: ['Centaur', 'Gargoyle', 'Ogre', 'Titan'],
      complete: true,
    });
    expect(of(events, ANN, 'Rd02')).toMatchObject({
      height: 4,
      certain: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
      complete: true,
    });
    for (const viewer of [BOB, PUBLIC]) {
      for (const marker of ['Rd01', 'Rd02']) {
        expect(of(events, viewer, marker)).toEqual({
          marker,
          owner: 'p1',
          land: 100,
          height: 4,
          certain: [],
          possible: { Titan: 1, Angel: 1, Centaur: 2, Gargoyle: 2, Ogre: 2 },
          complete: false,
        });
      }
    }
  });

  it('4.3: a part too small to leave any out holds what the counts force (5 split into 3 and 2)', () => {
    const events: GameEvent[] = [
      ...START.slice(0, 1),
      {
        type: 'startingLegionPlaced',
        player: 'p1',
        legion: 'Rd01',
        land: 100,
        characters: ['Titan', 'Ogre', 'Ogre', 'Ogre', 'Troll'],
      },
      {
        type: 'legionSplit',
        player: 'p1',
        parent: 'Rd01',
        land: 100,
        children: [{ marker: 'Rd02', height: 2 }],
      },
    ];
    // Three Ogres in five: the part of three keeps at least one; the part of two may hold two at most.
    expect(of(events, BOB, 'Rd01')).toMatchObject({
      height: 3,
      certain: ['Ogre'],
      possible: { Titan: 1, Ogre: 3, Troll: 1 },
    });
    expect(of(events, BOB, 'Rd02')).toMatchObject({
      height: 2,
      certain: [],
      possible: { Titan: 1, Ogre: 2, Troll: 1 },
    });
  });

  it('8.1, 18.4: a teleport and a muster reveal characters; the recruit joins in sight of all', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionMoved',
        legion: 'Rd01',
        from: 100,
        to: 300,
        via: 'towerTeleport',
        entry: null,
        revealed: ['Titan'],
      },
      { type: 'legionMoved', legion: 'Rd02', from: 100, to: 2, via: 'normal', entry: null, revealed: [] },
      { type: 'legionMustered', legion: 'Rd02', creature: 'Cyclops', reveal: ['Gargoyle'] },
    ];
    expect(of(events, BOB, 'Rd01')).toMatchObject({ land: 300, height: 4, certain: ['Titan'] });
    expect(of(events, PUBLIC, 'Rd02')).toMatchObject({
      land: 2,
      height: 5,
      certain: ['Cyclops', 'Gargoyle'],
      // Not the Titan: Rd01 showed it, and the two parts of the split hold the one Titan between them (4.3).
      possible: { Angel: 1, Centaur: 2, Gargoyle: 2, Ogre: 2, Cyclops: 1 },
    });
    // Backward too: the Gargoyle Rd02 showed was in it since the split, so Rd01 holds one Gargoyle at most.
    expect(of(events, PUBLIC, 'Rd01')?.possible.Gargoyle).toBe(1);
  });

  it('errata 7.0: a move taken back returns the legion (and every later one) where it was', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      { type: 'legionMoved', legion: 'Rd01', from: 100, to: 1, via: 'normal', entry: null, revealed: [] },
      { type: 'legionMoved', legion: 'Rd02', from: 100, to: 2, via: 'normal', entry: null, revealed: [] },
      { type: 'moveUndone', legion: 'Rd01' },
    ];
    expect([of(events, BOB, 'Rd01')?.land, of(events, BOB, 'Rd02')?.land]).toEqual([100, 100]);
  });

  it('2.5.1: an inspection tells its viewer only', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionInspected',
        viewer: 'p2',
        legion: 'Rd02',
        characters: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
      },
    ];
    expect(of(events, BOB, 'Rd02')).toMatchObject({
      certain: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
      complete: true,
    });
    expect(of(events, PUBLIC, 'Rd02')).toMatchObject({ certain: [], complete: false });
  });

  it('2.5.6.1, errata 9.5: a battle shows both legions; the survivors stay known after their losses', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionMoved',
        legion: 'Rd02',
        from: 100,
        to: 400,
        via: 'normal',
        entry: 'bottom',
        revealed: [],
      },
      { type: 'engagementChosen', land: 400, attacker: 'Rd02', defender: 'Bu01' },
      {
        type: 'battleStarted',
        land: 400,
        terrain: 'Tower',
        attackerEntry: 'bottom',
        attacker: {
          legion: 'Rd02',
          characters: (['Angel', 'Centaur', 'Gargoyle', 'Ogre'] as const).map((type, i) => ({
            id: `a${i}`,
            type,
            power: 4,
          })),
        },
        defender: {
          legion: 'Bu01',
          characters: STARTING.map((type, i) => ({ id: `d${i}`, type, power: 4 })),
        },
      },
      {
        type: 'engagementResolved',
        land: 400,
        outcome: 'battle',
        winner: 'Bu01',
        attackerLosses: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
        defenderLosses: ['Ogre', 'Ogre'],
      },
      { type: 'legionEliminated', legion: 'Rd02', owner: 'p1', characters: [], reason: 'engagement' },
      { type: 'engagementEnded', land: 400 },
    ];
    expect(of(events, PUBLIC, 'Rd02')).toBeUndefined();
    expect(of(events, PUBLIC, 'Bu01')).toMatchObject({
      height: 6,
      certain: ['Angel', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle', 'Titan'],
      complete: true,
    });
  });

  it('CE 39 B3: an Angel announced for a later phase joins only when it enters then', () => {
    const battle: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionMoved',
        legion: 'Rd01',
        from: 100,
        to: 400,
        via: 'normal',
        entry: 'bottom',
        revealed: [],
      },
      { type: 'engagementChosen', land: 400, attacker: 'Rd01', defender: 'Bu01' },
      {
        type: 'battleStarted',
        land: 400,
        terrain: 'Tower',
        attackerEntry: 'bottom',
        attacker: {
          legion: 'Rd01',
          characters: (['Titan', 'Centaur', 'Gargoyle', 'Ogre'] as const).map((type, i) => ({
            id: `a${i}`,
            type,
            power: 4,
          })),
        },
        defender: {
          legion: 'Bu01',
          characters: STARTING.map((type, i) => ({ id: `d${i}`, type, power: 4 })),
        },
      },
    ];
    const summoned: GameEvent = {
      type: 'angelSummoned',
      from: 'Rd02',
      into: 'Rd01',
      character: 'Angel',
      id: 'a5',
    };
    const ended: GameEvent = { type: 'maneuverEnded', side: 'attacker', leftOff: [], returned: [] };
    // Standard: it enters in the phase it is summoned.
    expect(of([...battle, summoned, ended], PUBLIC, 'Rd01')?.height).toBe(5);
    const late = [...battle, { ...summoned, arrives: 3 }, ended];
    expect(of(late, PUBLIC, 'Rd01')?.height).toBe(4);
    expect(of(late, PUBLIC, 'Rd02')?.height).toBe(4);
    const began: GameEvent = {
      type: 'maneuverBegan',
      round: 3,
      side: 'attacker',
      lockedInContact: [],
      summon: false,
      reinforcement: false,
    };
    expect(of([...late, began, ended], PUBLIC, 'Rd01')).toMatchObject({ height: 5 });
    expect(of([...late, began, ended], PUBLIC, 'Rd01')?.certain).toContain('Angel');
    expect(of([...late, began, ended], PUBLIC, 'Rd02')?.height).toBe(3);
    // Gone back in its phase, it never joined.
    const back: GameEvent = { ...ended, returned: ['a5'] };
    expect(of([...late, began, back], PUBLIC, 'Rd01')?.height).toBe(4);
  });

  it('errata 9.5: the losses of an agreement are shown, so what is left of the legion is bounded by them', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionMoved',
        legion: 'Rd02',
        from: 100,
        to: 400,
        via: 'normal',
        entry: 'bottom',
        revealed: [],
      },
      { type: 'engagementChosen', land: 400, attacker: 'Rd02', defender: 'Bu01' },
      {
        type: 'engagementResolved',
        land: 400,
        outcome: 'agreement',
        winner: 'Rd02',
        attackerLosses: ['Centaur', 'Gargoyle', 'Ogre'],
        defenderLosses: STARTING,
      },
      { type: 'legionEliminated', legion: 'Bu01', owner: 'p2', characters: [], reason: 'engagement' },
    ];
    // Rd02 held at most one Angel, two of the others: one left, and of a Centaur, a Gargoyle, an Ogre at most one.
    expect(of(events, PUBLIC, 'Rd02')).toMatchObject({
      height: 1,
      certain: [],
      possible: { Titan: 1, Angel: 1, Centaur: 1, Gargoyle: 1, Ogre: 1 },
    });
  });

  it('2.1, 20.1: the counts of all legions together: one Titan a player, and the stacks leave out so many', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      {
        type: 'legionMoved',
        legion: 'Rd01',
        from: 100,
        to: 300,
        via: 'titanTeleport',
        entry: null,
        revealed: ['Titan'],
      },
    ];
    // The stacks after the two starting legions were placed (1.5): all else is in the caretaker's stacks.
    const caretaker = { ...initialCaretaker('default') };
    for (const c of [...STARTING, ...STARTING]) if (c !== 'Titan') caretaker[c] = (caretaker[c] ?? 0) - 1;
    const stacks = { caretaker, deadPile: {} };
    // The Titan is in Rd01: Rd02 may not hold it — known from the split (4.3, backward) and with the counts.
    expect(of(events, BOB, 'Rd02')?.possible.Titan).toBeUndefined();
    expect(legionKnowledge(events, BOB, stacks).Rd02?.possible.Titan).toBeUndefined();
    // Ann's Angel is in one of her two legions: Bu01 shows Bob's, the stacks hold none (20.1) — and when the
    // only place left for the other is Rd02 (Rd01 shown whole by an inspection), Rd02 surely holds it.
    const inspected: GameEvent[] = [
      ...events,
      {
        type: 'legionInspected',
        viewer: 'p2',
        legion: 'Rd01',
        characters: ['Titan', 'Centaur', 'Gargoyle', 'Ogre'],
      },
    ];
    expect(legionKnowledge(inspected, BOB, stacks).Rd02).toMatchObject({
      certain: ['Angel', 'Centaur', 'Gargoyle', 'Ogre'],
      complete: true,
    });
    expect(of(inspected, PUBLIC, 'Rd02')?.certain).toEqual([]);
  });

  it('4.3, backward: one part of a split seen in a battle, the other part holds the rest, what joined and left it counted', () => {
    const events: GameEvent[] = [
      ...START,
      ...ANN_SPLITS,
      // Rd01 musters in sight of all, then Rd02 is attacked and shown (2.5.6.1).
      { type: 'legionMustered', legion: 'Rd01', creature: 'Troll', reveal: ['Ogre'] },
      { type: 'engagementChosen', land: 100, attacker: 'Bu01', defender: 'Rd02' },
      {
        type: 'battleStarted',
        land: 100,
        terrain: 'Tower',
        attackerEntry: 'bottom',
        attacker: {
          legion: 'Bu01',
          characters: STARTING.map((type, i) => ({ id: `d${i}`, type, power: 4 })),
        },
        defender: {
          legion: 'Rd02',
          characters: (['Angel', 'Centaur', 'Gargoyle', 'Ogre'] as const).map((type, i) => ({
            id: `a${i}`,
            type,
            power: 4,
          })),
        },
      },
    ];
    // Rd01: the eight less Rd02's four, with the Troll it mustered.
    for (const viewer of [BOB, PUBLIC]) {
      expect(of(events, viewer, 'Rd01'), JSON.stringify(viewer)).toMatchObject({
        height: 5,
        certain: ['Centaur', 'Gargoyle', 'Ogre', 'Titan', 'Troll'],
        complete: true,
      });
    }
  });

  it('4.3, backward: a three-way split (4.3) — two parts known, the third is the rest; one known, the others share it', () => {
    const three: GameEvent[] = [
      ...START,
      { type: 'turnStarted', player: 'p1', number: 1 },
      {
        type: 'legionSplit',
        player: 'p1',
        parent: 'Rd01',
        land: 100,
        children: [
          { marker: 'Rd02', height: 3 },
          { marker: 'Rd03', height: 2 },
        ],
      },
      { type: 'legionInspected', viewer: 'p2', legion: 'Rd02', characters: ['Angel', 'Ogre', 'Ogre'] },
    ];
    // Rd02 holds both Ogres and the Angel: Rd01 (3) and Rd03 (2) hold none of them.
    for (const marker of ['Rd01', 'Rd03']) {
      expect(of(three, BOB, marker)?.possible, marker).toEqual({ Titan: 1, Centaur: 2, Gargoyle: 2 });
    }
    const both: GameEvent[] = [
      ...three,
      { type: 'legionInspected', viewer: 'p2', legion: 'Rd03', characters: ['Centaur', 'Gargoyle'] },
    ];
    expect(of(both, BOB, 'Rd01')).toMatchObject({
      certain: ['Centaur', 'Gargoyle', 'Titan'],
      complete: true,
    });
    // The inspections were Bob's alone (2.5.1): a spectator still knows only what the split forces.
    expect(of(both, PUBLIC, 'Rd01')?.certain).toEqual([]);
  });

  it('4.3 is kept: the others know the same with or without the events they may not see', () => {
    const events = [...START, ...ANN_SPLITS];
    const seen = events.filter((e) => visibleTo(e) === 'all');
    expect(legionKnowledge(events, BOB)).toEqual(legionKnowledge(seen, BOB));
    expect(legionKnowledge(events, ANN)).not.toEqual(legionKnowledge(seen, ANN));
  });
});

describe('what a viewer knows, over seeded bot games', () => {
  // Checked between decisions (within one, the state may be half-way: a split before its contents).
  const games = botGames(100, 13);
  it('is true of the real legions, includes what is public, is whole for the owner, and uses only what he sees', () => {
    let checked = 0;
    for (const game of games) {
      const players = game.state.players.map((p) => p.id);
      const viewers: Viewer[] = [PUBLIC, ...players.map((player) => ({ player }))];
      const cuts = [
        ...game.samples.map((x) => ({ at: x.at, state: x.state })),
        { at: game.events.length, state: game.state },
      ];
      for (const { at, state } of cuts) {
        const i = at - 1;
        const log = game.events.slice(0, at);
        for (const viewer of viewers) {
          // Half the cuts with the stacks counted (20.1), half without.
          const stacks = at % 2 === 0 ? { caretaker: state.caretaker, deadPile: state.deadPile } : undefined;
          const known = legionKnowledge(log, viewer, stacks);
          const seen = log.filter((e) => {
            const audience = visibleTo(e);
            return audience === 'all' || ('player' in viewer && audience.includes(viewer.player));
          });
          expect(legionKnowledge(seen, viewer, stacks)).toEqual(known);
          expect(Object.keys(known).sort()).toEqual(Object.keys(state.legions).sort());
          for (const legion of Object.values(state.legions)) {
            const k = known[legion.id]!;
            const where = `game ${game.seed} event ${i} ${JSON.stringify(viewer)} ${legion.id}`;
            expect([k.owner, k.land, k.height], where).toEqual([
              legion.owner,
              legion.land,
              legion.characters.length,
            ]);
            const count = (list: readonly CharacterName[], c: CharacterName) =>
              list.filter((x) => x === c).length;
            for (const c of new Set(legion.characters)) {
              expect(count(k.certain, c), `${where} ${c} certain`).toBeLessThanOrEqual(
                count(legion.characters, c),
              );
              expect(k.possible[c] ?? 0, `${where} ${c} possible`).toBeGreaterThanOrEqual(
                count(legion.characters, c),
              );
            }
            for (const c of k.certain) expect(legion.characters, where).toContain(c);
            for (const c of new Set(legion.known)) {
              expect(count(k.certain, c), `${where} ${c} public`).toBeGreaterThanOrEqual(
                count(legion.known, c),
              );
            }
            if ('player' in viewer && viewer.player === legion.owner) {
              expect(k.certain, where).toEqual([...legion.characters].sort());
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The games went through what the knowledge follows.
    const types = new Set(games.flatMap((g) => g.events.map((e) => e.type)));
    for (const t of [
      'legionSplit',
      'legionMustered',
      'battleStarted',
      'slainRemoved',
      'engagementResolved',
    ] as const) {
      expect(types.has(t), t).toBe(true);
    }
  });
});
