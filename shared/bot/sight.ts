// What a bot seat may know, and nothing more: the seat's view of the game (view.ts: its own legions' contents,
// what the rules revealed of the others, heights, the public battle) and its legal intents (what the server
// sends that player). Every bot decision is made from a BotSight alone (issue 15: no cheating).
// `guessState` turns a sight back into a whole GameState the engine can play forward, the hidden contents
// of other legions filled with a guess made from the view only (what the bot deduces, never what is there).
import type { CharacterName } from '../data/types';
import {
  type GameState,
  type GameView,
  type Intent,
  type Legion,
  legalIntents,
  type PlayerId,
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
  const guess = [...l.known];
  for (let slot = 0; guess.length < l.height; slot++) guess.push(guessedCreature(turn, slot));
  return guess;
}

/** A whole state consistent with the sight (hidden contents guessed), for the engine to play forward. */
export function guessState(sight: BotSight): GameState {
  const v = sight.view;
  const legions: Record<string, Legion> = {};
  for (const l of v.legions) {
    legions[l.marker] = {
      id: l.marker,
      owner: l.owner,
      land: l.land,
      characters: [...believedCharacters(sight, l.marker)],
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
