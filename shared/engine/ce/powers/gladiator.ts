// 47 GLADIATOR + (CE Titan, rules 004): "It is not easy to find such superb troops such as yours!"

import { legionName } from '../../../data/markers';
import { towerCreatures } from '../../../data/mastercharts';
import type { CharacterName, MarkerId } from '../../../data/types';
import { skillOf } from '../../battle/hazards';
import { isSubMultiset } from '../../contents';
import { legionOfSide, requireEngagement } from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import { fromCaretakerInto } from '../../fold';
import type { Intent } from '../../intents';
import { legionsOf, playerOf, requireLegion } from '../../lookups';
import { MAX_LEGION_HEIGHT, sortReveals } from '../../muster';
import { reject, withArticle } from '../../rejections';
import type { EngagementScore, GameState, PlayerId, Step } from '../../types';
import { enemyOnBattleland } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const GLADIATOR = 47;

/** CE 47 M2: a Warlock every 180 points gained since the start of the game. */
export const WARLOCK_POINTS = 180;

/** What the points just scored still offer him (his power's memory between the decisions): Warlocks (M2) into
 *  the winning legion, and a basic creature (B2). */
interface Due {
  readonly warlocks: number;
  readonly basic: boolean;
  readonly legion: MarkerId;
}

/** A character joining one of his legions: a basic creature (CE 47 B2) or a Warlock (M2). */
interface Joining {
  readonly creature: CharacterName;
  readonly legion: MarkerId;
}

function dueOf(state: GameState, player: PlayerId): Due {
  const memory = state.ce?.memory[player] ?? {};
  return {
    warlocks: typeof memory.warlocksDue === 'number' ? memory.warlocksDue : 0,
    basic: memory.basicDue === true,
    legion: typeof memory.scoredInto === 'string' ? (memory.scoredInto as MarkerId) : ('' as MarkerId),
  };
}

/** CE 47 M2: a Warlock may join the legion that scored: it has room and the caretaker has one (as an Angel, 17.1). */
function warlockRoom(state: GameState, legionId: MarkerId): boolean {
  const legion = state.legions[legionId];
  return (
    legion !== undefined && legion.characters.length < MAX_LEGION_HEIGHT && (state.caretaker.Warlock ?? 0) > 0
  );
}

/** CE 47 B2: the basic creatures (the Tower Creatures, 18.5) he may take, "even from the dead": from the caretaker's
 *  stacks, or from the dead pile when they have none left (the frame's reading of "recruit from the dead",
 *  fold.ts fromCaretakerInto), each into any of his legions with room. */
function basicChoices(state: GameState, player: PlayerId): Joining[] {
  const legions = legionsOf(state, player).filter((l) => l.characters.length < MAX_LEGION_HEIGHT);
  return towerCreatures(state.options.variant)
    .filter((creature) => (state.caretaker[creature] ?? 0) > 0 || (state.deadPile[creature] ?? 0) > 0)
    .flatMap((creature) => legions.map((l): Joining => ({ creature, legion: l.id })));
}

/** What is still due and can be taken: a Warlock that cannot join is lost (17.1, room only shrinks), as is a basic
 *  creature with nowhere to go. */
function open(state: GameState, player: PlayerId, due: Due): Due {
  return {
    warlocks: warlockRoom(state, due.legion) ? due.warlocks : 0,
    basic: due.basic && basicChoices(state, player).length > 0,
    legion: due.legion,
  };
}

function memoryOf(due: Due) {
  return { warlocksDue: due.warlocks, basicDue: due.basic, scoredInto: due.legion };
}

/** The question for what is due (the Warlocks first), or null when nothing is. */
function question(state: GameState, player: PlayerId, due: Due, scored: EngagementScore): Step | null {
  if (due.warlocks === 0 && !due.basic) return null;
  const text =
    due.warlocks > 0
      ? `Take a Warlock into ${legionName(requireLegion(state, due.legion).id)} (one for every ${WARLOCK_POINTS} points)?`
      : 'Place a basic creature (from the caretaker or the dead pile) into one of your legions with room?';
  return { kind: 'powerDecision', actor: player, power: GLADIATOR, question: text, scored };
}

/** His decision now: the points scored it follows, and what is due; null when no step of his is open. */
function pending(state: GameState, player: PlayerId): { scored: EngagementScore; due: Due } | null {
  const step = state.step;
  if (step.kind !== 'powerDecision' || step.power !== GLADIATOR || step.actor !== player) return null;
  if (step.scored === undefined) return null;
  return { scored: step.scored, due: dueOf(state, player) };
}

/** The events of one decision: what joins (if anything), what is still due, and the next question. */
function decided(
  state: GameState,
  player: PlayerId,
  scored: EngagementScore,
  joined: Joining | null,
  left: Due,
  words: string,
): Decision {
  const after = joined === null ? state : fromCaretakerInto(state, joined.legion, joined.creature);
  const due = open(after, player, left);
  const next = question(after, player, due, scored);
  const events: GameEvent[] = [];
  if (joined !== null) {
    events.push({
      type: 'characterJoined',
      player,
      power: GLADIATOR,
      legion: joined.legion,
      character: joined.creature,
    });
  }
  events.push({
    type: 'powerUsed',
    player,
    power: GLADIATOR,
    act: 'due',
    words,
    audience: 'all',
    data: memoryOf(due),
  });
  if (next !== null) events.push({ type: 'stepBegan', step: next });
  return { events };
}

export const gladiator: Power = {
  ...entry(GLADIATOR),
  // CE 47 M1: "You always need one extra of 'the set' to recruit, except basics in Tower. That is, you need 3
  // Centaurs for a Lion, 4 Lions for a Griffon, etc." Every set revealed to muster needs one more of the same
  // character: n + 1 of the creature below for the next one up; for a like or lower creature (one of a like or
  // higher creature normally suffices) two of one like or higher creature (two Lions for a Lion); in the Tower
  // four identical creatures or two Guardians for a Guardian, two Warlocks for a Warlock (a legion has only one
  // Titan, so its Titan no longer musters one: his Warlocks come every 180 points, M2); the Tower Creatures
  // still need nothing there. Reinforcements too.
  recruits: (ctx, options) =>
    options.map((o) => ({
      creature: o.creature,
      reveal: sortReveals(
        o.reveal.flatMap((set) => {
          const first = set[0];
          if (first === undefined) return [set]; // errata 18.0: the basics in the Tower
          const more = [...set, first];
          return isSubMultiset(more, ctx.legion.characters) ? [more] : [];
        }),
      ),
    })),
  // CE 47 M2: "You may recruit from the dead": any creature the caretaker has none left of, from the dead pile.
  fromTheDead: () => true,
  // CE 47 M2 (a Warlock every 180 points) and B2 (after scoring in a battle, a basic creature): asked as soon as
  // the points are scored, before the Angels they earn and any muster.
  scored: (state, owner, score) => {
    const engagement = requireEngagement(state);
    const result = engagement.result;
    if (result === null || result.winner === null) return null;
    // CE 47 M2: "every 180 points": each multiple of 180 points gained since the start of the game (the CE
    // bidding rules count the Angels from the start too) earns a Warlock, taken into the winning legion like an
    // Angel (17.1: if it has room and the caretaker has one; always optional).
    const start = state.ce?.startScores[owner] ?? 0;
    const after = playerOf(state, owner).score - start;
    const before = after - score.points;
    const warlocks = Math.floor(after / WARLOCK_POINTS) - Math.floor(before / WARLOCK_POINTS);
    // CE 47 B2: "after you score in a battle": the points of an engagement he wins (a battle, or a concession or an
    // agreement ending it), not the half points of a flight, where no battle is fought (2.5.3).
    const basic = score.reason === 'engagement';
    const due = open(state, owner, { warlocks, basic, legion: legionOfSide(engagement, result.winner) });
    const next = question(state, owner, due, score);
    if (next === null) return null;
    return [
      {
        type: 'powerUsed',
        player: owner,
        power: GLADIATOR,
        act: 'due',
        words:
          due.warlocks > 0
            ? `The Gladiator's points earn ${due.warlocks === 1 ? 'a Warlock' : `${due.warlocks} Warlocks`}.`
            : 'The Gladiator may take a basic creature after the battle.',
        audience: 'all',
        data: memoryOf(due),
      },
      { type: 'stepBegan', step: next },
    ];
  },
  choices: (state, player) => {
    const open = pending(state, player);
    if (open === null) return [];
    if (open.due.warlocks > 0) {
      return [
        { type: 'usePower', act: 'declineWarlock' },
        { type: 'usePower', act: 'takeWarlock' },
      ];
    }
    if (!open.due.basic) return [];
    return [
      { type: 'usePower', act: 'noBasic' },
      ...basicChoices(state, player).map(
        (c): Intent => ({
          type: 'usePower',
          act: 'placeBasic',
          args: { creature: c.creature, legion: c.legion },
        }),
      ),
    ];
  },
  decide: (state, player, intent): Decision | null => {
    const open = pending(state, player);
    if (open === null) return null;
    const { scored, due } = open;
    const name = playerOf(state, player).name;
    if (due.warlocks > 0) {
      if (intent.act === 'declineWarlock') {
        return decided(
          state,
          player,
          scored,
          null,
          { ...due, warlocks: due.warlocks - 1 },
          `${name} declines a Warlock.`,
        );
      }
      if (intent.act !== 'takeWarlock') {
        return reject('notAllowed', 'First take or decline the Warlock your points earned.', 'CE 47 M2');
      }
      const joined: Joining = { creature: 'Warlock', legion: due.legion };
      return decided(
        state,
        player,
        scored,
        joined,
        { ...due, warlocks: due.warlocks - 1 },
        `${name}'s points earn a Warlock (one every ${WARLOCK_POINTS} points).`,
      );
    }
    if (intent.act === 'noBasic') {
      return decided(
        state,
        player,
        scored,
        null,
        { ...due, basic: false },
        `${name} takes no basic creature.`,
      );
    }
    const args = intent.args ?? {};
    const chosen = basicChoices(state, player).find(
      (c) => c.creature === args.creature && c.legion === args.legion,
    );
    if (intent.act !== 'placeBasic' || chosen === undefined) {
      return reject(
        'notAllowed',
        'Take a Centaur, Gargoyle or Ogre that the caretaker or the dead pile still has into one of your legions with room.',
        'CE 47 B2',
      );
    }
    const source = (state.caretaker[chosen.creature] ?? 0) > 0 ? "the caretaker's stacks" : 'the dead pile';
    return decided(
      state,
      player,
      scored,
      chosen,
      { ...due, basic: false },
      `${name} places a ${chosen.creature} from ${source} into ${legionName(chosen.legion)}.`,
    );
  },
  // The buttons of his decisions.
  actWords: (intent) => {
    const { creature, legion } = intent.args ?? {};
    switch (intent.act) {
      case 'takeWarlock':
        return 'Take the Warlock';
      case 'declineWarlock':
        return 'No Warlock';
      case 'noBasic':
        return 'No basic creature';
      case 'placeBasic':
        return `Place ${withArticle(String(creature))} in ${legionName(String(legion))}`;
      default:
        return null;
    }
  },
  // CE 47 B1: "All your chars fights, and MOVES, as if they are +1 skill": one Skill-factor more in every strike
  // and rangestrike they make or take, in their rangestrike range (13.2: the Skill-factor, a skill 2 character
  // reaching 3 as a skill 3 one would) and in their movement points.
  strikeOut: (_ctx, parts) => ({ ...parts, skill: parts.skill + 1 }),
  struckBy: (_ctx, parts) => ({ ...parts, targetSkill: parts.targetSkill + 1 }),
  rangestrikeRange: (_pos, c, range) => Math.max(range, skillOf(c.type) + 1),
  // CE 47 B1 with the clarification "with powers that increase the movement abilities of your pieces, ... you can
  // NOT move in such a way as to force MORE pieces off the board": as for 25 KNIGHTS B1, while no enemy stands on
  // the battleland his characters move normally.
  moveAllowance: (pos, c, points) => (enemyOnBattleland(pos, c.side) ? points + 1 : points),
};
