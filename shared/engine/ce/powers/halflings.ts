// 29 HALFLINGS + (CE Titan, rules 004): "Your folks reinforce each other and share each other's woes."

import { hexDistance } from '../../../data/hexGeometry';
import { MASTERCHARTS } from '../../../data/mastercharts';
import type { CharacterName } from '../../../data/types';
import { cliffBetween, skillOf } from '../../battle/hazards';
import type { BattleCharacter, BattlePosition, PassedHits } from '../../battle/position';
import { attackHits, hitsToSlay, isSlain } from '../../battle/position';
import { countOf } from '../../contents';
import { withBattle } from '../../engagementFold';
import { requireBattle } from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { reject } from '../../rejections';
import type { GameState, PendingCarryOver, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';
import { type ExtraReveal, withReveals } from '../recruitSets';

const HALFLINGS = 29;

// ---------------------------------------------------------------- M1: skipping mid-levels

/** CE 29 M1: the sets that muster a creature of the chart skipping the levels between: of a creature two or more
 *  steps below it, the numbers of every step from it up added (each level's "# needed to recruit" the next), plus 1
 *  in the Mountains or the Tundra. Reading: "mid-levels" is plural, so more than one level may be skipped, each
 *  step's number counted once (in the Jungle 5 Gargoyles muster a Behemoth, 2 + 3, and 7 a Serpent, 2 + 3 + 2).
 *  The Tower has no levels (18.5): nothing changes there. */
function skippingSets(
  terrain: keyof typeof MASTERCHARTS,
  characters: readonly CharacterName[],
): ExtraReveal[] {
  const chart = MASTERCHARTS[terrain];
  const extra = terrain === 'Mountains' || terrain === 'Tundra' ? 1 : 0;
  const sets: ExtraReveal[] = [];
  chart.forEach((lower, j) => {
    let needed = extra;
    for (let i = j + 1; i < chart.length; i++) {
      const step = chart[i - 1]?.toMusterNext;
      const upper = chart[i];
      if (step == null || upper === undefined) return;
      needed += step;
      if (i - j < 2) continue; // one step up is the standard muster (18.3)
      if (countOf(characters, lower.creature) >= needed) {
        sets.push({ creature: upper.creature, reveal: Array<CharacterName>(needed).fill(lower.creature) });
      }
    }
  });
  return sets;
}

// ---------------------------------------------------------------- B1: sets of identical characters

/** CE 29 B1: the character of a set of `count` identical ones from which each gains a die ("for each extra char
 *  starting at the skill level"): the skill-th, and in a game begun with four players or more the 2nd for skill 3
 *  and the 3rd for skill 4. Never the first (a lone character is no set). */
function firstBonus(skill: number, seats: number): number {
  const large = seats >= 4 && (skill === 3 || skill === 4) ? skill - 1 : skill;
  return Math.max(2, large);
}

/** CE 29 B1: the characters of the set a character belongs to: those of its type on its side standing on the
 *  battleland (reading: the slain stand there until the end of the strike phase, 12.6, and count till then). */
function setSize(pos: BattlePosition, c: BattleCharacter): number {
  return pos.characters.filter((x) => x.side === c.side && x.type === c.type && x.hex !== null).length;
}

// ---------------------------------------------------------------- B2: passing hits

/** Two characters in contact (12.0: adjacent hexes, not across a Cliff). */
function inContact(pos: BattlePosition, a: BattleCharacter, b: BattleCharacter): boolean {
  return (
    a.hex !== null &&
    b.hex !== null &&
    hexDistance(a.hex, b.hex) === 1 &&
    !cliffBetween(pos.terrain, a.hex, b.hex)
  );
}

/** CE 29 B2: the characters the struck `target` may pass hits to: living ones of its side and type in contact with
 *  it or down a chain of such; "Guardians count as part of chains as long as there are at least two 'real'
 *  chars": reading, a Guardian is a link of a chain of another type and takes passed hits like its other members,
 *  provided the chain holds another character of the target's type besides it (a struck Guardian's own chain is of
 *  Guardians, identical characters). */
function chainOf(pos: BattlePosition, target: BattleCharacter): BattleCharacter[] {
  const member = (c: BattleCharacter) =>
    c.side === target.side &&
    c.hex !== null &&
    !isSlain(c) &&
    (c.type === target.type || (target.type !== 'Guardian' && c.type === 'Guardian'));
  const found: BattleCharacter[] = [target];
  for (let i = 0; i < found.length; i++) {
    const from = found[i] as BattleCharacter;
    for (const c of pos.characters) {
      if (member(c) && !found.includes(c) && inContact(pos, from, c)) found.push(c);
    }
  }
  const chain = found.filter((c) => c.id !== target.id);
  return chain.some((c) => c.type === target.type) ? chain : [];
}

/** The attack whose hits he is passing: its hits not yet passed, and what each character of the chain may still
 *  take ("no char can absorb more hits than is enough to kill it"). */
interface Passing {
  readonly pending: PendingCarryOver;
  readonly left: number;
  readonly room: readonly { readonly c: BattleCharacter; readonly hits: number }[];
}

function passingOf(state: GameState, pending: PendingCarryOver): Passing {
  const battle = requireBattle(state);
  const target = battle.characters.find((c) => c.id === pending.option.target);
  if (target === undefined) throw new Error(`no character ${pending.option.target}`);
  const passed = pending.passed ?? [];
  const to = (id: string) => passed.filter((p) => p.target === id).reduce((sum, p) => sum + p.hits, 0);
  const left = attackHits(pending.rolls, pending.option) - passed.reduce((sum, p) => sum + p.hits, 0);
  const pos: BattlePosition = {
    terrain: battle.terrain,
    attackerEntry: battle.attackerEntry,
    characters: battle.characters,
  };
  const room = chainOf(pos, target)
    .map((c) => ({ c, hits: Math.min(left, hitsToSlay(c) - to(c.id)) }))
    .filter((r) => r.hits > 0);
  return { pending, left, room };
}

/** His decision now, or null when no step of his is open. */
function open(state: GameState, player: PlayerId): Passing | null {
  const step = state.step;
  if (step.kind !== 'powerDecision' || step.power !== HALFLINGS || step.actor !== player) return null;
  if (step.landing === undefined) return null;
  const pending = state.battle?.pendingCarryOver ?? null;
  return pending === null ? null : passingOf(state, pending);
}

const plural = (n: number) => `${n} hit${n === 1 ? '' : 's'}`;

function question(p: Passing): string {
  return `${plural(p.left)} on ${p.pending.option.target}: pass hits to ${p.room.map((r) => r.c.id).join(', ')}, or keep the rest?`;
}

export const halflings: Power = {
  ...entry(HALFLINGS),
  // CE 29 M1: "You can skip mid-levels when up-recruiting, if the number of recruiters is (# of lower char needed
  // to recruit mid-char) plus (# of middle char needed to recruit upper-char), plus 1 if in mountains/tundra"
  // (5 Centaurs for a Unicorn in the Woods, 5 Cyclopes for a Serpent in the Jungle, 5 Lions for a Dragon in the
  // Mountains). Reinforcements too.
  recruits: (ctx, options) =>
    ctx.terrain === 'Tower'
      ? options
      : withReveals(options, skippingSets(ctx.terrain, ctx.legion.characters)),
  // CE 29 B1: "each of the set gain 1 die striking for each extra char starting at the skill level" (3 Cyclopes
  // strike 11-2 each; 4 Centaurs 5-4 in a large game, 4-4 in a small one); "with a 4-set (or more) present, each
  // gain 1 die on rangestrikes" (4 Gorgons rangestrike 4-3). Reading: a rangestrike gains only that die (the text
  // names it apart from "striking").
  strikeOut: (ctx, parts) => {
    const count = setSize(ctx.pos, ctx.striker);
    if (ctx.rangestrike) return count >= 4 ? { ...parts, dice: parts.dice + 1 } : parts;
    const bonus = count - firstBonus(skillOf(ctx.striker.type), ctx.pos.powers?.seats ?? 2) + 1;
    return bonus > 0 ? { ...parts, dice: parts.dice + bonus } : parts;
  },
  // CE 29 B2: "When damage is taken, hits may be passed to identical char(s) in contact, or down a chain as
  // desired. No char can absorb more hits than is enough to kill it, unless it happens to be the last surviving
  // char that the attacking char can strike at or otherwise damage (thus no legit spills are deprived). ... Hit
  // absorption is 1-for-1 regardless of the skill levels." Readings: after each strike or rangestrike that hits
  // one of his characters (the damage of the battle's attacks; drift is no attacking char's), before the hits land,
  // he passes any of them, one character at a time, to the characters of its chain, each taking at most what slays
  // it; the target keeps the rest. What the target keeps beyond what slays it is the striker's excess, his to carry
  // over (errata 12.4) as usual: those are the "legit spills" no passing deprives him of; where no carry-over is
  // open (the target is the last the striker can strike at, or it was a rangestrike) the excess is lost on the
  // target, which is what the "unless" allows. Carried-over damage is the striker's allocation and is not passed
  // again; a 42 NINJA volley cannot stop for a decision (battle/volley.ts): its hits land as thrown. No step when
  // no character of the chain can take a hit.
  hitsLanding: (pos, landing) => {
    const room = chainOf(pos, landing.target).filter((c) => hitsToSlay(c) > 0);
    if (room.length === 0) return null;
    return `${plural(landing.hits)} on ${landing.target.id}: pass hits to ${room.map((c) => c.id).join(', ')}, or keep them?`;
  },
  choices: (state, player) => {
    const p = open(state, player);
    if (p === null) return [];
    return [
      { type: 'usePower', act: 'keepHits' },
      ...p.room.flatMap((r) =>
        Array.from(
          { length: r.hits },
          (_, n): Intent => ({ type: 'usePower', act: 'passHits', args: { to: r.c.id, hits: n + 1 } }),
        ),
      ),
    ];
  },
  decide: (state, player, intent): Decision | null => {
    const p = open(state, player);
    if (p === null) return null;
    const name = playerOf(state, player).name;
    const target = p.pending.option.target;
    if (intent.act === 'keepHits') {
      return {
        events: [
          {
            type: 'powerUsed',
            player,
            power: HALFLINGS,
            act: 'keepHits',
            words: `${name}'s ${target} takes the ${plural(p.left)} left.`,
            audience: 'all',
            data: {},
          },
        ],
      };
    }
    const { to, hits } = intent.args ?? {};
    const room = p.room.find((r) => r.c.id === to);
    if (
      intent.act !== 'passHits' ||
      room === undefined ||
      typeof hits !== 'number' ||
      !Number.isInteger(hits) ||
      hits < 1 ||
      hits > room.hits
    ) {
      return reject(
        'notAllowed',
        `Pass from 1 hit up to what slays it to a character of ${target}'s chain (${p.room.map((r) => `${r.c.id}: ${r.hits}`).join(', ')}), or keep the hits.`,
        'CE 29 B2',
      );
    }
    const event: GameEvent = {
      type: 'powerUsed',
      player,
      power: HALFLINGS,
      act: 'passHits',
      words: `${name} passes ${plural(hits)} from ${target} to ${room.c.id}.`,
      audience: 'all',
      data: { to: room.c.id, hits },
    };
    const after = halflings.apply?.(state, event as GameEvent & { type: 'powerUsed' }) ?? state;
    const more = open(after, player);
    const step = state.step;
    if (more === null || more.left === 0 || more.room.length === 0 || step.kind !== 'powerDecision') {
      return { events: [event] };
    }
    return { events: [event, { type: 'stepBegan', step: { ...step, question: question(more) } }] };
  },
  // The buttons of his decision.
  actWords: (intent, names) => {
    const { to, hits } = intent.args ?? {};
    if (intent.act === 'keepHits') return 'Keep the hits';
    if (intent.act === 'passHits' && typeof to === 'string' && typeof hits === 'number') {
      return `Pass ${plural(hits)} to ${names.character(to)}`;
    }
    return null;
  },
  // CE 29 B2: a hit passed waits with the attack's other hits, landing with them (battle `pendingCarryOver`).
  apply: (state, event) => {
    if (event.act !== 'passHits') return state;
    const { to, hits } = event.data;
    if (typeof to !== 'string' || typeof hits !== 'number')
      throw new Error('a pass names its character and hits');
    return withBattle(state, (b) => {
      const pending = b.pendingCarryOver;
      if (pending === null) throw new Error('hits passed without an attack pending');
      const passed: PassedHits[] = [...(pending.passed ?? []), { target: to, hits }];
      return { ...b, pendingCarryOver: { ...pending, passed } };
    });
  },
};
