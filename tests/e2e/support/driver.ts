// Reading each page's own store (window.__titan, test builds only): what the page knows, the legal intents
// the server sent it, and a simple plan that picks one of them heading for a battle (move toward the enemy,
// fight, close in, strike where damage can carry over). The intent is then clicked in the page (click.ts),
// and `settled` waits for the server's answer.
import type { Page } from 'playwright-core';
import { hexDistance } from '../../../shared/data/hexGeometry';
import { land } from '../../../shared/data/masterboard';
import type { HexLabel } from '../../../shared/data/types';
import { findStrikeOption } from '../../../shared/engine/battle/carryOver';
import { battlePosition } from '../../../shared/engine/engagementState';
import type { Intent, IntentOf } from '../../../shared/engine/intents';
import { landDistances } from '../../../shared/engine/movement';
import { canMuster, recruitOptions } from '../../../shared/engine/muster';
import type { BattleState, Dice, GameState } from '../../../shared/engine/types';
import type { GameClientState } from '../../../web-client/src/app/gameState';

export async function clientState(page: Page): Promise<GameClientState | null> {
  return page.evaluate(() => (window.__titan ? window.__titan.session.getState() : null));
}

/** The legal intents for the page's current view when it is this page's player who must act. */
export function actionable(state: GameClientState | null): readonly Intent[] {
  if (state === null || state.view === null || state.legal === null) return [];
  if (Object.keys(state.inFlight).length > 0) return [];
  const me = 'player' in state.view.viewer ? state.view.viewer.player : null;
  if (me === null || state.view.pending.actor !== me || state.legal.seq < state.viewSeq) return [];
  return state.legal.intents;
}

/** Waits until the page has no intent in flight and has a view newer than `viewSeq` (or a rejection). */
export async function settled(page: Page, viewSeq: number): Promise<void> {
  await page.waitForFunction(
    (seq) => {
      const s = window.__titan?.session.getState();
      if (s === undefined) return false;
      if (Object.keys(s.inFlight).length > 0) return false;
      return s.rejection !== null || s.viewSeq > seq;
    },
    viewSeq,
    { timeout: 15_000, polling: 25 },
  );
  const after = await clientState(page);
  if (after?.rejection) {
    throw new Error(
      `rejected: ${after.rejection.code}: ${after.rejection.message} (${after.rejection.rule})`,
    );
  }
}

/** Waits until the page's player has a move to make (connected, the legal intents of its current view, nothing in
 *  flight) or the game is over. */
export async function nextMove(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const s = window.__titan?.session.getState();
      if (s === undefined || s.view === null) return false;
      if (s.view.result != null) return true;
      if (s.status !== 'open' || s.legal === null || Object.keys(s.inFlight).length > 0) return false;
      const me = 'player' in s.view.viewer ? s.view.viewer.player : null;
      return s.view.pending.actor === me && s.legal.seq >= s.viewSeq && s.legal.intents.length > 0;
    },
    undefined,
    { timeout, polling: 25 },
  );
}

const of = <T extends Intent['type']>(legal: readonly Intent[], type: T) =>
  legal.filter((i): i is IntentOf<T> => i.type === type);

/** Whether the strike's option may carry damage over to another enemy (errata 12.4). */
function opensCarryOver(battle: BattleState, strike: IntentOf<'strike'>): boolean {
  return (findStrikeOption(battlePosition(battle), strike.striker, strike)?.carryTo.length ?? 0) > 0;
}

/** Strike intents whose roll can carry damage over to another enemy (errata 12.4). */
export function carryingStrikes(battle: BattleState, legal: readonly Intent[]): IntentOf<'strike'>[] {
  return of(legal, 'strike').filter((s) => {
    const target = battle.characters.find((c) => c.id === s.target);
    return target !== undefined && opensCarryOver(battle, s) && s.dice > target.power - target.hits;
  });
}

/** Dice that roll all sixes (a six always hits, errata 12.7) for a strike that may carry damage over (errata
 *  12.4), so a test's battle reaches a carry-over choice without waiting for luck; `dice` otherwise. */
export function loadedDice(state: GameState, intent: Intent, dice: Dice): Dice {
  if (intent.type !== 'strike' || state.battle === null || !opensCarryOver(state.battle, intent)) return dice;
  return { roll: (n) => Array.from({ length: n }, () => 6) };
}

/** How the plan treats the Titans: spared (a test that wants a long game sees more steps before a Titan falls),
 *  or aimed at (a test that wants the game to end attacks with them too and strikes them first). */
export type Titans = 'spare' | 'aim';

/** A plan that heads for a battle and fights it. */
export function choose(
  state: GameClientState,
  legal: readonly Intent[],
  titans: Titans = 'spare',
): Intent | null {
  const view = state.view;
  if (view === null || legal.length === 0) return null;
  const me = 'player' in view.viewer ? view.viewer.player : null;
  const first = <T extends Intent['type']>(type: T) => of(legal, type)[0];
  switch (view.pending.step) {
    // Cosmic Encounter Titan (rules 004): draw the powers, bid (a test bids through the form itself, with the
    // amounts it means), take the first power offered, and answer a power's question with its first choice.
    case 'drawPowers':
    case 'bid':
    case 'choosePower':
    case 'powerDecision':
    case 'rollTower':
    case 'chooseColor':
      return legal[0] ?? null;
    case 'split':
      return first('split') !== undefined &&
        view.turn !== null &&
        view.players.find((p) => p.id === me)?.turnsTaken === 1
        ? (first('split') as Intent)
        : (first('rollMovement') ?? legal[0] ?? null);
    case 'move': {
      const moves = of(legal, 'moveLegion');
      // Attack, with a legion without the Titan if there is one (a lost Titan would end the game early).
      const hasTitan = (m: IntentOf<'moveLegion'>) =>
        view.legions.find((l) => l.marker === m.legion)?.characters?.includes('Titan') ?? false;
      const attacks = moves.filter((m) => m.entry != null);
      const attack = (titans === 'spare' ? attacks.find((m) => !hasTitan(m)) : undefined) ?? attacks[0];
      if (attack !== undefined) return attack;
      const enemies = view.legions.filter((l) => l.owner !== me).map((l) => l.land);
      const distance = (land: number) => {
        const d = landDistances(land);
        return Math.min(...enemies.map((e) => d.get(e) ?? 99));
      };
      // 18.0: a legion that moved may muster where its characters can recruit.
      const musters = (m: IntentOf<'moveLegion'>) => {
        const characters = view.legions.find((l) => l.marker === m.legion)?.characters ?? [];
        return (
          canMuster(characters) &&
          recruitOptions(land(m.land).terrain, characters, { caretaker: view.caretaker }).length > 0
        );
      };
      const made = view.turn?.moves.length ?? 0;
      if (made === 0) {
        const ranked = [...moves].sort(
          (a, b) => distance(a.land) - distance(b.land) || Number(musters(b)) - Number(musters(a)),
        );
        return ranked[0] ?? first('doneMoving') ?? null;
      }
      if (made === 1) {
        const second = moves.find(musters);
        if (second !== undefined) return second;
      }
      return first('doneMoving') ?? moves[0] ?? null;
    }
    case 'chooseEngagement':
      return legal[0] ?? null;
    case 'negotiate':
      return first('noMoreProposals') ?? null;
    case 'negotiateFinal':
      return first('fight') ?? null;
    case 'preBattleConcession':
    case 'driftConcession':
    case 'battleEnding':
    case 'postBattleAddition':
      return first('pass') ?? null;
    case 'concessionAttempted':
      return first('acceptConcession') ?? null;
    case 'acquireAngel':
      return first('acquireAngel') ?? first('pass') ?? null;
    case 'maneuver': {
      const battle = view.battle as BattleState;
      const side = view.pending.actor === view.engagement?.attackerOwner ? 'attacker' : 'defender';
      const enemies = battle.characters
        .filter((c) => c.side !== side && c.hex !== null)
        .map((c) => c.hex as HexLabel);
      // Enter first (10.1), then close in: the more enemies adjacent and the nearer, the better.
      const score = (hex: HexLabel | null) =>
        hex === null
          ? -1000
          : enemies.filter((e) => hexDistance(e, hex) === 1).length * 10 -
            Math.min(99, ...enemies.map((e) => hexDistance(e, hex)));
      const gain = (m: IntentOf<'moveCharacter'>) =>
        score(m.hex) - score(battle.characters.find((c) => c.id === m.character)?.hex ?? null);
      const best = [...of(legal, 'moveCharacter')].sort((a, b) => gain(b) - gain(a))[0];
      return best !== undefined && gain(best) > 0 ? best : (first('doneManeuvering') ?? null);
    }
    case 'strike':
    case 'counterstrike': {
      const battle = view.battle as BattleState;
      // Strike where damage can carry over; spare the Titans otherwise (a slain Titan ends a two-player game
      // before the test has seen what it looks for).
      const titan = (id: string) => battle.characters.find((c) => c.id === id)?.type === 'Titan';
      const strikes = [...of(legal, 'strike'), ...of(legal, 'rangestrike')];
      const carrying = carryingStrikes(battle, legal);
      if (titans === 'aim') {
        const atTitan = strikes.find((s) => titan(s.target));
        if (atTitan !== undefined) return atTitan;
      }
      return (
        carrying.find((s) => !titan(s.target)) ??
        strikes.find((s) => !titan(s.target)) ??
        first('doneStriking') ??
        carrying[0] ??
        strikes[0] ??
        null
      );
    }
    case 'carryOver':
      return of(legal, 'assignCarryOver').find((a) => a.targets.length > 0) ?? legal[0] ?? null;
    case 'muster':
      return first('muster') ?? first('endTurn') ?? null;
    case 'gameOver':
      return null;
    default:
      return null;
  }
}
