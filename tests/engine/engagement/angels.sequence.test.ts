// Acquiring Angels and Archangels (17.0–17.4, errata 17.0; Complete Sequence 2.5.6.8; 19.4 half points).
import { describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../shared/data/types';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { legalIntents } from '../../../shared/engine/legal';
import { angelsEarned } from '../../../shared/engine/scoring';
import type { Run } from '../support/game';
import { act, ofType, rejectionOf } from '../support/game';
import type { EngagementSpec } from './build';
import { A, begin, D, engagedRun, legion, score, step, types } from './build';

/** The defender concedes at once: the attacker scores the full value of `defender`. */
function win(
  defender: readonly CharacterName[],
  scoreBefore: number,
  extra: Partial<EngagementSpec> = {},
): Run {
  const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender, scores: { [A]: scoreBefore }, ...extra });
  begin(run);
  act(run, D, { type: 'concede' });
  return run;
}

describe('Angels earned by points (17.0–17.4, errata 17.0)', () => {
  it('17.0: the multiples of 100 and 500 a score crosses', () => {
    expect(angelsEarned(90, 114)).toEqual([false]);
    expect(angelsEarned(90, 320)).toEqual([false, false, false]);
    expect(angelsEarned(480, 620)).toEqual([true, false]);
    expect(angelsEarned(100, 199)).toEqual([]);
    expect(angelsEarned(0, 1000)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('17.0, 17.4: crossing 100 earns an Angel for the winning legion; taking it is optional', () => {
    const run = win(['Ogre', 'Centaur'], 90);
    expect(score(run, A)).toBe(114);
    expect(step(run)).toEqual({
      kind: 'acquireAngel',
      actor: A,
      legion: 'Bk01',
      archangel: false,
      later: [],
    });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'acquireAngel', character: 'Angel' },
      { type: 'pass' },
    ]);
    expect(defaultIntent(run.state, A)).toEqual({ type: 'pass' });
    expect(rejectionOf(run, A, { type: 'acquireAngel', character: 'Archangel' }).code).toBe('illegalAngel');
    const angels = run.state.caretaker.Angel ?? 0;
    const events = act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(types(events)).toEqual(['angelAcquired', 'engagementEnded', 'stepBegan']);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
    expect(run.state.caretaker.Angel).toBe(angels - 1);
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
  });

  it('17.4: an Angel refused is lost', () => {
    const run = win(['Ogre', 'Centaur'], 90);
    act(run, A, { type: 'pass' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre']);
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
  });

  it('17.2: one Angel for each multiple of 100 crossed', () => {
    const run = win(['Colossus', 'Colossus', 'Colossus', 'Colossus', 'Colossus', 'Hydra'], 90);
    expect(score(run, A)).toBe(320);
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', archangel: false, later: [false, false] });
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', later: [false] });
    act(run, A, { type: 'pass' });
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel', 'Angel']);
  });

  it('17.3, errata 17.0: at a multiple of 500 an Archangel, or an Angel instead (then no Archangel later)', () => {
    const run = win(['Colossus', 'Colossus', 'Serpent', 'Ogre', 'Centaur'], 480);
    expect(score(run, A)).toBe(620);
    expect(step(run)).toEqual({
      kind: 'acquireAngel',
      actor: A,
      legion: 'Bk01',
      archangel: true,
      later: [false],
    });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'acquireAngel', character: 'Archangel' },
      { type: 'acquireAngel', character: 'Angel' },
      { type: 'pass' },
    ]);
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(step(run)).toEqual({
      kind: 'acquireAngel',
      actor: A,
      legion: 'Bk01',
      archangel: false,
      later: [],
    });
    expect(rejectionOf(run, A, { type: 'acquireAngel', character: 'Archangel' }).code).toBe('illegalAngel');
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel', 'Angel']);
  });

  it('17.3: with no Archangel left an Angel may be taken at 500', () => {
    const run = win(['Colossus'], 480, { caretaker: { Archangel: 0 } });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'acquireAngel', character: 'Angel' },
      { type: 'pass' },
    ]);
  });

  it('17.1: no Angel for a legion of seven, nor when the caretaker has none', () => {
    const full = engagedRun({
      attacker: ['Titan', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre'],
      defender: ['Colossus'],
      scores: { [A]: 90 },
    });
    begin(full);
    act(full, D, { type: 'concede' });
    expect(score(full, A)).toBe(130);
    expect(step(full)).toEqual({ kind: 'muster', actor: A });
    const none = win(['Colossus'], 90, { caretaker: { Angel: 0 } });
    expect(step(none)).toEqual({ kind: 'muster', actor: A });
  });

  it('17.1, 17.2: Angels only while the winning legion has room', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre', 'Ogre', 'Ogre', 'Ogre', 'Ogre'],
      defender: ['Colossus', 'Colossus', 'Colossus'],
      scores: { [A]: 90 },
    });
    begin(run);
    act(run, D, { type: 'concede' });
    expect(score(run, A)).toBe(210);
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', later: [false] });
    act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(step(run)).toEqual({ kind: 'muster', actor: A });
  });

  it('19.4, errata 17.0/19.4: the Angel is decided before the eliminated legions are revealed; half points earn none', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Titan', 'Ogre'],
      scores: { [A]: 90 },
      others: [
        { id: 'Bu02', land: 6, characters: ['Colossus', 'Colossus', 'Colossus', 'Colossus', 'Colossus'] },
      ],
    });
    begin(run);
    const conceded = act(run, D, { type: 'concede' });
    // The Titan (6 × 4) and the Ogre: 36, crossing 100.
    expect(ofType(conceded, 'legionEliminated').map((e) => e.legion)).toEqual(['Bu01']);
    expect(step(run)).toMatchObject({ kind: 'acquireAngel', later: [] });
    const events = act(run, A, { type: 'acquireAngel', character: 'Angel' });
    expect(types(events)).toEqual([
      'angelAcquired',
      'legionEliminated',
      'pointsScored',
      'playerEliminated',
      'engagementEnded',
      'gameOver',
    ]);
    // 200 at half points: 100 more, crossing 200, but no Angel (19.4).
    expect(ofType(events, 'pointsScored')[0]).toEqual({
      type: 'pointsScored',
      player: A,
      points: 100,
      reason: 'halfPoints',
    });
    expect(score(run, A)).toBe(226);
    expect(legion(run, 'Bk01')?.characters).toEqual(['Titan', 'Ogre', 'Angel']);
  });
});
