// 41 LADY LUCK (CE Titan, rules 004): "Better lucky than good, you always say."
import { hits } from '../../battle/position';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { mulliganProblem } from '../../mulligan';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { AttackRoll, Power } from '../power';

const LADY_LUCK = 41;
const FACES = [1, 2, 3, 4, 5, 6] as const;

/** CE 41 M1: the roll she announced she would like (or not like) for her next movement roll. */
interface Wish {
  readonly like: boolean;
  readonly roll: number;
}

/** CE 41 M1: "The default value is I LIKE SIX": her announcement for the next roll, or the default. */
function wishOf(state: GameState, player: PlayerId): Wish {
  const memory = state.ce?.memory[player];
  const roll = memory?.wishRoll;
  if (typeof roll !== 'number') return { like: true, roll: 6 };
  return { like: memory?.wishLike !== false, roll };
}

function wishWords(wish: Wish): string {
  return `${wish.like ? 'I like' : 'I do not like'} ${wish.roll}`;
}

/** CE 41 M1: she announces before each movement roll: in her split step (before the roll) and, while she may
 *  take a mulligan, in her move step. */
function mayAnnounce(state: GameState, player: PlayerId): boolean {
  const step = state.step;
  if (step.kind === 'split') return step.actor === player;
  return step.kind === 'move' && step.actor === player && mulliganProblem(state, player) === null;
}

/** 12.2: the chance of one die to hit, in sixths (a 6 always hits). */
function sixthsToHit(strikeNumber: number): number {
  return 7 - Math.min(6, Math.max(1, strikeNumber));
}

/** CE 41 B1 "1 hit or more unlucky (as measured from the mathematical average) for you": her own attack scoring
 *  at least 1 hit fewer than the average (dice × the chance of a hit), an enemy's attack at least 1 more. */
function unlucky(rolls: readonly number[], strikeNumber: number, hers: boolean): boolean {
  const sixAverage = rolls.length * sixthsToHit(strikeNumber);
  const sixHits = 6 * hits(rolls, strikeNumber);
  return hers ? sixHits <= sixAverage - 6 : sixHits >= sixAverage + 6;
}

/** CE 41 B1 "Average Minus": has this enemy elected it for his next attack? */
function averageMinusElected(state: GameState, player: PlayerId): boolean {
  return state.ce?.memory[player]?.averageMinus === true;
}

/** CE 41 B1: the battle's enemy of Lady Luck's owner about to attack (his strike or counterstrike step), or null. */
function attackingEnemy(state: GameState, owner: PlayerId): PlayerId | null {
  const engagement = state.engagement;
  const step = state.step;
  if (engagement === null || state.battle === null) return null;
  if (step.kind !== 'strike' && step.kind !== 'counterstrike') return null;
  const players = [engagement.attackerOwner, engagement.defenderOwner];
  if (!players.includes(owner) || step.actor === owner) return null;
  return step.actor;
}

function used(
  player: PlayerId,
  act: string,
  words: string,
  data: Record<string, number | boolean | readonly number[]>,
): GameEvent {
  return { type: 'powerUsed', player, power: LADY_LUCK, act, words, audience: 'all', data };
}

/** The events showing the dice of one roll of an attack: the striker's power's own record of them (64 HI-&-LOIS
 *  B1), or, for a plain roll, one event here (`data.rolls`, the server's dice check). */
function shown(attempt: AttackRoll, player: PlayerId): GameEvent[] {
  if (attempt.events.length > 0) return attempt.events;
  return [used(player, 'attackRolled', `Rolled ${attempt.rolls.join(',')}.`, { rolls: attempt.rolls })];
}

export const ladyLuck: Power = {
  ...entry(LADY_LUCK),
  // CE 41 M1: the roll; if she did not get the roll she liked (or did get the one she did not like), she rolls
  // again and the second roll stands. A mulligan is a roll too.
  rollMovement: (state, player, mulligan, dice) => {
    const wish = wishOf(state, player);
    const [first = 0] = dice.roll(1);
    const missed = wish.like ? first !== wish.roll : first === wish.roll;
    const rolls = missed ? [first, ...dice.roll(1)] : [first];
    const roll = rolls.at(-1) ?? first;
    const name = playerOf(state, player).name;
    const words = missed
      ? `${name} (${wishWords(wish)}) rolls ${first} and rolls again: ${roll}.`
      : `${name} (${wishWords(wish)}) rolls ${first}.`;
    const events: GameEvent[] = [
      used(player, 'movementLuck', words, { rolls, picked: roll }),
      { type: 'movementRolled', player, roll, mulligan },
    ];
    return {
      events: mulligan ? events : [...events, { type: 'stepBegan', step: { kind: 'move', actor: player } }],
    };
  },
  // CE 41 B1: every attack in her battles, hers and her enemy's, is rolled again as long as it is unlucky for her.
  // "Average Minus" (reading): an enemy who elects it before an attack has that attack rolled twice and takes the
  // one with fewer hits (his second best of two; the first on a tie), and it is not rolled again for her.
  attackRoll: (ctx, roll) => {
    const hers = ctx.strikerOwner === ctx.owner;
    const name = playerOf(ctx.state, ctx.strikerOwner).name;
    if (!hers && averageMinusElected(ctx.state, ctx.strikerOwner)) {
      const first = roll();
      const second = roll();
      const keepSecond = hits(second.rolls, ctx.strikeNumber) < hits(first.rolls, ctx.strikeNumber);
      const kept = keepSecond ? second : first;
      const words = `Average Minus: ${name} rolls ${first.rolls.join(',')} and ${second.rolls.join(',')}, and takes ${kept.rolls.join(',')}.`;
      return {
        rolls: kept.rolls,
        events: [
          ...shown(first, ctx.strikerOwner),
          ...shown(second, ctx.strikerOwner),
          used(ctx.strikerOwner, 'averageMinusTaken', words, { averageMinus: false, picked: kept.rolls }),
        ],
      };
    }
    const attempts = [roll()];
    while (unlucky(attempts.at(-1)?.rolls ?? [], ctx.strikeNumber, hers)) attempts.push(roll());
    const kept = attempts.at(-1) ?? attempts[0];
    if (attempts.length === 1 || kept === undefined) return attempts[0] ?? { rolls: [], events: [] };
    const unluckyRolls = attempts.slice(0, -1).map((a) => a.rolls.join(','));
    const words = `${unluckyRolls.join('; ')}: unlucky for Lady Luck, rolled again; ${kept.rolls.join(',')} stands.`;
    return {
      rolls: kept.rolls,
      events: [
        ...attempts.flatMap((a) => shown(a, ctx.owner)),
        used(ctx.owner, 'attackLuck', words, { picked: kept.rolls }),
      ],
    };
  },
  choices: (state, player): Intent[] => {
    if (!mayAnnounce(state, player)) return [];
    // CE 41 M1: announce a roll she likes or does not like (the standing one is not offered again).
    const wish = wishOf(state, player);
    return [true, false].flatMap((like) =>
      FACES.filter((roll) => like !== wish.like || roll !== wish.roll).map(
        (roll): Intent => ({ type: 'usePower', act: 'announce', args: { like, roll } }),
      ),
    );
  },
  // CE 41 B1: Average Minus bears on the enemy's next attack only.
  attackActs: ['averageMinus'],
  // CE 41 B1: her enemy may elect "Average Minus" before each of his attacks (or take it back before it).
  othersChoices: (state, owner, player): Intent[] => {
    if (attackingEnemy(state, owner) !== player) return [];
    return [{ type: 'usePower', act: 'averageMinus', args: { on: !averageMinusElected(state, player) } }];
  },
  decide: (state, player, intent): Decision | null => {
    if (intent.act === 'announce') {
      if (state.ce?.powers[player] !== LADY_LUCK) return null;
      if (!mayAnnounce(state, player)) {
        return reject('notAllowed', 'Announce the roll you like before you roll for movement.', 'CE 41 M1');
      }
      const like = intent.args?.like;
      const roll = intent.args?.roll;
      if (typeof like !== 'boolean' || typeof roll !== 'number' || !FACES.some((f) => f === roll)) {
        return reject(
          'notAllowed',
          'Announce a roll from 1 to 6 you like or do not like: { like: true, roll: 6 }.',
          'CE 41 M1',
        );
      }
      const wish: Wish = { like, roll };
      return {
        events: [
          used(player, 'announce', `${playerOf(state, player).name}: "${wishWords(wish)}."`, {
            wishLike: like,
            wishRoll: roll,
          }),
        ],
      };
    }
    if (intent.act === 'averageMinus') {
      const owner = state.players.find((p) => state.ce?.powers[p.id] === LADY_LUCK)?.id;
      if (owner === undefined || attackingEnemy(state, owner) !== player) {
        return reject(
          'notAllowed',
          "Average Minus is elected by Lady Luck's enemy before one of his attacks.",
          'CE 41 B1',
        );
      }
      const on = intent.args?.on;
      if (typeof on !== 'boolean') {
        return reject('notAllowed', 'Elect Average Minus or not: { on: true } or { on: false }.', 'CE 41 B1');
      }
      const name = playerOf(state, player).name;
      const words = on
        ? `${name} elects Average Minus for his next attack.`
        : `${name} takes back Average Minus.`;
      return { events: [used(player, 'averageMinus', words, { averageMinus: on })] };
    }
    return null;
  },
  actWords: (intent) => {
    const { like, roll, on } = intent.args ?? {};
    // Its announcement is { like, roll }: 53 GYPSY's (an `entry`, no `like`) is not hers.
    if (intent.act === 'announce' && typeof like === 'boolean' && typeof roll === 'number') {
      return `Announce: "${wishWords({ like, roll })}"`;
    }
    if (intent.act === 'averageMinus') {
      return on === false
        ? 'Take back Average Minus'
        : 'Average Minus for my next attack (roll twice, take the worse)';
    }
    return null;
  },
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    const memory = { ...ce.memory[event.player] };
    if (event.act === 'announce') {
      memory.wishLike = event.data.wishLike ?? true;
      memory.wishRoll = event.data.wishRoll ?? 6;
    }
    // CE 41 M1: an announcement is for the next roll; then the default stands again.
    if (event.act === 'movementLuck') {
      delete memory.wishLike;
      delete memory.wishRoll;
    }
    if (event.act === 'averageMinus' || event.act === 'averageMinusTaken') {
      memory.averageMinus = event.data.averageMinus ?? false;
    }
    return { ...state, ce: { ...ce, memory: { ...ce.memory, [event.player]: memory } } };
  },
};
