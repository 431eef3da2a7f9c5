// 27 MULTI-CHOICE (CE Titan, rules 004): "The test is easier for you!"
import type { Decision, GameEvent } from '../../events';
import type { Intent } from '../../intents';
import { currentTurn, playerOf } from '../../lookups';
import { compareMoves, isTowerLand, towerTeleportsWithoutLord } from '../../movement';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power, PowerMemory } from '../power';

const MULTI_CHOICE = 27;
/** The act that arms the power for his next attack of the battle (CE 27 B1). */
const ROLL_TWICE = 'rollTwice';

function used(player: PlayerId, act: string, words: string, data: PowerMemory): GameEvent {
  return { type: 'powerUsed', player, power: MULTI_CHOICE, act, words, audience: 'all', data };
}

/** CE 27 M2: the two numbers of his movement roll this turn (the first is the turn's `movementRoll`). */
function numbersOf(state: GameState, player: PlayerId): number[] {
  const numbers = state.ce?.memory[player]?.movementNumbers;
  return Array.isArray(numbers) ? numbers.map(Number) : [];
}

/** CE 27 B1: the battle being fought (one per land per turn, 7.1), as a key of his memory. */
function battleKey(state: GameState): string | null {
  const engagement = state.engagement;
  if (engagement === null || state.battle === null) return null;
  return `${currentTurn(state).number}/${engagement.land}`;
}

/** CE 27 B1: has he used the power in this battle (armed it, whether or not the attack is rolled yet)? */
function usedInBattle(state: GameState, player: PlayerId): boolean {
  const key = battleKey(state);
  return key !== null && state.ce?.memory[player]?.twiceBattle === key;
}

/** CE 27 B1: is his next attack of this battle to be rolled twice? */
function armed(state: GameState, player: PlayerId): boolean {
  return usedInBattle(state, player) && state.ce?.memory[player]?.twiceArmed === true;
}

export const multiChoice: Power = {
  ...entry(MULTI_CHOICE),
  // CE 27 M2: two dice for the movement roll (a mulligan too), rolled again while they are a double; each of his
  // legions may move with either number (`movementNumbers`). The turn's movement roll is the first number, picked
  // from the dice shown (not a new roll); every die, the doubles rolled again included, is in `data.rolls`.
  rollMovement: (state, player, mulligan, dice) => {
    const rolls: number[] = [];
    let pair = dice.roll(2);
    rolls.push(...pair);
    while (pair[0] === pair[1]) {
      pair = dice.roll(2);
      rolls.push(...pair);
    }
    const [first = 1, second = 1] = pair;
    const name = playerOf(state, player).name;
    const events: GameEvent[] = [
      used(
        player,
        'twoNumbers',
        `${name} rolls ${rolls.join(', ')} for movement${mulligan ? ' (a mulligan)' : ''}: each legion moves ${first} or ${second}.`,
        { rolls, movementNumbers: [first, second], picked: first },
      ),
      { type: 'movementRolled', player, roll: first, mulligan },
    ];
    if (!mulligan) events.push({ type: 'stepBegan', step: { kind: 'move', actor: player } });
    return { events };
  },
  movementNumbers: (state, player, roll) => {
    const numbers = numbersOf(state, player);
    return numbers.length === 2 && numbers[0] === roll ? numbers : [roll];
  },
  // CE 27 M1: every legion of his starting in a Tower may Tower Teleport on a 6, a Lord or not, and none is shown
  // (8.1 shows "the Lord that allows such a move"; none is needed). On his first turn both his legions may do so
  // (8.0's one teleport per phase is lifted for them), but not to a Tower. The frame's own first-turn rule (no
  // Tower-to-Tower Titan teleport) is kept by that.
  moves: ({ state, legion, context }, moves) => {
    const firstTurn = playerOf(state, legion.owner).turnsTaken <= 1;
    const ctx = firstTurn ? { ...context, teleportUsed: false } : context;
    const teleports = towerTeleportsWithoutLord(ctx)
      .filter((m) => !(firstTurn && isTowerLand(m.land)))
      .map((m) => ({ ...m, showsNoLord: true as const }));
    return [...moves.filter((m) => m.via !== 'towerTeleport'), ...teleports].sort(compareMoves);
  },
  // CE 27 B1: once per battle one single attack (a strike or rangestrike, his counterstrikes included) is rolled
  // twice and he keeps either roll. Reading: he says so before the attack (a `usePower` act at any of his strike
  // steps, once per battle); his next attack in that battle is then rolled twice, both rolls shown, and he keeps
  // one (a `powerDecision` step).
  rollStrike: (state, player, count, _strikeNumber, dice) => {
    if (!armed(state, player)) return { rolls: dice.roll(count), events: [] };
    const first = dice.roll(count);
    const second = dice.roll(count);
    const words = `${playerOf(state, player).name} rolls the attack twice: ${first.join(', ')} and ${second.join(', ')}.`;
    return {
      rolls: first,
      events: [used(player, 'twoRolls', words, { rolls: [...first, ...second] })],
      either: [first, second],
    };
  },
  // CE 27 B1: the second roll bears on his next attack only.
  attackActs: [ROLL_TWICE],
  choices: (state, player): Intent[] => {
    const step = state.step;
    if (step.kind === 'powerDecision' && step.power === MULTI_CHOICE && step.attack !== undefined) {
      return [
        { type: 'usePower', act: 'keep', args: { roll: 'first' } },
        { type: 'usePower', act: 'keep', args: { roll: 'second' } },
      ];
    }
    if ((step.kind === 'strike' || step.kind === 'counterstrike') && step.actor === player) {
      return usedInBattle(state, player) ? [] : [{ type: 'usePower', act: ROLL_TWICE }];
    }
    return [];
  },
  decide: (state, player, intent): Decision | null => {
    const step = state.step;
    const name = playerOf(state, player).name;
    if (intent.act === 'keep') {
      if (step.kind !== 'powerDecision' || step.attack === undefined) return null;
      const roll = intent.args?.roll;
      if (roll !== 'first' && roll !== 'second') {
        return reject(
          'notAllowed',
          'Keep the first or the second roll: { roll: "first" } or { roll: "second" }.',
          'CE 27 B1',
        );
      }
      const kept = step.attack.rolls[roll === 'first' ? 0 : 1] ?? [];
      return {
        events: [
          used(player, 'keep', `${name} keeps the ${roll} roll: ${kept.join(', ')}.`, { picked: [...kept] }),
        ],
      };
    }
    if (intent.act === ROLL_TWICE) {
      if ((step.kind !== 'strike' && step.kind !== 'counterstrike') || step.actor !== player) return null;
      const key = battleKey(state);
      if (key === null || usedInBattle(state, player)) {
        return reject(
          'notAllowed',
          'Only one attack per battle may be rolled twice, and you have already chosen it in this battle.',
          'CE 27 B1',
        );
      }
      return {
        events: [
          used(player, ROLL_TWICE, `${name} will roll the next attack twice and keep either roll.`, {
            twiceBattle: key,
            twiceArmed: true,
          }),
        ],
      };
    }
    return null;
  },
  actWords: (intent) => {
    const roll = intent.args?.roll;
    if (intent.act === ROLL_TWICE) return 'Roll my next attack twice (once per battle)';
    if (intent.act === 'keep' && (roll === 'first' || roll === 'second')) return `Keep the ${roll} roll`;
    return null;
  },
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    const memory = { ...ce.memory[event.player] };
    if (event.act === 'twoNumbers') memory.movementNumbers = event.data.movementNumbers ?? [];
    if (event.act === ROLL_TWICE) {
      memory.twiceBattle = event.data.twiceBattle ?? '';
      memory.twiceArmed = true;
    }
    if (event.act === 'twoRolls') memory.twiceArmed = false;
    return { ...state, ce: { ...ce, memory: { ...ce.memory, [event.player]: memory } } };
  },
};
