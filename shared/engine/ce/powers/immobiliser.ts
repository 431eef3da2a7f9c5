// 48 IMMOBILISER (CE Titan, rules 004): "You derive pleasure in seeing others stumble."
import { CHARACTERS } from '../../../data/characters';
import { hexDistance } from '../../../data/hexGeometry';
import { cliffBetween, flies } from '../../battle/hazards';
import type { BattleCharacter, BattlePosition } from '../../battle/position';
import { isSlain, opponent } from '../../battle/position';
import { engagedLegion, sideOfPlayer } from '../../engagementState';
import type { Decision } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { normalMoves } from '../../movement';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const IMMOBILISER = 48;
const DECLARE = 'declareNonNative';

/** The player holding the power (one per game: the powers are drawn without repeats). */
function holder(state: GameState): PlayerId | null {
  const found = Object.entries(state.ce?.powers ?? {}).find(([, id]) => id === IMMOBILISER);
  return found === undefined ? null : found[0];
}

/** CE 48 B2: is `to` next to one of the owner's characters (a living one on the battleland, 11.3: not across a
 *  Cliff)? `c` is the enemy moving. */
function nextToHim(pos: BattlePosition, c: BattleCharacter, to: string): boolean {
  const his = opponent(c.side);
  return pos.characters.some(
    (o) =>
      o.side === his &&
      o.hex !== null &&
      !isSlain(o) &&
      hexDistance(o.hex, to as typeof o.hex) === 1 &&
      !cliffBetween(pos.terrain, o.hex, to as typeof o.hex),
  );
}

/** CE 48 B3: may he declare the battle without nativity now: at his own step before the battle (the concessions
 *  before any character enters), his Titan in his legion, not yet declared. */
function mayDeclare(state: GameState, player: PlayerId): boolean {
  const step = state.step;
  const battle = state.battle;
  if (step.kind !== 'preBattleConcession' || step.actor !== player || battle === null) return false;
  if (battle.nonNative || state.engagement === null) return false;
  const side = sideOfPlayer(state.engagement, player);
  return side !== null && engagedLegion(state, side)?.characters.includes('Titan') === true;
}

export const immobiliser: Power = {
  ...entry(IMMOBILISER),
  // CE 48 M1: an opponent's normal move onto one of his legions whose movement number is just high enough to reach
  // it (the legion is met on the number's last land, by every way that reaches it from that side: one fewer would
  // not reach it) cannot be made. Titan Teleports are not touched (and Tower Teleports never end on a legion).
  enemyMoves: ({ state, context }, moves) => {
    const owner = holder(state);
    if (owner === null) return moves;
    const his = new Set(
      Object.values(state.legions)
        .filter((l) => l.owner === owner)
        .map((l) => l.land),
    );
    const shorter =
      context.roll > 1
        ? new Set(normalMoves({ ...context, roll: context.roll - 1 }).map((m) => `${m.land}/${m.entry}`))
        : new Set<string>();
    return moves.filter((m) => m.via !== 'normal' || !his.has(m.land) || shorter.has(`${m.land}/${m.entry}`));
  },
  // CE 48 B1: his enemies lose the ability to fly and to rangestrike.
  enemyMay: () => false,
  // CE 48 B1: his enemies' non-flyers (by the chart: the flyers walk at their usual speed) move 1 slower, entering
  // too ("even to the point of losing chars").
  enemyMoveAllowance: (_pos, c, points) => (flies(c.type) ? points : points - 1),
  // CE 48 B2: an enemy that is not a rangestriker by the chart must stop on moving next to one of his characters.
  enemyPassage: (pos, c, _from, to, standard) =>
    CHARACTERS[c.type].rangestrikes || standard.cost === null || !nextToHim(pos, c, to)
      ? standard
      : { ...standard, stop: true },
  // CE 48 B3: with his Titan in the battle, before anyone enters, he may declare every combatant non-native to
  // every hazard for the battle (`BattleState.nonNative`: the chart's nativity is gone from every rule; a power's
  // own nativity, 17 MARINES, is a lower number and stays).
  choices: (state, player): Intent[] =>
    mayDeclare(state, player) ? [{ type: 'usePower', act: DECLARE }] : [],
  decide: (state, player, intent): Decision | null => {
    if (intent.act !== DECLARE) return null;
    if (!mayDeclare(state, player)) {
      return reject(
        'notAllowed',
        'Every combatant can be declared non-native only once, before anyone enters a battle your Titan is in.',
        'CE 48 B3',
      );
    }
    return {
      events: [
        {
          type: 'powerUsed',
          player,
          power: IMMOBILISER,
          act: DECLARE,
          words: `${playerOf(state, player).name} declares every combatant non-native to every hazard in this battle.`,
          audience: 'all',
          data: {},
        },
      ],
    };
  },
  actWords: (intent) =>
    intent.act === DECLARE ? 'Declare every combatant non-native to every hazard for this battle' : null,
  apply: (state, event) => {
    const battle = state.battle;
    if (event.act !== DECLARE || battle === null) return state;
    return { ...state, battle: { ...battle, nonNative: true } };
  },
};
