// What a bot seat may know, and nothing more: the seat's view of the game (view.ts: its own legions' contents,
// what the rules revealed of the others, heights, the public battle) and its legal intents (what the server
// sends that player). Every bot decision is made from a BotSight alone (issue 15: no cheating).
// `guessState` turns a sight back into a whole GameState the engine can play forward, the hidden contents
// of other legions filled with a guess made from the view only (what the bot deduces, never what is there).
import { CHARACTERS } from '../data/characters';
import { CHARACTER_NAMES, type CharacterName } from '../data/types';
import {
  type GameState,
  type GameView,
  type Intent,
  type Legion,
  type LegionView,
  legalIntents,
  mergeKnown,
  type PlayerId,
  unusedCharacters,
  view,
} from '../engine/index';

export interface BotSight {
  readonly seat: PlayerId;
  readonly view: GameView;
  readonly legal: readonly Intent[];
}

/** The seat's sight of `state`: its view and its legal intents. */
export function botSight(state: GameState, seat: PlayerId): BotSight {
  return { seat, view: view(state, { player: seat }), legal: legalIntents(state, seat) };
}

/** Creatures assumed under a marker where the view shows nothing, by game stage: what legions usually hold
 *  (the tower creatures early, the middle of the Mastercharts later). */
function guessedCreature(turn: number, slot: number): CharacterName {
  const early: readonly CharacterName[] = ['Ogre', 'Centaur', 'Gargoyle', 'Lion', 'Troll'];
  const later: readonly CharacterName[] = [
    'Lion',
    'Troll',
    'Cyclops',
    'Warbear',
    'Ranger',
    'Griffon',
    'Unicorn',
  ];
  const pool = turn < 20 ? early : later;
  return pool[slot % pool.length] as CharacterName;
}

/** The characters the seat believes a legion holds: its own exactly, another's known ones plus a guess. */
export function believedCharacters(sight: BotSight, marker: string): readonly CharacterName[] {
  const l = sight.view.legions.find((x) => x.marker === marker);
  if (l === undefined) return [];
  if (l.characters !== null) return l.characters;
  const turn = sight.view.turn?.number ?? 1;
  const guess = [...seenIn(sight, marker)];
  for (let slot = 0; guess.length < l.height; slot++) guess.push(guessedCreature(turn, slot));
  return guess;
}

/** What the seat sees of a legion: all of its own; of another's, what is known (4.5) and, in a battle, its
 *  characters on the battleland (9.1: the battle is public). */
function seenIn(sight: BotSight, marker: string): CharacterName[] {
  const l = sight.view.legions.find((x) => x.marker === marker);
  if (l === undefined) return [];
  if (l.characters !== null) return [...l.characters];
  const battle = (sight.view.battle?.characters ?? []).filter((c) => c.legion === marker).map((c) => c.type);
  return mergeKnown(l.known, battle).slice(0, l.height);
}

/**
 * Errata 3.5, 20.1: the creatures under other players' markers that the seat cannot see, deduced from the
 * counts: each kind's total less the caretaker's stack, the dead pile, the engagement's losses and every one
 * the seat sees on the board. The Titans are not counted (one per player, always in one of his legions).
 */
export function hiddenPool(sight: BotSight): Map<CharacterName, number> {
  const v = sight.view;
  const pool = new Map<CharacterName, number>();
  const unused = unusedCharacters(v.options.variant);
  for (const name of CHARACTER_NAMES) {
    const count = CHARACTERS[name].count;
    if (count === null || unused.includes(name)) continue;
    pool.set(name, count - (v.caretaker[name] ?? 0) - (v.deadPile[name] ?? 0));
  }
  const seen = [
    ...(v.engagement?.attackerLosses ?? []),
    ...(v.engagement?.defenderLosses ?? []),
    ...v.legions.flatMap((l) => seenIn(sight, l.marker)),
  ];
  for (const c of seen) if (pool.has(c)) pool.set(c, (pool.get(c) ?? 0) - 1);
  for (const [c, n] of pool) if (n <= 0) pool.delete(c);
  return pool;
}

/** Other players' legions with their hidden characters drawn by `random` from the deduced pool (hiddenPool),
 *  each player's unseen Titan placed in one of his legions with a hidden place (a taller legion likelier). One
 *  draw of an information-set search: every such draw is consistent with the seat's sight. */
export function drawnContents(sight: BotSight, random: () => number): Map<string, CharacterName[]> {
  const v = sight.view;
  const drawn = new Map<string, CharacterName[]>();
  for (const l of v.legions) drawn.set(l.marker, seenIn(sight, l.marker));
  const open = (marker: string): number =>
    (v.legions.find((l) => l.marker === marker)?.height ?? 0) - (drawn.get(marker)?.length ?? 0);
  for (const p of v.players) {
    if (p.eliminated || p.id === sight.seat) continue;
    const theirs = v.legions.filter((l) => l.owner === p.id);
    if (theirs.some((l) => drawn.get(l.marker)?.includes('Titan'))) continue;
    const weights = theirs.map((l) => open(l.marker) ** 2);
    const total = weights.reduce((a, b) => a + b, 0);
    if (total === 0) continue;
    let r = random() * total;
    let k = 0;
    while (k < theirs.length - 1 && r >= (weights[k] ?? 0)) {
      r -= weights[k] ?? 0;
      k++;
    }
    drawn.get((theirs[k] as LegionView).marker)?.push('Titan');
  }
  const bag: CharacterName[] = [];
  for (const [c, n] of hiddenPool(sight)) for (let i = 0; i < n; i++) bag.push(c);
  for (const l of v.legions) {
    const list = drawn.get(l.marker) as CharacterName[];
    while (list.length < l.height) {
      if (bag.length === 0) {
        list.push(guessedCreature(v.turn?.number ?? 1, list.length));
        continue;
      }
      const i = Math.floor(random() * bag.length);
      list.push(bag[i] as CharacterName);
      bag[i] = bag[bag.length - 1] as CharacterName;
      bag.pop();
    }
  }
  return drawn;
}

/** A whole state consistent with the sight, for the engine to play forward: hidden contents guessed by game
 *  stage, or with `random` drawn as the counts allow (drawnContents). */
export function guessState(sight: BotSight, random?: () => number): GameState {
  const v = sight.view;
  const drawn = random === undefined ? null : drawnContents(sight, random);
  const legions: Record<string, Legion> = {};
  for (const l of v.legions) {
    legions[l.marker] = {
      id: l.marker,
      owner: l.owner,
      land: l.land,
      characters: [...(drawn?.get(l.marker) ?? believedCharacters(sight, l.marker))],
      known: l.known,
    };
  }
  const e = v.engagement;
  return {
    options: v.options,
    players: v.players.map((p) => ({
      id: p.id,
      name: p.name,
      tower: p.tower,
      color: p.color,
      score: p.score,
      markersAvailable: p.markersAvailable,
      mulligansLeft: p.mulligansLeft,
      turnsTaken: p.turnsTaken,
      eliminated: p.eliminated,
    })),
    turnOrder: v.turnOrder,
    towerRolls: v.towerRolls,
    step: v.step,
    // Cosmic Encounter Titan: the powers are public; the bids as far as this player may see them.
    ce:
      v.ce === null
        ? null
        : {
            drawn: v.ce.drawn,
            bids: v.ce.bids,
            revealed: v.ce.revealed,
            powers: v.ce.powers,
            startScores: v.ce.startScores,
            memory: v.ce.memory,
          },
    legions,
    caretaker: v.caretaker,
    deadPile: v.deadPile,
    turn: v.turn,
    engagement:
      e === null
        ? null
        : {
            land: e.land,
            attacker: e.attacker,
            defender: e.defender,
            entry: e.entry,
            attackerOwner: e.attackerOwner,
            defenderOwner: e.defenderOwner,
            negotiation: e.negotiation ?? {
              attackerProposals: [],
              defenderProposals: [],
              noMoreProposals: null,
            },
            attackerMaySummon: e.attackerMaySummon,
            defenderMayReinforce: e.defenderMayReinforce,
            attackerLosses: e.attackerLosses,
            defenderLosses: e.defenderLosses,
            result: e.result,
          },
    battle: v.battle,
    timeCalled: v.timeCalled,
    result: v.result,
  };
}
