// 51 DEMOCRAT (CE Titan, rules 004): "You Tax and Spend and Tax and ..."

import { characterPoints } from '../../../data/characters';
import { legionName } from '../../../data/markers';
import type { CharacterName, MarkerId } from '../../../data/types';
import type { BattleSide } from '../../battle/position';
import { opponent } from '../../battle/position';
import { legionOfSide, ownerOfSide, sideOfPlayer } from '../../engagementState';
import type { Decision } from '../../events';
import type { Intent } from '../../intents';
import { playerOf } from '../../lookups';
import { MAX_LEGION_HEIGHT } from '../../muster';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const DEMOCRAT = 51;

/** The engagement being resolved, named once per game (one engagement per land per turn, 9.0): what the power's
 *  memory keeps to act once on each. */
function engagementKey(state: GameState): string | null {
  const engagement = state.engagement;
  const turn = state.turn;
  return engagement === null || turn === null ? null : `${turn.number}:${engagement.land}`;
}

/** CE 51 B1: the tax open to him now: the engagement's points, its winner and loser, and whom he may tax. */
interface Tax {
  readonly key: string;
  readonly points: number;
  readonly winner: PlayerId;
  readonly loser: PlayerId;
  readonly taxable: readonly PlayerId[];
}

/** CE 51 B1 "after any battle is concluded": an engagement of any players that went to its battleland (the battle
 *  set up, 2.5.6.1, however it ended), with a winner and points scored, not taxed yet. */
function taxDue(state: GameState, owner: PlayerId): Tax | null {
  const engagement = state.engagement;
  const key = engagementKey(state);
  const winnerSide = engagement?.result?.winner ?? null;
  if (engagement === null || key === null || winnerSide === null || engagement.fought !== true) return null;
  if (state.ce?.memory[owner]?.taxed === key) return null;
  const points = engagement.points ?? 0;
  if (points <= 0) return null;
  const winner = ownerOfSide(engagement, winnerSide);
  const loser = ownerOfSide(engagement, opponent(winnerSide));
  // He never taxes himself (his own points would only go round); an eliminated player has no score to tax.
  const taxable = [winner, loser].filter((p) => p !== owner && !playerOf(state, p).eliminated);
  return taxable.length === 0 ? null : { key, points, winner, loser, taxable };
}

/** CE 51 B1: his decision now, in his own step after the engagement's points and Angels. */
function openTax(state: GameState, player: PlayerId): Tax | null {
  const step = state.step;
  if (step.kind !== 'powerDecision' || step.power !== DEMOCRAT || step.actor !== player) return null;
  return step.concluded === true ? taxDue(state, player) : null;
}

/** CE 51 B1: "If you are involved, modify result by +1/-1 depending on win/loss". */
function involvement(tax: Tax, owner: PlayerId): number {
  if (owner === tax.winner) return 1;
  if (owner === tax.loser) return -1;
  return 0;
}

/** CE 51 B2: whom he may take now: his legion in the battle (with room), the enemy's side, and the enemy's
 *  lowest-pointed characters (each kind once). */
interface Taking {
  readonly key: string;
  readonly legion: MarkerId;
  readonly enemy: BattleSide;
  readonly lowest: readonly CharacterName[];
}

/** CE 51 B2 "before entrance to battle": in his own step before the defender enters (the concessions before the
 *  battle, 2.5.6.2–2.5.6.3), once per battle. "(one of the) lowest-pointed enemies": the enemy characters of the
 *  fewest points (16.0's values) but the Titan, which is its player and never changes sides; the enemy keeps at
 *  least one character (the battle is still fought); "size permitting": his legion holds fewer than 7. */
function takingOpen(state: GameState, player: PlayerId): Taking | null {
  const step = state.step;
  const engagement = state.engagement;
  const key = engagementKey(state);
  if (step.kind !== 'preBattleConcession' || step.actor !== player || state.battle === null) return null;
  if (engagement === null || key === null || state.ce?.memory[player]?.took === key) return null;
  const side = sideOfPlayer(engagement, player);
  if (side === null) return null;
  const mine = state.legions[legionOfSide(engagement, side)];
  const enemy = state.legions[legionOfSide(engagement, opponent(side))];
  if (mine === undefined || enemy === undefined || mine.characters.length >= MAX_LEGION_HEIGHT) return null;
  if (enemy.characters.length < 2) return null;
  const score = playerOf(state, enemy.owner).score;
  const candidates = enemy.characters.filter((c) => c !== 'Titan');
  const least = Math.min(...candidates.map((c) => characterPoints(c, score)));
  const lowest = [...new Set(candidates.filter((c) => characterPoints(c, score) === least))].sort();
  return lowest.length === 0 ? null : { key, legion: mine.id, enemy: opponent(side), lowest };
}

export const democrat: Power = {
  ...entry(DEMOCRAT),
  // CE 51 B1: "After any battle is concluded, you may TAX. Roll a die and take fraction of result/10 of the point
  // transaction from either the winner or the loser. If you are involved, modify result by +1/-1 depending on
  // win/loss." Readings: "any battle" is any engagement that went to a battleland, his own or other players'
  // (not a flight or an agreement settled without battle); "concluded": its points scored and the Angels they
  // earn taken, before the players whose Titan fell are out (2.5.6.9); "the point transaction": every point
  // scored in the engagement (the victor's, and any a power gives the other side); nothing to tax without a
  // winner or points. He chooses the winner or the loser (never himself) or not to tax, then the engine rolls
  // one die: he takes floor(points x result / 10) (result +1 when he won, -1 when he lost) from that player's
  // score into his own. A score may go down below an Angel's multiple (Angels are not taken back) and to a Titan
  // of strength 0 or less, which puts its player out (the CE bidding rules; resolution.ts afterAngels). The tax
  // he gains earns no Angel: it is not scored in an engagement (2.5.6.8). Public.
  concluded: (state, owner) => {
    const tax = taxDue(state, owner);
    if (tax === null) return null;
    const names = (p: PlayerId) => playerOf(state, p).name;
    return [
      {
        type: 'stepBegan',
        step: {
          kind: 'powerDecision',
          actor: owner,
          power: DEMOCRAT,
          question: `Tax the ${tax.points} points of the battle: the winner (${names(tax.winner)}) or the loser (${names(tax.loser)})?`,
          concluded: true,
        },
      },
    ];
  },
  choices: (state, player) => {
    const tax = openTax(state, player);
    if (tax !== null) {
      return [
        { type: 'usePower', act: 'noTax' },
        ...tax.taxable.map((p): Intent => ({ type: 'usePower', act: 'tax', args: { player: p } })),
      ];
    }
    const taking = takingOpen(state, player);
    if (taking === null) return [];
    return taking.lowest.map(
      (creature): Intent => ({ type: 'usePower', act: 'takeEnemy', args: { creature } }),
    );
  },
  decide: (state, player, intent, dice): Decision | null => {
    const name = playerOf(state, player).name;
    if (intent.act === 'takeEnemy') {
      const taking = takingOpen(state, player);
      const creature = taking?.lowest.find((c) => c === intent.args?.creature);
      if (taking === null || creature === undefined) {
        return reject(
          'notAllowed',
          'Before the defender enters, once per battle, your legion with room may take one of the enemy characters of the fewest points (not a Titan, and not the last one).',
          'CE 51 B2',
        );
      }
      // The enemy's character of that kind (all still off the board before the defender enters).
      const taken = state.battle?.characters.find((c) => c.side === taking.enemy && c.type === creature);
      if (taken === undefined) return null;
      return {
        events: [
          {
            type: 'powerUsed',
            player,
            power: DEMOCRAT,
            act: 'takeEnemy',
            words: `${name} takes the enemy's ${creature} into ${legionName(taking.legion)}; it fights for him.`,
            audience: 'all',
            data: { took: taking.key },
          },
          {
            type: 'characterJoined',
            player,
            power: DEMOCRAT,
            legion: taking.legion,
            character: creature,
            taken: taken.id,
          },
        ],
      };
    }
    if (intent.act !== 'tax' && intent.act !== 'noTax') return null;
    const tax = openTax(state, player);
    const taxed = tax?.taxable.find((p) => p === intent.args?.player);
    if (tax !== null && intent.act === 'noTax') {
      return {
        events: [
          {
            type: 'powerUsed',
            player,
            power: DEMOCRAT,
            act: 'noTax',
            words: `${name} levies no tax.`,
            audience: 'all',
            data: { taxed: tax.key },
          },
        ],
      };
    }
    if (tax === null || taxed === undefined) {
      return reject(
        'notAllowed',
        "A tax is levied once a battle is concluded, on its winner's or its loser's score (not your own).",
        'CE 51 B1',
      );
    }
    const roll = dice.roll(1)[0] ?? 1;
    const result = roll + involvement(tax, player);
    const amount = Math.floor((tax.points * result) / 10);
    const who = playerOf(state, taxed).name;
    return {
      events: [
        {
          type: 'powerUsed',
          player,
          power: DEMOCRAT,
          act: 'tax',
          words: `${name} taxes ${who}: a ${roll}${result === roll ? '' : ` (${result})`} takes ${amount} of the ${tax.points} points from ${who} to ${name}.`,
          audience: 'all',
          data: { taxed: tax.key, rolls: [roll], from: taxed, amount },
        },
      ],
    };
  },
  apply: (state, event) => {
    const ce = state.ce;
    if (ce === null) return state;
    const { taxed, took, from, amount } = event.data;
    const remembered = {
      ...ce.memory[event.player],
      ...(taxed === undefined ? {} : { taxed }),
      ...(took === undefined ? {} : { took }),
    };
    let s: GameState = { ...state, ce: { ...ce, memory: { ...ce.memory, [event.player]: remembered } } };
    // CE 51 B1: the tax leaves the taxed player's score for the Democrat's.
    if (typeof from === 'string' && typeof amount === 'number') {
      s = {
        ...s,
        players: s.players.map((p) => {
          if (p.id === from) return { ...p, score: p.score - amount };
          if (p.id === event.player) return { ...p, score: p.score + amount };
          return p;
        }),
      };
    }
    return s;
  },
  actWords: (intent, names) => {
    switch (intent.act) {
      case 'tax':
        return typeof intent.args?.player === 'string' ? `Tax ${names.player(intent.args.player)}` : null;
      case 'noTax':
        return 'No tax';
      case 'takeEnemy':
        return `Take the enemy's ${String(intent.args?.creature)}`;
      default:
        return null;
    }
  },
};
