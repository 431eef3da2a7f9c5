// 44 VALKYRIE (CE Titan, rules 004): "You Derive strength from slain enemies."

import { legionName } from '../../../data/markers';
import type { CharacterName, MarkerId } from '../../../data/types';
import type { BattleSide } from '../../battle/position';
import { opponent } from '../../battle/position';
import {
  legionOfSide,
  lossesOf,
  nextCharacterId,
  ownerOfSide,
  requireEngagement,
  sideOfPlayer,
  slainOf,
} from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import { markMustered } from '../../fold';
import type { Intent } from '../../intents';
import { charactersValue, playerOf } from '../../lookups';
import { MAX_LEGION_HEIGHT } from '../../muster';
import { reject } from '../../rejections';
import type { EngagementScore, GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const VALKYRIE = 44;

/** CE 44 B1: the share of the points she scores (3/4, rounded down as 16.1 rounds a half). */
function threeQuarters(value: number): number {
  return Math.floor((value * 3) / 4);
}

/** CE 44 B3: where she may take a dead enemy as recruit now: her legion (which must not have mustered this turn,
 *  18.0, and have room, 14.1), the enemy's side, the dead enemies (each kind once; never a Titan, which is its
 *  player's own), and whether it joins the battle (the defender's fourth turn) or the legion after the points. */
interface DeadRecruit {
  readonly legion: MarkerId;
  readonly enemy: BattleSide;
  readonly dead: readonly CharacterName[];
  readonly inBattle: boolean;
}

function deadEnemies(state: GameState, enemy: BattleSide): CharacterName[] {
  const losses = lossesOf(requireEngagement(state), enemy).filter((c) => c !== 'Titan');
  return [...new Set(losses)].sort();
}

/** The legion may take a recruit now: it stands, has room and has not mustered this turn. */
function mayRecruit(state: GameState, legion: MarkerId): boolean {
  const l = state.legions[legion];
  return (
    l !== undefined &&
    l.characters.length < MAX_LEGION_HEIGHT &&
    state.turn?.mustered.includes(legion) !== true
  );
}

function deadRecruit(state: GameState, player: PlayerId): DeadRecruit | null {
  const engagement = state.engagement;
  const step = state.step;
  if (engagement === null) return null;
  const side = sideOfPlayer(engagement, player);
  if (side === null) return null;
  const legion = legionOfSide(engagement, side);
  let inBattle: boolean;
  if (step.kind === 'maneuver') {
    // CE 44 B3 "if this is defender's turn 4": his reinforcement (14.0) in his fourth maneuver phase, one only,
    // nothing else still to enter (errata 14.1).
    const battle = state.battle;
    if (battle === null || step.side !== 'defender' || side !== 'defender' || step.actor !== player)
      return null;
    if (battle.reinforcement !== 'available' || battle.mustEnter.length > 0) return null;
    inBattle = true;
  } else if (step.kind === 'powerDecision') {
    if (step.power !== VALKYRIE || step.actor !== player || step.scored === undefined) return null;
    inBattle = false;
  } else {
    return null;
  }
  if (!mayRecruit(state, legion)) return null;
  const enemy = opponent(side);
  const dead = deadEnemies(state, enemy);
  return dead.length === 0 ? null : { legion, enemy, dead, inBattle };
}

/** The question after the points: the winning legion may take a dead enemy. */
function question(state: GameState, player: PlayerId, score: EngagementScore): GameEvent[] | null {
  const engagement = requireEngagement(state);
  const winner = engagement.result?.winner ?? null;
  const side = sideOfPlayer(engagement, player);
  if (winner === null || side !== winner) return null;
  const legion = legionOfSide(engagement, side);
  if (!mayRecruit(state, legion) || deadEnemies(state, opponent(side)).length === 0) return null;
  return [
    {
      type: 'stepBegan',
      step: {
        kind: 'powerDecision',
        actor: player,
        power: VALKYRIE,
        question: `Take a dead enemy into ${legionName(legion)} as its recruit?`,
        scored: score,
      },
    },
  ];
}

export const valkyrie: Power = {
  ...entry(VALKYRIE),
  // CE 44 M1: "You may recruit from dead": any creature the caretaker has none left of, from the dead pile (the
  // frame's reading of recruiting from the dead, ce/hooks.ts recruitStock).
  fromTheDead: () => true,
  // CE 44 B1: "You score 3/4 points for chars fleeing from you and chars you slay during battles you do not win
  // (you cannot gain Angels that way)." A flight from her scores 3/4 of the fled legion's value (not half, 16.1),
  // and earns Angels as the points of any flight do; a battle she does not win (lost, conceded, mutual, or lost
  // on time as the attacker) scores her 3/4 of the value of every character the enemy lost in it, and those points
  // earn no Angels (the frame scores them before the victor's, with none). An engagement settled without battle
  // (an agreement) slays nobody.
  points: (state, owner, standard) => {
    const engagement = requireEngagement(state);
    const result = engagement.result;
    const side = sideOfPlayer(engagement, owner);
    if (result === null || side === null) return standard;
    const enemy = opponent(side);
    // 16.0: the value of the characters the enemy lost.
    const value = charactersValue(state, slainOf(engagement, enemy), ownerOfSide(engagement, enemy));
    if (result.winner === side) {
      return result.outcome === 'fled'
        ? { player: owner, points: threeQuarters(value), reason: 'fled' }
        : standard;
    }
    if (state.battle === null) return null;
    return { player: owner, points: threeQuarters(value), reason: 'engagement' };
  },
  // CE 44 B2: "Your chars (including recruits and summoned Angels) fights with strength bonus + (# of enemies
  // killed in previous half-turns) in battle": one die more per enemy character slain in an earlier strike phase
  // of this battle (12.6: the slain leave at the end of the strike phase, so those of the current half-turn do not
  // count yet; those left off the battleland, 10.1, were never fought and do not count); a rangestrike, half the
  // Power-factor (13.1), rolls half of the Power-factor plus the bonus. "Fights with" changes no point value.
  // CE 44 B3: a dead enemy recruited on the defender's fourth turn fights at -1 skill for the battle (its
  // `skillModifier`), in the strikes and rangestrikes it makes and takes; its movement and range are unchanged.
  strikeOut: (ctx, parts) => {
    const bonus = ctx.pos.slain?.[opponent(ctx.striker.side)] ?? 0;
    const p = ctx.striker.power;
    const dice = ctx.rangestrike ? Math.floor((p + bonus) / 2) - Math.floor(p / 2) : bonus;
    return {
      ...parts,
      skill: parts.skill + (ctx.striker.skillModifier ?? 0),
      dice: parts.dice + dice,
    };
  },
  struckBy: (ctx, parts) => ({ ...parts, targetSkill: parts.targetSkill + (ctx.target.skillModifier ?? 0) }),
  // CE 44 B3: "You may take a dead enemy as recruit (even if defenders flee)": a character the enemy lost in this
  // engagement (one of its losses, not one from the caretaker; never its Titan), as the recruit of her legion in
  // it (18.0: a legion that has not mustered this turn, with room). As the defender, in her fourth maneuver phase
  // in place of the reinforcement (14.0), it enters as a reinforcement does (errata 14.1) and fights at -1 skill;
  // after any engagement her legion wins (a flight included) and scores, once the points are scored (the dead
  // still count in them) and before the Angels, a decision.
  scored: (state, owner, score) => question(state, owner, score),
  choices: (state, player) => {
    const open = deadRecruit(state, player);
    if (open === null) return [];
    const take = open.dead.map(
      (creature): Intent => ({ type: 'usePower', act: 'takeDeadEnemy', args: { creature } }),
    );
    return open.inBattle ? take : [{ type: 'usePower', act: 'noDeadEnemy' }, ...take];
  },
  decide: (state, player, intent): Decision | null => {
    if (intent.act !== 'takeDeadEnemy' && intent.act !== 'noDeadEnemy') return null;
    const open = deadRecruit(state, player);
    const name = playerOf(state, player).name;
    if (open !== null && !open.inBattle && intent.act === 'noDeadEnemy') {
      return {
        events: [
          {
            type: 'powerUsed',
            player,
            power: VALKYRIE,
            act: 'noDeadEnemy',
            words: `${name} takes no dead enemy.`,
            audience: 'all',
            data: {},
          },
        ],
      };
    }
    const creature = intent.args?.creature;
    const dead = open?.dead.find((c) => c === creature);
    if (open === null || intent.act !== 'takeDeadEnemy' || dead === undefined) {
      return reject(
        'notAllowed',
        'A dead enemy may be taken as recruit only by a legion with room that has not mustered this turn: in your fourth maneuver phase as the defender, or after your legion wins and scores; choose one of the enemy characters lost in this engagement (not a Titan).',
        'CE 44 B3',
      );
    }
    const events: GameEvent[] = [
      {
        type: 'powerUsed',
        player,
        power: VALKYRIE,
        act: 'takeDeadEnemy',
        words: open.inBattle
          ? `${name} takes a dead ${dead} of the enemy as reinforcement; it fights at -1 skill in this battle.`
          : `${name} takes a dead ${dead} of the enemy into ${legionName(open.legion)} as its recruit.`,
        audience: 'all',
        data: open.inBattle ? {} : { recruited: open.legion },
      },
    ];
    if (open.inBattle) {
      events.push({
        type: 'reinforcementMustered',
        legion: open.legion,
        creature: dead,
        reveal: [],
        id: nextCharacterId(state, open.legion, 'defender'),
        lost: open.enemy,
      });
    } else {
      events.push({
        type: 'characterJoined',
        player,
        power: VALKYRIE,
        legion: open.legion,
        character: dead,
        lost: open.enemy,
      });
    }
    return { events };
  },
  // CE 44 B3: a dead enemy taken after the points is the legion's muster this turn (18.0); the one taken in the
  // battle is marked so by its reinforcement when it enters (errata 14.1).
  apply: (state, event) => {
    const legion = event.data.recruited;
    return typeof legion === 'string' ? markMustered(state, legion as MarkerId) : state;
  },
  actWords: (intent) => {
    switch (intent.act) {
      case 'takeDeadEnemy':
        return `Take the dead ${String(intent.args?.creature)}`;
      case 'noDeadEnemy':
        return 'No dead enemy';
      default:
        return null;
    }
  },
};
