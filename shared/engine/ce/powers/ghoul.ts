// 54 GHOUL (CE Titan, rules 004): "You enslave the dead to work for you."

import { CHARACTERS } from '../../../data/characters';
import type { CharacterName, MarkerId } from '../../../data/types';
import type { BattleSide } from '../../battle/position';
import { opponent } from '../../battle/position';
import { withoutCharacters } from '../../contents';
import {
  legionOfSide,
  lossesOf,
  nextCharacterId,
  ownerOfSide,
  requireEngagement,
  sideOfPlayer,
} from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { charactersValue, halfPoints, playerOf } from '../../lookups';
import { MAX_LEGION_HEIGHT } from '../../muster';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const GHOUL = 54;
const ZOMBIE = 13;

/** CE 54 M2: where she may enslave a slain enemy now: her legion, the enemy's side, and the slain enemies she may
 *  still take (each kind once in the list). */
interface Enslaving {
  readonly legion: MarkerId;
  readonly side: BattleSide;
  readonly enemy: BattleSide;
  readonly dead: readonly CharacterName[];
}

/** CE 54 M2: the enemies slain in this engagement that may be enslaved: its losses (12.6, 10.1), less those
 *  enslaved this phase and still to enter; a character whose Power-factor the chart does not fix (a Titan, whose
 *  player it is, 2.2; 13 ZOMBIE's raised Titan) never (reading: "Enslaved spirits lose all power privileges", and
 *  such a Power-factor is its player's score's or a power's). */
function enslavable(state: GameState, enemy: BattleSide): CharacterName[] {
  const battle = state.battle;
  if (battle === null) return [];
  // CE 13 ZOMBIE B1 ("All dead chars in battle involving you stays on the board to the end of the battle") has
  // precedence (the lower number, CE general notes): in a battle of his the dead lie there as corpses, none rises.
  if (battle.powers?.attacker === ZOMBIE || battle.powers?.defender === ZOMBIE) return [];
  const pending = battle.mustEnter.flatMap((m) => {
    if (m.lost !== enemy) return [];
    const c = battle.characters.find((x) => x.id === m.id);
    return c === undefined ? [] : [c.type];
  });
  const left = withoutCharacters(lossesOf(requireEngagement(state), enemy), pending);
  return [...new Set(left.filter((c) => CHARACTERS[c].power !== null))].sort();
}

function enslaving(state: GameState, player: PlayerId): Enslaving | null {
  const step = state.step;
  const battle = state.battle;
  const engagement = state.engagement;
  if (step.kind !== 'maneuver' || step.actor !== player || battle === null || engagement === null)
    return null;
  const side = sideOfPlayer(engagement, player);
  if (side === null || side !== step.side) return null;
  const legion = legionOfSide(engagement, side);
  const l = state.legions[legion];
  // CE 54 M2 "You are restricted by the stack limit" (4.1): those still to enter this phase count.
  if (l === undefined || l.characters.length + battle.mustEnter.length >= MAX_LEGION_HEIGHT) return null;
  const enemy = opponent(side);
  const dead = enslavable(state, enemy);
  return dead.length === 0 ? null : { legion, side, enemy, dead };
}

/** CE 54 M2: the value of the enemies she enslaved in this engagement (those taken out of the enemy's losses into
 *  her legion: ActiveEngagement.raised; only her side takes from the enemy's losses while it fights, 44 B3 taking
 *  from its own enemy's). */
function enslavedValue(state: GameState, enemy: BattleSide): number {
  const engagement = requireEngagement(state);
  return charactersValue(state, engagement.raised?.[enemy] ?? [], ownerOfSide(engagement, enemy));
}

export const ghoul: Power = {
  ...entry(GHOUL),
  // CE 54 M1: "You may recruit from the dead pile": any creature the caretaker has none left of, from the dead pile
  // (the frame's reading of recruiting from the dead, ce/hooks.ts recruitStock).
  fromTheDead: () => true,
  // CE 54 M2 "You may add more than one piece per turn to your stack" (the general notes' one piece per turn): in
  // her maneuver phase she may enslave several, and summon her Angel or muster her reinforcement as well, within
  // the stack limit (ce/hooks.ts mayAddAnother).
  addsMany: true,
  // CE 54 M2 "Slain enemies may be ENSLAVED": in any maneuver phase of hers in the battle, any enemy character
  // slain in it (a Titan excepted) and removed from the battleland (12.6; or left off it, 10.1) may be enslaved:
  // it joins her legion off the board and must enter this phase as a reinforcement does (errata 14.1: from her
  // entrance, as her Angel or reinforcement would; one that does not enter goes back to the enemy's losses and
  // may be enslaved in a later phase). Reading: it enters with no hits (the slain leave the battleland, 12.6, and
  // it comes back as a spirit, whole). It is neither her legion's muster nor its reinforcement (18.0, 14.0),
  // and once it entered it is one of her legion's characters: slain again, it is one of her losses.
  // "fights at -1 skill for the rest of the battle": its Skill-factor is 1 less in every strike and rangestrike
  // it makes or takes (BattleCharacter.skillModifier; its movement and range unchanged, 11.2 reading the chart);
  // "you can keep it (back to normal) if you win": a legion that does not win is eliminated (16.0), so only a
  // victorious one keeps it, as an ordinary character of the legion (the modifier lives in the battle only).
  // "Enslaved spirits lose all power privileges" (reading): it is of her side, whose power alone gives her
  // characters anything (ce/hooks.ts asks each side's power for its own characters), and hers gives it only the
  // -1; its former owner's power no longer reaches it, except as it reaches any of her characters.
  choices: (state, player) => {
    const open = enslaving(state, player);
    if (open === null) return [];
    return open.dead.map((creature): Intent => ({ type: 'usePower', act: 'enslave', args: { creature } }));
  },
  decide: (state, player, intent): Decision | null => {
    if (intent.act !== 'enslave') return null;
    const open = enslaving(state, player);
    const creature = intent.args?.creature;
    const dead = open?.dead.find((c) => c === creature);
    if (open === null || dead === undefined) {
      return reject(
        'notAllowed',
        open === null
          ? 'A slain enemy may be enslaved only in your maneuver phase of a battle, by your legion with room for it (seven characters, those still to enter included), once an enemy other than a Titan was slain in it.'
          : `Enslave one of the slain enemies: ${open.dead.join(', ')}.`,
        'CE 54 M2',
      );
    }
    const name = playerOf(state, player).name;
    const events: GameEvent[] = [
      {
        type: 'powerUsed',
        player,
        power: GHOUL,
        act: 'enslave',
        words: `${name} enslaves a slain ${dead} of the enemy; it fights at -1 skill in this battle.`,
        audience: 'all',
        data: {},
      },
      {
        type: 'characterJoined',
        player,
        power: GHOUL,
        legion: open.legion,
        character: dead,
        id: nextCharacterId(state, open.legion, open.side),
        lost: open.enemy,
      },
    ];
    return { events };
  },
  // CE 54 M2 "Enslaved enemies are only worth half points at the end of battle (but count for angels)": when she
  // wins, the enemies she enslaved (slain, so still counted as the enemy's losses, 16.0) score her half their
  // value (rounded down as 16.1 rounds a half) and the rest theirs; the Angels she earns are those the whole
  // points would earn from her score before them (EngagementScore.angels). Reading: the half concerns the points
  // she scores; an enslaved character slain again is one of her losses, worth its whole value to the enemy.
  points: (state, owner, standard) => {
    if (standard === null || standard.player !== owner) return standard;
    const side = sideOfPlayer(requireEngagement(state), owner);
    if (side === null) return standard;
    const value = enslavedValue(state, opponent(side));
    if (value === 0) return standard;
    const points = standard.points - value + halfPoints(value);
    return { ...standard, points, angels: standard.angels ?? standard.points };
  },
  // CE 54 M2: the enslaved fight at -1 skill (skillModifier), striking and struck.
  strikeOut: (ctx, parts) => ({ ...parts, skill: parts.skill + (ctx.striker.skillModifier ?? 0) }),
  struckBy: (ctx, parts) => ({ ...parts, targetSkill: parts.targetSkill + (ctx.target.skillModifier ?? 0) }),
  actWords: (intent) =>
    intent.act === 'enslave' ? `Enslave the slain ${String(intent.args?.creature)}` : null,
};
