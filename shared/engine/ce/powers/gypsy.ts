// 53 GYPSY (CE Titan, rules 004): "You are at home with FATE."
import { ownerOfSide } from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { reject } from '../../rejections';
import type { GameState, PlayerId, PowerMemory } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const GYPSY = 53;
const FACES = [1, 2, 3, 4, 5, 6] as const;
/** CE 53 M3: "Each time you score 20+ points in one engagement". */
const HAND_POINTS = 20;

function memoryOf(state: GameState, player: PlayerId): PowerMemory {
  return state.ce?.memory[player] ?? {};
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** CE 53 M2: the movement rolls foretold and not yet rolled, in order, each with the player who will roll it. */
interface Foretold {
  readonly player: PlayerId;
  readonly roll: number;
}

function foretold(state: GameState, owner: PlayerId): Foretold[] {
  const memory = memoryOf(state, owner);
  const rolls = numbers(memory.fated);
  return strings(memory.fatedFor).map((player, i) => ({ player, roll: rolls[i] ?? 0 }));
}

function eliminated(state: GameState, player: PlayerId): boolean {
  return state.players.find((p) => p.id === player)?.eliminated !== false;
}

/** The foretold rolls still to come: those of eliminated players never come. */
function coming(state: GameState, owner: PlayerId): Foretold[] {
  return foretold(state, owner).filter((f) => !eliminated(state, f.player));
}

/** CE 53 M2 "each masterboard roll up to and including your next roll" (reading): from his own turn's roll, every
 *  player's roll in the order of play, up to and including his own roll of his next turn. */
function rollsToForetell(state: GameState, owner: PlayerId): PlayerId[] {
  const order = state.turnOrder.filter((p) => !eliminated(state, p));
  const at = order.indexOf(owner);
  if (at < 0) return [];
  return [...order.slice(at), ...order.slice(0, at), owner];
}

function hands(state: GameState, owner: PlayerId): number {
  const n = memoryOf(state, owner).hands;
  return typeof n === 'number' ? n : 0;
}

function handSet(state: GameState, owner: PlayerId): number | null {
  const n = memoryOf(state, owner).handSet;
  return typeof n === 'number' ? n : null;
}

/** His split step, before his first split and his roll (CE 53 M2 "before your splits"). */
function beforeSplits(state: GameState, owner: PlayerId): boolean {
  const turn = state.turn;
  return (
    state.step.kind === 'split' &&
    state.step.actor === owner &&
    turn !== null &&
    turn.player === owner &&
    turn.splits.length === 0 &&
    turn.movementRoll === null
  );
}

/** His split step, before his roll. */
function beforeRoll(state: GameState, owner: PlayerId): boolean {
  const turn = state.turn;
  return state.step.kind === 'split' && state.step.actor === owner && turn?.movementRoll === null;
}

/** CE 53 M3 "force a mulligan afterwards": after his movement roll, before any legion has moved (7.6). */
function afterRoll(state: GameState, owner: PlayerId): boolean {
  const turn = state.turn;
  return (
    state.step.kind === 'move' &&
    state.step.actor === owner &&
    turn !== null &&
    turn.movementRoll !== null &&
    !turn.legionMoved
  );
}

/** The rolls to foretell now (none once the coming ones reach his next turn's roll). */
function newRolls(state: GameState, owner: PlayerId): PlayerId[] {
  if (!beforeSplits(state, owner)) return [];
  const target = rollsToForetell(state, owner);
  const known = coming(state, owner);
  const kept = known.findIndex((f, i) => f.player !== target[i]);
  const agreed = kept < 0 ? known.length : kept;
  return target.slice(agreed);
}

/** The key of the strike step now: the pool of dice rolled first is for this step only (CE 53 B1). */
function stepKey(state: GameState): string | null {
  const battle = state.battle;
  const engagement = state.engagement;
  const step = state.step;
  if (battle === null || engagement === null) return null;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') return null;
  return `${engagement.land}:${battle.round}:${battle.phasing}:${step.kind}`;
}

function used(
  player: PlayerId,
  act: string,
  words: string,
  data: PowerMemory,
  audience: 'all' | readonly PlayerId[] = 'all',
): GameEvent {
  return { type: 'powerUsed', player, power: GYPSY, act, words, audience, data };
}

function whose(state: GameState, owner: PlayerId, f: Foretold, i: number): string {
  if (f.player !== owner) return `${playerOf(state, f.player).name}'s coming roll`;
  return i === 0 ? 'my roll this turn' : 'my roll next turn';
}

export const gypsy: Power = {
  ...entry(GYPSY),
  // CE 53 M1: during his turn he sees the contents of every enemy legion.
  seesContents: (state, owner, legion) => state.turn?.player === owner && legion.owner !== owner,
  // CE 53 M2: the rolls foretold are his alone; CE 53 M3: so is a die he has set before it is rolled.
  secretMemory: ['fated', 'fatedFor', 'handSet'],
  // CE 53 M2: a foretold roll is the roll that player gets; CE 53 M3: his own roll set by a Hand of Fate.
  fatedRoll: (state, owner, player) => {
    const set = handSet(state, owner);
    if (player === owner && set !== null) {
      const words = `${playerOf(state, owner).name} sets the die with a Hand of Fate: ${set}.`;
      return { roll: set, events: [used(owner, 'handRoll', words, { picked: set })] };
    }
    const all = foretold(state, owner);
    const skipped = all.findIndex((f) => !eliminated(state, f.player));
    const next = skipped < 0 ? undefined : all[skipped];
    if (next === undefined || next.player !== player) return null;
    const words = `${playerOf(state, player).name}'s roll, foretold by the Gypsy: ${next.roll}.`;
    return {
      roll: next.roll,
      events: [used(owner, 'foretoldRoll', words, { picked: next.roll, taken: skipped + 1 })],
    };
  },
  // CE 53 M3: a Hand of Fate each time he scores 20 points or more in one engagement.
  scored: (state, owner, score) => {
    if (score.points < HAND_POINTS) return null;
    const words = `${playerOf(state, owner).name} scores ${score.points} and gains a Hand of Fate.`;
    return [used(owner, 'handGained', words, { hands: hands(state, owner) + 1 })];
  },
  // CE 53 B1: his opponent rolls all his attacks before him, in his own strike phases too.
  enemyStrikesFirst: () => true,
  // CE 53 B1: as his strikes (or counterstrikes) begin he rolls the attack dice of his whole legion first, each
  // character's the most dice any of its attacks rolls; then he chooses the targets and the carry-overs. Reading:
  // he always does (knowing the dice first never costs him); an attack rolling fewer dice takes the first ones.
  atMoment: (state, side, moment, dice) => {
    if (moment.kind !== 'strikes' && moment.kind !== 'counterstrikes') return [];
    if (moment.side !== side || dice === null || moment.attacks.length === 0) return [];
    const engagement = state.engagement;
    const battle = state.battle;
    if (engagement === null || battle === null) return [];
    const owner = ownerOfSide(engagement, side);
    const rolls = moment.attacks.map((a) => dice.roll(a.dice));
    const names = moment.attacks.map((a, i) => {
      const type = battle.characters.find((c) => c.id === a.striker)?.type ?? a.striker;
      return `${type} ${a.striker}: ${(rolls[i] ?? []).join(',')}`;
    });
    const kind = moment.kind === 'strikes' ? 'strike' : 'counterstrike';
    return [
      used(
        owner,
        'rollAll',
        `${playerOf(state, owner).name} rolls all the attack dice first: ${names.join('; ')}.`,
        {
          rolls: rolls.flat(),
          poolIds: moment.attacks.map((a) => a.striker),
          poolCounts: moment.attacks.map((a) => a.dice),
          poolAt: `${engagement.land}:${battle.round}:${battle.phasing}:${kind}`,
        },
      ),
    ];
  },
  rollStrike: (state, player, count, _strikeNumber, dice, striker, again) => {
    const memory = memoryOf(state, player);
    const ids = strings(memory.poolIds);
    const counts = numbers(memory.poolCounts);
    const at = ids.indexOf(striker.id);
    const key = stepKey(state);
    if (again || at < 0 || key === null || memory.poolAt !== key || (counts[at] ?? 0) < count) {
      return { rolls: dice.roll(count), events: [] };
    }
    const offset = counts.slice(0, at).reduce((a, b) => a + b, 0);
    const rolls = numbers(memory.poolRolls).slice(offset, offset + count);
    const words = `${striker.type} ${striker.id} strikes with ${rolls.join(',')}, rolled first.`;
    return { rolls, events: [used(player, 'poolTaken', words, { picked: rolls })] };
  },
  choices: (state, player) => {
    const intents: Intent[] = [];
    // CE 53 M2: before his splits he may foretell the coming rolls.
    if (newRolls(state, player).length > 0) intents.push({ type: 'usePower', act: 'foretell' });
    // CE 53 M2: he may announce what he likes of them (true or not).
    if (beforeRoll(state, player)) {
      coming(state, player).forEach((_f, entry) => {
        for (const roll of FACES) intents.push({ type: 'usePower', act: 'announce', args: { entry, roll } });
      });
    }
    // CE 53 M3: a Hand of Fate sets his die before it is rolled (not one already foretold: that is rolled)...
    const own = coming(state, player)[0];
    const unset = handSet(state, player) === null;
    if (beforeRoll(state, player) && hands(state, player) > 0 && unset && own?.player !== player) {
      for (const roll of FACES) intents.push({ type: 'usePower', act: 'handSet', args: { roll } });
    }
    // ...or forces a mulligan after it.
    if (afterRoll(state, player) && hands(state, player) > 0) {
      intents.push({ type: 'usePower', act: 'handMulligan' });
    }
    return intents;
  },
  decide: (state, player, intent, dice): Decision | null => {
    if (state.ce?.powers[player] !== GYPSY) return null;
    const listed = gypsy.choices?.(state, player) ?? [];
    const same = (i: Intent) =>
      i.type === 'usePower' && i.act === intent.act && JSON.stringify(i.args) === JSON.stringify(intent.args);
    const name = playerOf(state, player).name;
    switch (intent.act) {
      case 'foretell': {
        if (!listed.some(same)) {
          return reject(
            'notAllowed',
            'The coming rolls are foretold before your splits, up to and including your next turn’s roll.',
            'CE 53 M2',
          );
        }
        const players = newRolls(state, player);
        const rolls = dice.roll(players.length);
        const queue = [
          ...coming(state, player),
          ...players.map((p, i) => ({ player: p, roll: rolls[i] ?? 0 })),
        ];
        const told = queue.map((f, i) => `${whose(state, player, f, i)} ${f.roll}`).join(', ');
        return {
          events: [
            used(
              player,
              'foretell',
              `You foretell the coming rolls: ${told}.`,
              { rolls, fated: queue.map((f) => f.roll), fatedFor: queue.map((f) => f.player) },
              [player],
            ),
          ],
        };
      }
      case 'announce': {
        if (!listed.some(same)) {
          return reject(
            'notAllowed',
            'Announce one of the coming rolls you foretold, as a number from 1 to 6, before your roll.',
            'CE 53 M2',
          );
        }
        const at = Number(intent.args?.entry);
        const f = coming(state, player)[at];
        if (f === undefined) return null;
        const words = `${name} announces: "${whose(state, player, f, at)} will be ${String(intent.args?.roll)}."`;
        return { events: [used(player, 'announce', words, {})] };
      }
      case 'handSet': {
        if (!listed.some(same)) {
          return reject(
            'notAllowed',
            'A Hand of Fate sets your die (1 to 6) before your roll, if you have one and your roll is not foretold.',
            'CE 53 M3',
          );
        }
        const roll = Number(intent.args?.roll);
        return {
          events: [
            used(
              player,
              'handSet',
              `You set your coming roll to ${roll} with a Hand of Fate.`,
              { handSet: roll },
              [player],
            ),
          ],
        };
      }
      case 'handMulligan': {
        if (!listed.some(same)) {
          return reject(
            'notAllowed',
            'A Hand of Fate forces a mulligan after your roll and before any legion moves, if you have one.',
            'CE 53 M3',
          );
        }
        const [roll = 0] = dice.roll(1);
        return {
          events: [
            used(player, 'handMulligan', `${name} forces a mulligan with a Hand of Fate: ${roll}.`, {
              rolls: [roll],
              picked: roll,
              hands: hands(state, player) - 1,
            }),
            { type: 'movementRolled', player, roll, mulligan: false },
          ],
        };
      }
      default:
        return null;
    }
  },
  actWords: (intent) => {
    const args = intent.args ?? {};
    switch (intent.act) {
      case 'foretell':
        return 'Foretell the coming rolls (secretly)';
      case 'announce':
        return `Announce: coming roll ${Number(args.entry) + 1} will be ${String(args.roll)}`;
      case 'handSet':
        return `Hand of Fate: set my roll to ${String(args.roll)}`;
      case 'handMulligan':
        return 'Hand of Fate: force a mulligan';
      default:
        return null;
    }
  },
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    const memory: Record<string, PowerMemory[string]> = { ...ce.memory[event.player] };
    const data = event.data;
    switch (event.act) {
      case 'foretell':
        memory.fated = data.fated ?? [];
        memory.fatedFor = data.fatedFor ?? [];
        break;
      case 'foretoldRoll': {
        const taken = typeof data.taken === 'number' ? data.taken : 1;
        memory.fated = numbers(memory.fated).slice(taken);
        memory.fatedFor = strings(memory.fatedFor).slice(taken);
        break;
      }
      case 'handSet':
        memory.handSet = data.handSet ?? 0;
        break;
      case 'handRoll':
        delete memory.handSet;
        memory.hands = hands(state, event.player) - 1;
        break;
      case 'handMulligan':
      case 'handGained':
        memory.hands = data.hands ?? 0;
        break;
      case 'rollAll':
        memory.poolRolls = data.rolls ?? [];
        memory.poolIds = data.poolIds ?? [];
        memory.poolCounts = data.poolCounts ?? [];
        memory.poolAt = data.poolAt ?? '';
        break;
      default:
        break;
    }
    return { ...state, ce: { ...ce, memory: { ...ce.memory, [event.player]: memory } } };
  },
};
