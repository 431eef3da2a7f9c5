// 64 HI-&-LOIS (CE Titan, rules 004): "You never worry about the dice being high or low."
import { hits } from '../../battle/position';
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const HI_LOIS = 64;
const CALLS = ['high', 'low'] as const;
type Call = (typeof CALLS)[number];

/** CE 64 B1: the player's standing call for his attack rolls (HIGH until he says LOW). */
function callOf(state: GameState, player: PlayerId): Call {
  return state.ce?.memory[player]?.call === 'low' ? 'low' : 'high';
}

/** CE 64 M1: the two movement dice rolled and not yet chosen from, with whether it is a mulligan. */
function pendingRoll(state: GameState, player: PlayerId): { rolls: number[]; mulligan: boolean } | null {
  const memory = state.ce?.memory[player];
  const rolls = memory?.movementRolls;
  if (!Array.isArray(rolls) || rolls.length !== 2) return null;
  return { rolls: rolls.map(Number), mulligan: memory?.mulligan === true };
}

function taken(rolls: readonly number[], call: Call): number {
  return call === 'high' ? Math.max(...rolls) : Math.min(...rolls);
}

function used(
  player: PlayerId,
  act: string,
  words: string,
  data: Record<string, number | boolean | string | number[]>,
): GameEvent {
  return { type: 'powerUsed', player, power: HI_LOIS, act, words, audience: 'all', data };
}

export const hiLois: Power = {
  ...entry(HI_LOIS),
  // CE 64 M1: each movement roll (a mulligan too) is two dice; he then takes the HIGH or the LOW one.
  rollMovement: (state, player, mulligan, dice) => {
    const rolls = dice.roll(2);
    const name = playerOf(state, player).name;
    return {
      events: [
        used(
          player,
          'twoDice',
          `${name} rolls ${rolls.join(' and ')} for movement${mulligan ? ' (a mulligan)' : ''}.`,
          {
            rolls,
            movementRolls: rolls,
            mulligan,
          },
        ),
        {
          type: 'stepBegan',
          step: {
            kind: 'powerDecision',
            actor: player,
            power: HI_LOIS,
            question: `Move with the high die (${taken(rolls, 'high')}) or the low one (${taken(rolls, 'low')})?`,
          },
        },
      ],
    };
  },
  // CE 64 B1: each attack is rolled twice; the roll with more hits is kept on HIGH, with fewer on LOW (the first on
  // a tie). Both rolls are recorded.
  rollStrike: (state, player, count, strikeNumber, dice) => {
    const first = dice.roll(count);
    const second = dice.roll(count);
    const call = callOf(state, player);
    const [a, b] = [hits(first, strikeNumber), hits(second, strikeNumber)];
    const keepSecond = call === 'high' ? b > a : b < a;
    const rolls = keepSecond ? second : first;
    const words = `${call.toUpperCase()}: ${first.join(',')} (${a} hits) and ${second.join(',')} (${b} hits); ${rolls === first ? 'the first' : 'the second'} is kept.`;
    return {
      rolls,
      events: [used(player, 'twoRolls', words, { rolls: [...first, ...second], picked: rolls })],
    };
  },
  // CE 64 B1: the call bears on his next attack roll only.
  attackActs: ['call'],
  choices: (state, player) => {
    const step = state.step;
    if (step.kind === 'powerDecision' && step.power === HI_LOIS) {
      const pending = pendingRoll(state, player);
      if (pending === null) return [];
      const calls: Call[] = pending.rolls[0] === pending.rolls[1] ? ['high'] : ['high', 'low'];
      return calls.map((die): Intent => ({ type: 'usePower', act: 'take', args: { die } }));
    }
    // CE 64 B1: before each of his rolls he may change his call.
    if ((step.kind === 'strike' || step.kind === 'counterstrike') && step.actor === player) {
      const other: Call = callOf(state, player) === 'high' ? 'low' : 'high';
      return [{ type: 'usePower', act: 'call', args: { call: other } }];
    }
    return [];
  },
  decide: (state, player, intent): Decision | null => {
    const step = state.step;
    if (intent.act === 'take') {
      const pending = pendingRoll(state, player);
      const die = intent.args?.die;
      if (step.kind !== 'powerDecision' || pending === null) return null;
      if (die !== 'high' && die !== 'low') {
        return reject(
          'notAllowed',
          'Take the high or the low die: { die: "high" } or { die: "low" }.',
          'CE 64 M1',
        );
      }
      const roll = taken(pending.rolls, die);
      return {
        events: [
          used(player, 'take', `${playerOf(state, player).name} takes the ${die} die: ${roll}.`, {
            picked: roll,
          }),
          { type: 'movementRolled', player, roll, mulligan: pending.mulligan },
          { type: 'stepBegan', step: { kind: 'move', actor: player } },
        ],
      };
    }
    if (intent.act === 'call') {
      const call = intent.args?.call;
      if ((step.kind !== 'strike' && step.kind !== 'counterstrike') || step.actor !== player) return null;
      if (call !== 'high' && call !== 'low') {
        return reject('notAllowed', 'Say HIGH or LOW: { call: "high" } or { call: "low" }.', 'CE 64 B1');
      }
      return {
        events: [
          used(player, 'call', `${playerOf(state, player).name} says ${call.toUpperCase()}.`, { call }),
        ],
      };
    }
    return null;
  },
  actWords: (intent) => {
    const { die, call } = intent.args ?? {};
    if (intent.act === 'take' && (die === 'high' || die === 'low')) return `Move with the ${die} die`;
    if (intent.act === 'call' && (call === 'high' || call === 'low')) return `Say ${call.toUpperCase()}`;
    return null;
  },
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    const memory = { ...ce.memory[event.player] };
    if (event.act === 'call') memory.call = event.data.call ?? 'high';
    if (event.act === 'twoDice') {
      memory.movementRolls = event.data.movementRolls ?? [];
      memory.mulligan = event.data.mulligan ?? false;
    }
    if (event.act === 'take') {
      delete memory.movementRolls;
      delete memory.mulligan;
    }
    return { ...state, ce: { ...ce, memory: { ...ce.memory, [event.player]: memory } } };
  },
};
