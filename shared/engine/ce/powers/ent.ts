// 10 ENT (CE Titan, rules 004): "Of the trees, By the trees, and For the trees."
import { MASTERCHARTS } from '../../../data/mastercharts';
import type { CharacterName, HexLabel, Terrain } from '../../../data/types';
import { cliffBetween, terrainAt } from '../../battle/hazards';
import type { BattleCharacter, BattlePosition } from '../../battle/position';
import { countOf } from '../../contents';
import type { Decision } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { TREE_NATIVES } from '../battleTerrain';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';
import type { ExtraReveal } from '../recruitSets';
import { withReveals } from '../recruitSets';

const ENT = 10;

/** CE 10 M1: the treed lands, and the creatures one fewer of which musters the next one up there. */
const TREED: readonly Terrain[] = ['Jungle', 'Hills', 'Woods', 'Swamp'];
const ONE_FEWER: readonly CharacterName[] = ['Cyclops', 'Minotaur', 'Warbear', 'Troll'];

/** CE 10 B2: the lands whose battlelands may get a Tree, and "the 3 center hexes" (the hexes nearest the centre of
 *  the battleland, each at most 3 hexes from every other hex). */
const PLANTABLE: readonly Terrain[] = ['Plains', 'Marsh', 'Brush', 'Desert'];
export const CENTRE_HEXES: readonly HexLabel[] = ['C3', 'D3', 'D4'];

function inTree(pos: BattlePosition, c: BattleCharacter): boolean {
  return c.hex !== null && terrainAt(pos, c.hex) === 'Tree';
}

/** CE 10 B2: the centre hexes the Ent may make a Tree now: in his own step before the defender's entrance (the
 *  concessions before the battle), once per battle, in the lands named. */
function plantable(state: GameState, player: PlayerId): HexLabel[] {
  const step = state.step;
  const battle = state.battle;
  if (step.kind !== 'preBattleConcession' || step.actor !== player || battle === null) return [];
  if (!PLANTABLE.includes(battle.terrain) || battle.trees.length > 0) return [];
  return CENTRE_HEXES.filter((hex) => !battle.characters.some((c) => c.hex === hex));
}

export const ent: Power = {
  ...entry(ENT),
  // CE 10 M1: in a treed land, one fewer Cyclops, Minotaur, Warbear or Troll than usual musters the next one up
  // (Jungle 2 Cyclops for a Behemoth, Hills 1 Minotaur and Woods 1 Warbear for a Unicorn, Swamp 2 Trolls for a
  // Wyvern); reinforcements too.
  recruits: (ctx, options) => {
    if (ctx.terrain === 'Tower' || !TREED.includes(ctx.terrain)) return options;
    const chart = MASTERCHARTS[ctx.terrain];
    const extra = chart.flatMap((step, i): ExtraReveal[] => {
      const below = chart[i - 1];
      const n = below?.toMusterNext ?? null;
      if (below === undefined || n === null || !ONE_FEWER.includes(below.creature)) return [];
      if (n < 2 || countOf(ctx.legion.characters, below.creature) < n - 1) return [];
      return [{ creature: step.creature, reveal: Array<CharacterName>(n - 1).fill(below.creature) }];
    });
    return withReveals(options, extra);
  },
  // CE 10 B1: Trees do not hinder the Ents' movement: a Tree hex is entered (not across a Cliff, not occupied)
  // at the normal cost and may be ended on, walking or flying.
  passage: (pos, _c, from, to, standard, flying) => {
    if (terrainAt(pos, to) !== 'Tree' || pos.characters.some((o) => o.hex === to)) return standard;
    if (!flying && from !== null && cliffBetween(pos.terrain, from, to)) return standard;
    return { cost: 1, end: true };
  },
  // CE 10 B1: ... nor their rangestrikes.
  throughTrees: () => true,
  // CE 10 B1: in a Tree, an Ent strikes out with one die more (a rangestrike is not a strike).
  strikeOut: (ctx, parts) =>
    !ctx.rangestrike && inTree(ctx.pos, ctx.striker) ? { ...parts, dice: parts.dice + 1 } : parts,
  // CE 10 B1: a non-tree-native enemy (not recruitable in a treed land) attacking into a Tree loses a skill
  // (strikes and rangestrikes).
  struckBy: (ctx, parts) =>
    inTree(ctx.pos, ctx.target) && !TREE_NATIVES.has(ctx.striker.type)
      ? { ...parts, skill: parts.skill - 1 }
      : parts,
  // CE 10 B2: before the defender's entrance, in the Plains, Marsh, Brush or Desert, one of the centre hexes may
  // be marked as a Tree for the battle.
  choices: (state, player) =>
    plantable(state, player).map((hex): Intent => ({ type: 'usePower', act: 'plant', args: { hex } })),
  decide: (state, player, intent): Decision | null => {
    if (intent.act !== 'plant') return null;
    const open = plantable(state, player);
    if (open.length === 0) return null;
    const hex = intent.args?.hex;
    if (typeof hex !== 'string' || !open.includes(hex as HexLabel)) {
      return reject('notAllowed', `Mark one of ${open.join(', ')} as a Tree.`, 'CE 10 B2');
    }
    const name = playerOf(state, player).name;
    return {
      events: [
        {
          type: 'powerUsed',
          player,
          power: ENT,
          act: 'plant',
          words: `${name}'s Ents make ${hex} a Tree for this battle.`,
          audience: 'all',
          data: { hex },
        },
      ],
    };
  },
  apply: (state, event) => {
    const battle = state.battle;
    const hex = event.data.hex;
    if (battle === null || typeof hex !== 'string') return state;
    return { ...state, battle: { ...battle, trees: [...battle.trees, hex as HexLabel] } };
  },
};
