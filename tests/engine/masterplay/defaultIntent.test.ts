// Errata 20.4, refusing to play: at every step `defaultIntent` is the first legal action of the errata's list
// (withdraw, flee, concede, refuse a muster, refuse an Angel, the engagement in the lowest-numbered land, refuse
// carry-over, refuse a mulligan); part way through his movement the player's moves are undone and he withdraws,
// part way through a maneuver it is reset and a concession attempted. Each default is also accepted by decide.
import { describe, expect, it } from 'vitest';
import { decide } from '../../../shared/engine/decide';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { mayFlee } from '../../../shared/engine/engagement';
import type { Intent, Proposal } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { seededDice } from '../../../shared/engine/random';
import type { PlayerId } from '../../../shared/engine/types';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  inDrift,
  moveAll,
  step,
  strike,
  toBattle,
  types,
} from '../engagement/build';
import type { Run } from '../support/game';
import { act, arrange, newGame, ofType, setUpGame, standardFirstSplit } from '../support/game';

/** The default of `player` now, checked to be one of his legal intents and accepted by decide. */
function refusal(run: Run, player: PlayerId): Intent | null {
  const intent = defaultIntent(run.state, player);
  if (intent === null) return null;
  expect(legalIntents(run.state, player)).toContainEqual(intent);
  const decision = decide(run.state, player, intent, seededDice(1));
  expect('rejected' in decision ? decision.rejected : null).toBeNull();
  return intent;
}

/** A Plains battle of two against two at the defender's first maneuver phase. */
function battle(): Run {
  const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
  begin(run);
  toBattle(run);
  return run;
}

describe('errata 20.4: withdraw comes first where the player may withdraw', () => {
  it('errata 5.1: during the tower rolls the roll is made for him (he may not withdraw then); nobody else acts', () => {
    const run = newGame(2);
    expect(refusal(run, 'p1')).toEqual({ type: 'rollTower' });
    expect(defaultIntent(run.state, 'p2')).toBeNull();
  });

  it('errata 5.0, 20.4: instead of choosing a colour he withdraws', () => {
    const run = newGame(2);
    act(run, 'p1', { type: 'rollTower' }, [6]);
    act(run, 'p2', { type: 'rollTower' }, [5]);
    expect(step(run)).toEqual({ kind: 'chooseColor', actor: 'p2' });
    expect(refusal(run, 'p2')).toEqual({ type: 'withdraw' });
  });

  it('20.4, Complete Sequence 2.1, 2.6: at his split and muster steps he withdraws', () => {
    const run = setUpGame();
    expect(refusal(run, 'p1')).toEqual({ type: 'withdraw' });
    const muster = arrange(setUpGame(), [{ id: 'Bk01', land: 1, characters: ['Titan', 'Ogre'] }], {
      moved: ['Bk01'],
    });
    expect(step(muster)).toEqual({ kind: 'muster', actor: 'p1' });
    expect(refusal(muster, 'p1')).toEqual({ type: 'withdraw' });
  });

  it('errata 20.4: part way through his movement the moves are undone, then he withdraws (before any mulligan)', () => {
    const run = setUpGame({ players: 3 });
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    // A mulligan is still possible here, but withdrawing comes first in the errata's list.
    expect(legalIntents(run.state, 'p1')).toContainEqual({ type: 'takeMulligan' });
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 34, via: 'normal' });
    expect(refusal(run, 'p1')).toEqual({ type: 'withdraw' });
    const events = act(run, 'p1', { type: 'withdraw' });
    expect(types(events).slice(0, 2)).toEqual(['moveUndone', 'playerWithdrew']);
    expect(ofType(events, 'legionEliminated').map((e) => e.reason)).toEqual(['withdrawal', 'withdrawal']);
  });
});

describe('errata 20.4: in the engagement phase (no withdrawing there)', () => {
  it('errata 9.1, 20.4: the engagement in the lowest-numbered land is chosen next', () => {
    const run = engagedRun({
      land: 6,
      attacker: ['Ogre', 'Ogre'],
      defender: ['Ogre', 'Ogre'],
      others: [
        { id: 'Bk02', land: 1, characters: ['Troll', 'Troll'] },
        { id: 'Bu02', land: 1, characters: ['Troll', 'Troll'] },
      ],
      more: [{ land: 1, attacker: 'Bk02', defender: 'Bu02', entry: 'bottom' }],
    });
    expect(refusal(run, A)).toEqual({ type: 'chooseEngagement', land: 1 });
    expect(defaultIntent(run.state, D)).toBeNull();
  });

  it('9.2, errata 20.4: a defender who may flee flees', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Gargoyle'] });
    begin(run);
    expect(step(run)).toEqual({ kind: 'negotiate', actor: D, opponent: A });
    expect(mayFlee(run.state)).toBe(true);
    expect(refusal(run, D)).toEqual({ type: 'flee' });
  });

  it('9.4, errata 20.4: otherwise he concedes: in the negotiation (2.5.4, 2.5.5) and before the battle (2.5.6.2, 2.5.6.3)', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Titan', 'Gargoyle'] });
    begin(run);
    expect(step(run)).toEqual({ kind: 'negotiate', actor: D, opponent: A });
    expect(mayFlee(run.state)).toBe(false);
    expect(refusal(run, D)).toEqual({ type: 'concede' });
    act(run, D, { type: 'noMoreProposals' });
    expect(step(run)).toEqual({ kind: 'negotiateFinal', actor: A, opponent: D });
    expect(refusal(run, A)).toEqual({ type: 'concede' });
    act(run, A, { type: 'fight' });
    expect(step(run)).toMatchObject({ kind: 'preBattleConcession', actor: A });
    expect(refusal(run, A)).toEqual({ type: 'concede' });
    act(run, A, { type: 'pass' });
    expect(step(run)).toMatchObject({ kind: 'preBattleConcession', actor: D });
    expect(refusal(run, D)).toEqual({ type: 'concede' });
  });

  it('errata 9.4, 20.4: in place of maneuvering he attempts to concede; his opponent, asked, concedes too', () => {
    const run = battle();
    expect(refusal(run, D)).toEqual({ type: 'concede' });
    act(run, D, { type: 'concede' });
    expect(step(run)).toMatchObject({ kind: 'concessionAttempted', actor: A });
    // Asked to accept the attempt or concede instead, a player refusing to play concedes (third in the list).
    expect(refusal(run, A)).toEqual({ type: 'concede' });
  });

  it('errata 20.4, 11.0: part way through his maneuver it is reset first, then he attempts to concede', () => {
    const run = battle();
    moveAll(run, D, { 'Bu01-1': 'E5' });
    expect(refusal(run, D)).toEqual({ type: 'resetManeuver' });
    act(run, D, { type: 'resetManeuver' });
    expect(refusal(run, D)).toEqual({ type: 'concede' });
    const events = act(run, D, { type: 'concede' });
    expect(types(events)).toEqual(['concessionAttempted', 'stepBegan']);
  });

  it('errata 9.4, 20.4: in his strikes and counterstrikes he (attempts to) concede(s)', () => {
    const run = battle();
    firstRound(run, { 'Bk01-1': { hex: 'D5' } });
    expect(step(run)).toMatchObject({ kind: 'strike', actor: A });
    expect(refusal(run, A)).toEqual({ type: 'concede' });
    strike(run, A, 'Bk01-1', 'Bu01-1', 6, 6, [1, 1, 1, 1, 1, 1]);
    expect(step(run)).toMatchObject({ kind: 'counterstrike', actor: D });
    expect(refusal(run, D)).toEqual({ type: 'concede' });
  });

  it('errata 12.4, 20.4: a carry-over is refused (allocated nowhere)', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 4 } });
    strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [6, 6, 6, 6, 6, 1]);
    expect(step(run)).toMatchObject({ kind: 'carryOver', actor: A });
    expect(refusal(run, A)).toEqual({ type: 'assignCarryOver', targets: [] });
  });

  it('2.5.6.4.x.3.1, errata 20.4: before a slaying drift he concedes', () => {
    const run = inDrift(5);
    act(run, A, { type: 'doneManeuvering' });
    expect(step(run)).toMatchObject({ kind: 'driftConcession', actor: D });
    expect(refusal(run, D)).toEqual({ type: 'concede' });
  });

  it('2.5.6.4.x.8.1, errata 20.4: as the battle ends he lets it end; a victor never turns his win into a mutual elimination', () => {
    const ending = battle();
    act(ending, D, { type: 'doneManeuvering' });
    // The defender entered nothing: the battle is ending. The attacker's counterstrike step, nothing to strike,
    // waits as his last chance to concede (2.5.6.4.1.5); refusing it he lets the battle end too.
    expect(step(ending)).toMatchObject({ kind: 'counterstrike', actor: A });
    expect(refusal(ending, A)).toEqual({ type: 'doneStriking' });
    act(ending, A, { type: 'doneStriking' });
    expect(step(ending)).toMatchObject({ kind: 'battleEnding', actor: D });
    expect(refusal(ending, D)).toEqual({ type: 'pass' });
    // The defender entered nothing and lost: the attacker wins as if the defender had conceded.
    const events = act(ending, D, { type: 'pass' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'battle', winner: 'Bk01' });
  });

  it('14.0, 17.4, errata 20.4: the victor refuses the reinforcement (a muster) and the Angel', () => {
    // Marsh 8: the defender's two Ogres may muster a Troll after winning by agreement (2.5.5.1).
    const won = engagedRun({
      attacker: ['Centaur', 'Centaur'],
      defender: ['Titan', 'Ogre', 'Ogre'],
      land: 8,
    });
    begin(won);
    const win: Proposal = { attackerLosses: ['Centaur', 'Centaur'], defenderLosses: [] };
    act(won, D, { type: 'propose', proposals: [win] });
    act(won, A, { type: 'acceptProposal', proposal: win });
    expect(step(won)).toEqual({ kind: 'postBattleAddition', actor: D, side: 'defender' });
    expect(legalIntents(won.state, D).some((i) => i.type === 'reinforce')).toBe(true);
    expect(refusal(won, D)).toEqual({ type: 'pass' });

    const angel = engagedRun({
      attacker: ['Ogre', 'Ogre'],
      defender: ['Troll', 'Troll'],
      scores: { [A]: 90 },
    });
    begin(angel);
    act(angel, D, { type: 'concede' });
    expect(step(angel)).toMatchObject({ kind: 'acquireAngel', actor: A });
    expect(refusal(angel, A)).toEqual({ type: 'pass' });
  });

  it('3: nothing once the game is over', () => {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Titan', 'Ogre'] });
    begin(run);
    act(run, D, { type: 'concede' });
    expect(run.state.step).toEqual({ kind: 'gameOver' });
    expect(defaultIntent(run.state, A)).toBeNull();
    expect(defaultIntent(run.state, D)).toBeNull();
  });
});
