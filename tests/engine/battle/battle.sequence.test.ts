// The battle sequence (10.0–16.0, errata 10.x–16.0; Complete Sequence 2.5.6.1–2.5.6.4.2.8.1), driven through
// decide with scripted dice. Positions are entered by the players' own moves or set by hand (`place`).
import { describe, expect, it } from 'vitest';
import { defaultIntent } from '../../../shared/engine/defaultIntent';
import { legalIntents } from '../../../shared/engine/legal';
import { view } from '../../../shared/engine/view';
import {
  A,
  begin,
  D,
  engagedRun,
  firstRound,
  inDrift,
  legion,
  moveAll,
  place,
  quietTurn,
  score,
  step,
  strike,
  strikeStepsBegun,
  toBattle,
  types,
} from '../engagement/build';
import type { Run } from '../support/game';
import { act, ofType, rejectionOf } from '../support/game';

/** Both sides done with a whole battle turn in which nothing is in contact. */

/** A Plains battle: the defender's Ogre on F4, the attacker's Ogre on A1, far apart, after round 1. */
function farApart(): Run {
  const run = engagedRun({ attacker: ['Ogre', 'Centaur'], defender: ['Ogre', 'Ogre'], land: 1 });
  begin(run);
  toBattle(run);
  moveAll(run, D, { 'Bu01-1': 'F4', 'Bu01-2': 'E5' });
  quietTurn(run, 'defender');
  moveAll(run, A, { 'Bk01-1': 'A1', 'Bk01-2': 'B1' });
  quietTurn(run, 'attacker');
  return run;
}

describe('setting up the battle (2.5.6.1, 10.0–10.2)', () => {
  it('2.5.6.1, 10.1, 19.1: both legions become public; ids by legion order; a Titan\u2019s power from the score', () => {
    const run = engagedRun({
      attacker: ['Titan', 'Ogre'],
      defender: ['Centaur', 'Gargoyle'],
      entry: 'left',
      scores: { [A]: 250 },
    });
    begin(run);
    act(run, D, { type: 'noMoreProposals' });
    const events = act(run, A, { type: 'fight' });
    expect(ofType(events, 'battleStarted')[0]).toMatchObject({
      land: 1,
      terrain: 'Plains',
      attackerEntry: 'left',
      attacker: {
        legion: 'Bk01',
        characters: [
          { id: 'Bk01-1', type: 'Titan', power: 8 },
          { id: 'Bk01-2', type: 'Ogre', power: 6 },
        ],
      },
      defender: { legion: 'Bu01', characters: [{ id: 'Bu01-1' }, { id: 'Bu01-2' }] },
    });
    expect(legion(run, 'Bk01')?.known).toEqual(['Titan', 'Ogre']);
    expect(legion(run, 'Bu01')?.known).toEqual(['Centaur', 'Gargoyle']);
    expect(step(run)).toEqual({ kind: 'preBattleConcession', actor: A, side: 'attacker' });
  });

  it('9.1, errata 9.3: the battle is public: a spectator sees every character and its hex', () => {
    const run = farApart();
    const seen = view(run.state, { spectator: true });
    expect(seen.battle?.characters.map((c) => [c.id, c.type, c.hex])).toEqual([
      ['Bk01-1', 'Ogre', 'A1'],
      ['Bk01-2', 'Centaur', 'B1'],
      ['Bu01-1', 'Ogre', 'F4'],
      ['Bu01-2', 'Ogre', 'E5'],
    ]);
    expect(seen.engagement).toMatchObject({ land: 1, attacker: 'Bk01', defender: 'Bu01', negotiation: null });
    expect(seen.legions.find((l) => l.marker === 'Bk01')?.known).toEqual(['Ogre', 'Centaur']);
  });

  it('10.3, 10.1: the defender maneuvers first, entering from the narrow side opposite the attacker', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Ogre'], entry: 'left' });
    begin(run);
    toBattle(run);
    expect(run.state.battle).toMatchObject({ round: 1, phasing: 'defender' });
    // Against a left-side attack the defender enters on D1, E1 or F1; an Ogre (skill 2) goes one hex further.
    const ogreMoves = legalIntents(run.state, D)
      .filter((i) => i.type === 'moveCharacter' && i.character === 'Bu01-2')
      .map((i) => (i.type === 'moveCharacter' ? i.hex : null));
    expect(ogreMoves).toContain('E1');
    expect(ogreMoves).not.toContain('A3');
    expect(rejectionOf(run, D, { type: 'moveCharacter', character: 'Bu01-2', hex: 'A3' }).code).toBe(
      'illegalManeuver',
    );
    expect(rejectionOf(run, D, { type: 'moveCharacter', character: 'Bk01-1', hex: 'A3' }).code).toBe(
      'illegalManeuver',
    );
  });

  it('10.2, errata 2.2: in a Tower the attacker enters from the bottom and the defender deploys on the start hexes', () => {
    const run = engagedRun({
      land: 100,
      entry: 'left',
      attacker: ['Ogre', 'Ogre'],
      defender: ['Centaur', 'Ogre'],
    });
    begin(run);
    toBattle(run);
    expect(run.state.battle?.attackerEntry).toBe('bottom');
    const hexes = legalIntents(run.state, D)
      .filter((i) => i.type === 'moveCharacter' && i.character === 'Bu01-1')
      .map((i) => (i.type === 'moveCharacter' ? i.hex : null));
    expect(hexes).toEqual(['C3', 'C4', 'D3', 'D4', 'D5', 'E3', 'E4']);
  });
});

describe('the maneuver phase (11.x, errata 10.1/11.0)', () => {
  it('errata 11.0: the phasing player may reset his maneuver until he is done', () => {
    const run = engagedRun({ attacker: ['Ogre', 'Ogre'], defender: ['Centaur', 'Ogre'] });
    begin(run);
    toBattle(run);
    expect(legalIntents(run.state, D)).not.toContainEqual({ type: 'resetManeuver' });
    act(run, D, { type: 'moveCharacter', character: 'Bu01-1', hex: 'E4' });
    expect(rejectionOf(run, D, { type: 'moveCharacter', character: 'Bu01-1', hex: 'E3' }).message).toContain(
      'already moved',
    );
    act(run, D, { type: 'resetManeuver' });
    expect(run.state.battle?.characters.find((c) => c.id === 'Bu01-1')?.hex).toBeNull();
    act(run, D, { type: 'moveCharacter', character: 'Bu01-1', hex: 'E3' });
    act(run, D, { type: 'moveCharacter', character: 'Bu01-2', hex: 'E5' });
    const done = act(run, D, { type: 'doneManeuvering' });
    // Nothing in contact: both strike steps end by themselves (issue 14); the attacker maneuvers next.
    expect(strikeStepsBegun(done)).toEqual(['strike:defender', 'counterstrike:attacker']);
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    expect(rejectionOf(run, D, { type: 'resetManeuver' }).code).toBe('notYourTurn');
    expect(run.state.battle?.characters.filter((c) => c.side === 'defender').map((c) => c.hex)).toEqual([
      'E3',
      'E5',
    ]);
  });

  it('10.1, errata 10.1: characters left off on the first maneuver are slain, score, and do not trigger summoning', () => {
    const run = engagedRun({
      attacker: ['Ogre', 'Ogre'],
      defender: ['Centaur', 'Ogre'],
      others: [{ id: 'Bk02', land: 6, characters: ['Angel', 'Gargoyle'] }],
    });
    begin(run);
    toBattle(run);
    act(run, D, { type: 'moveCharacter', character: 'Bu01-2', hex: 'E5' });
    const events = act(run, D, { type: 'doneManeuvering' });
    expect(ofType(events, 'maneuverEnded')[0]).toEqual({
      type: 'maneuverEnded',
      side: 'defender',
      leftOff: ['Bu01-1'],
      returned: [],
    });
    expect(run.state.engagement?.defenderLosses).toEqual(['Centaur']);
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre']);
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    expect(run.state.battle?.defenderCharacterSlain).toBe(false);
    expect(run.state.battle?.summon).toBe('notYet');
    expect(legalIntents(run.state, A).some((i) => i.type === 'summon')).toBe(false);
    // Later phases: nothing may enter any more.
    act(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'A1' });
    act(run, A, { type: 'doneManeuvering' });
    expect(run.state.engagement?.attackerLosses).toEqual(['Ogre']);
  });

  it('11.3: a character that begins the phase in contact with an enemy cannot move', () => {
    const run = farApart();
    // Round 2, the defender's phase: put the armies in contact before his strikes.
    place(run, { 'Bu01-1': { hex: 'B2' }, 'Bk01-1': { hex: 'A1' }, 'Bk01-2': { hex: 'D1' } });
    act(run, D, { type: 'doneManeuvering' });
    expect(step(run)).toEqual({ kind: 'strike', actor: D, side: 'defender' });
    // Each side's one strike made, its strike step ends by itself.
    strike(run, D, 'Bu01-1', 'Bk01-1', 4, 6, [1, 1, 1, 1, 1, 1]);
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: A, side: 'attacker' });
    strike(run, A, 'Bk01-1', 'Bu01-1', 4, 6, [1, 1, 1, 1, 1, 1]);
    expect(step(run)).toEqual({ kind: 'maneuver', actor: A, side: 'attacker' });
    expect(run.state.battle?.lockedInContact).toEqual(['Bk01-1']);
    expect(rejectionOf(run, A, { type: 'moveCharacter', character: 'Bk01-1', hex: 'A2' }).rule).toBe('11.3');
  });
});

describe('strikes (12.x, 13.x, errata 12.x)', () => {
  /** Round 1, the attacker's strike step: his Titan on E4 against the defender's Ogre (E5, 4 hits) and Troll (F4). */
  function titanInContact(): Run {
    const run = engagedRun({ attacker: ['Titan', 'Ogre'], defender: ['Ogre', 'Troll'] });
    begin(run);
    toBattle(run);
    firstRound(run, { 'Bk01-1': { hex: 'E4' }, 'Bu01-1': { hits: 4 } });
    return run;
  }

  it('12.0, 12.1: every character in contact must strike before the player is done; options must match exactly', () => {
    const run = titanInContact();
    expect(step(run)).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    expect(legalIntents(run.state, A)).not.toContainEqual({ type: 'doneStriking' });
    expect(rejectionOf(run, A, { type: 'doneStriking' }).code).toBe('mustStrike');
    // Errata 11.7/12.x: not a legal (target, strike number, dice) choice.
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 3, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    expect(
      rejectionOf(run, A, { type: 'strike', striker: 'Bk01-2', target: 'Bu01-2', strikeNumber: 4, dice: 6 })
        .code,
    ).toBe('illegalStrike');
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [2, 2, 1, 1, 1, 1]);
    expect(run.state.battle?.characters.find((c) => c.id === 'Bu01-2')?.hits).toBe(2);
    // Issue 14: his one required strike made, nothing is left to him: his strike step ends by itself.
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, [1, 1, 1, 1, 1, 1]);
    expect(
      rejectionOf(run, D, { type: 'strike', striker: 'Bu01-1', target: 'Bk01-1', strikeNumber: 6, dice: 6 })
        .message,
    ).toContain('already struck');
    expect(rejectionOf(run, D, { type: 'doneStriking' }).message).toContain('Bu01-2');
  });

  it('errata 12.4: carry-over is allocated after the roll by the striker ([] carries nowhere); no concession meanwhile', () => {
    const run = titanInContact();
    const events = strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [6, 6, 6, 6, 6, 1]);
    expect(ofType(events, 'strikeRolled')[0]).toMatchObject({ hits: 5, carryOver: true });
    expect(step(run)).toEqual({ kind: 'carryOver', actor: A, side: 'attacker', resume: 'strike' });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'assignCarryOver', targets: [] },
      { type: 'assignCarryOver', targets: ['Bu01-2'] },
    ]);
    expect(rejectionOf(run, A, { type: 'concede' }).code).toBe('wrongStep');
    expect(rejectionOf(run, A, { type: 'assignCarryOver', targets: ['Bk01-2'] }).code).toBe(
      'illegalCarryOver',
    );
    expect(defaultIntent(run.state, A)).toEqual({ type: 'assignCarryOver', targets: [] });
    const allocated = act(run, A, { type: 'assignCarryOver', targets: ['Bu01-2'] });
    const hits = Object.fromEntries((run.state.battle?.characters ?? []).map((c) => [c.id, c.hits]));
    expect(hits).toMatchObject({ 'Bu01-1': 6, 'Bu01-2': 3 });
    // The strike step resumes with nothing left to strike, and ends by itself: the counterstrikes.
    expect(strikeStepsBegun(allocated)).toEqual(['strike:attacker', 'counterstrike:defender']);
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
  });

  it('12.0, 12.6: the slain still counterstrike and leave the battleland at the end of the strike phase', () => {
    const run = titanInContact();
    strike(run, A, 'Bk01-1', 'Bu01-1', 2, 6, [6, 6, 1, 1, 1, 1]);
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    // No rangestrikes in counterstrikes (12.0); the slain Ogre must still strike.
    expect(rejectionOf(run, D, { type: 'doneStriking' }).message).toContain('Bu01-1');
    strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, [1, 1, 1, 1, 1, 1]);
    // The last counterstrike made, the strike phase ends by itself.
    const events = strike(run, D, 'Bu01-2', 'Bk01-1', 6, 8, [6, 1, 1, 1, 1, 1, 1, 1]);
    expect(types(events)).toEqual([
      'strikeRolled',
      'stepBegan',
      'slainRemoved',
      'maneuverBegan',
      'stepBegan',
    ]);
    expect(ofType(events, 'slainRemoved')[0]?.ids).toEqual(['Bu01-1']);
    expect(run.state.battle).toMatchObject({ round: 2, phasing: 'defender', defenderCharacterSlain: true });
  });

  it('13.4, 13.5, errata 13.5: rangestrikes are optional; a Lord may not be rangestruck, and the refused try costs nothing', () => {
    const run = engagedRun({ attacker: ['Ranger', 'Ogre'], defender: ['Titan', 'Ogre'] });
    begin(run);
    toBattle(run);
    // The Ranger on C3, three hexes from the Titan (E5) and the Ogre (F4).
    firstRound(run, { 'Bk01-1': { hex: 'C3' } });
    expect(step(run)).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    expect(legalIntents(run.state, A)).toEqual([
      { type: 'rangestrike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 3, dice: 2 },
      { type: 'doneStriking' },
      { type: 'concede' },
    ]);
    const skipped = structuredClone(run);
    // Done without rangestriking; the defender, with nothing to counterstrike, does not wait (issue 14).
    expect(types(act(skipped, A, { type: 'doneStriking' }))).toEqual([
      'strikePhaseBegan',
      'stepBegan',
      'maneuverBegan',
      'stepBegan',
    ]);
    expect(step(skipped)).toEqual({ kind: 'maneuver', actor: D, side: 'defender' });
    const lord = rejectionOf(run, A, {
      type: 'rangestrike',
      striker: 'Bk01-1',
      target: 'Bu01-1',
      strikeNumber: 3,
      dice: 2,
    });
    expect(lord).toMatchObject({ code: 'illegalStrike', rule: '13.5, errata 13.5' });
    expect(lord.message).toContain('Lords are immune');
    const events = act(
      run,
      A,
      { type: 'rangestrike', striker: 'Bk01-1', target: 'Bu01-2', strikeNumber: 3, dice: 2 },
      [3, 1],
    );
    expect(ofType(events, 'rangestrikeRolled')[0]).toMatchObject({ hits: 1 });
  });

  it('2.5.6.4.2.5 (reading): a side beaten has nothing left to concede: its counterstrikes, nothing to strike, do not wait as the battle ends', () => {
    const run = engagedRun({ attacker: ['Ranger', 'Ogre'], defender: ['Ogre'] });
    begin(run);
    toBattle(run);
    moveAll(run, D, { 'Bu01-1': 'F4' });
    quietTurn(run, 'defender');
    moveAll(run, A, { 'Bk01-1': 'C3', 'Bk01-2': 'A1' });
    place(run, { 'Bu01-1': { hits: 5 } });
    act(run, A, { type: 'doneManeuvering' });
    expect(step(run)).toEqual({ kind: 'strike', actor: A, side: 'attacker' });
    // The rangestrike slays the defender's last character: he has nothing to counterstrike, and no concession
    // would change the battle's end; the strike phase ends at once.
    const events = act(
      run,
      A,
      { type: 'rangestrike', striker: 'Bk01-1', target: 'Bu01-1', strikeNumber: 3, dice: 2 },
      [3, 1],
    );
    expect(strikeStepsBegun(events)).toEqual(['strike:attacker', 'counterstrike:defender']);
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
  });

  it('16.0, 19.3: a slain Titan ends the battle at the end of the strike phase and eliminates its player', () => {
    const run = titanInContact();
    strike(run, A, 'Bk01-1', 'Bu01-2', 2, 6, [1, 1, 1, 1, 1, 1]);
    const slain = strike(run, D, 'Bu01-1', 'Bk01-1', 6, 6, [6, 6, 6, 6, 6, 6]);
    // The Titan is slain: the Troll has nobody left to strike, and the defender has counterstruck (his
    // concession before it, 2.5.6.4.x.5, is past): the counterstrikes end by themselves.
    expect(types(slain)).toEqual(['strikeRolled', 'stepBegan', 'slainRemoved', 'stepBegan']);
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
    const events = act(run, A, { type: 'pass' });
    expect(types(events)).toEqual([
      'optionDeclined',
      'battleEnded',
      'engagementResolved',
      'pointsScored',
      'legionEliminated',
      'pointsScored',
      'playerEliminated',
      'engagementEnded',
      'gameOver',
    ]);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'titanElimination',
      winner: 'Bu01',
      attackerLosses: ['Titan'],
      defenderLosses: [],
    });
    // 19.3: the Titan (6 × 4) to its slayer; 19.4: the Ogre left in its legion at half points.
    expect(ofType(events, 'pointsScored').map((e) => [e.player, e.points, e.reason])).toEqual([
      [D, 24, 'engagement'],
      [D, 6, 'halfPoints'],
    ]);
    expect(ofType(events, 'legionEliminated')[0]).toMatchObject({
      legion: 'Bk01',
      characters: ['Ogre'],
      reason: 'titanSlain',
    });
    expect(ofType(events, 'playerEliminated')[0]).toEqual({ type: 'playerEliminated', player: A, by: D });
    expect(run.state.result).toMatchObject({ winner: D, reason: 'lastTitan' });
    // 12.3, 2.5.6.6: the survivors are healed.
    expect(legion(run, 'Bu01')?.characters).toEqual(['Ogre', 'Troll']);
    expect(run.state.battle).toBeNull();
  });
});

describe('drift (Hazards Chart; 2.5.6.4.x.3, errata 9.4/11.7)', () => {
  it('drift: a non-native phasing character in Drift takes a hit at the start of its strike phase (natives none)', () => {
    const run = inDrift(0);
    place(run, { 'Bk01-2': { hex: 'B2' } }); // a Troll, native to Drift
    const events = act(run, A, { type: 'doneManeuvering' });
    expect(ofType(events, 'driftDamage')[0]?.ids).toEqual(['Bk01-1']);
    expect(run.state.battle?.characters.find((c) => c.id === 'Bk01-1')?.hits).toBe(1);
    expect(run.state.battle?.characters.find((c) => c.id === 'Bk01-2')?.hits).toBe(0);
  });

  it('2.5.6.4.x.3.1: when drift would slay, the other player may concede first', () => {
    const run = inDrift(5);
    act(run, A, { type: 'doneManeuvering' });
    expect(step(run)).toEqual({ kind: 'driftConcession', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D)).toEqual([{ type: 'concede' }, { type: 'pass' }]);
    const events = act(run, D, { type: 'pass' });
    // Nothing in contact: the strikes and counterstrikes end by themselves, and the slain Ogre leaves.
    expect(types(events)).toEqual([
      'optionDeclined',
      'driftDamage',
      'strikePhaseBegan',
      'stepBegan',
      'strikePhaseBegan',
      'stepBegan',
      'slainRemoved',
      'maneuverBegan',
      'stepBegan',
    ]);
    expect(ofType(events, 'slainRemoved')[0]?.ids).toEqual(['Bk01-1']);
  });

  it('2.5.6.4.x.3.1: conceding before the drift damage ends the engagement for the conceder', () => {
    const run = inDrift(5);
    act(run, A, { type: 'doneManeuvering' });
    const events = act(run, D, { type: 'concede' });
    expect(ofType(events, 'driftDamage')).toEqual([]);
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bk01' });
    expect(score(run, A)).toBe(24);
  });
});

describe('the battle turn track (10.5, errata 9.4/10.5)', () => {
  /** Up to the attacker's 7th strike phase, nothing ever in contact: the defender's counterstrikes then. */
  function toLastCounterstrikes(): Run {
    const run = farApart();
    for (let round = 2; round <= 7; round++) {
      expect(run.state.battle?.round).toBe(round);
      quietTurn(run, 'defender');
      if (round < 7) quietTurn(run, 'attacker');
    }
    act(run, A, { type: 'doneManeuvering' });
    return run;
  }

  function toRoundSeven(): Run {
    const run = toLastCounterstrikes();
    act(run, D, { type: 'doneStriking' });
    return run;
  }

  it('2.5.6.4.2.5, 2.5.6.4.2.8.1 (reading): before the time loss the defender\u2019s counterstrikes wait, nothing to strike: his last chance to concede', () => {
    const run = toLastCounterstrikes();
    // The attacker's strikes ended by themselves; the defender's counterstrike step is his unconditional
    // concession (2.5.6.4.2.5), and after it only the attacker may concede (2.5.6.4.2.8.1).
    expect(step(run)).toEqual({ kind: 'counterstrike', actor: D, side: 'defender' });
    expect(legalIntents(run.state, D)).toEqual([{ type: 'doneStriking' }, { type: 'concede' }]);
    const conceding = structuredClone(run);
    const events = act(conceding, D, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bk01' });
    expect(score(conceding, A)).toBe(24);
    act(run, D, { type: 'doneStriking' });
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
  });

  it('10.5, errata 10.5: a battle not over after the attacker\u2019s 7th turn is a time loss: no points', () => {
    const run = toRoundSeven();
    expect(step(run)).toEqual({ kind: 'battleEnding', actor: A, side: 'attacker' });
    const events = act(run, A, { type: 'pass' });
    expect(ofType(events, 'battleEnded')[0]).toEqual({
      type: 'battleEnded',
      winner: 'defender',
      timeLoss: true,
    });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({
      outcome: 'timeLoss',
      winner: 'Bu01',
      attackerLosses: ['Ogre', 'Centaur'],
    });
    expect(ofType(events, 'pointsScored')).toEqual([]);
    expect(legion(run, 'Bk01')).toBeUndefined();
    expect(legion(run, 'Bu01')?.known).toEqual(['Ogre', 'Ogre']);
  });

  it('errata 9.4, 10.5: conceding as the battle ends preempts the time loss (full points to the defender)', () => {
    const run = toRoundSeven();
    const events = act(run, A, { type: 'concede' });
    expect(ofType(events, 'engagementResolved')[0]).toMatchObject({ outcome: 'concession', winner: 'Bu01' });
    expect(score(run, D)).toBe(24);
  });
});
