// The battle half of the rules oracle (shared/specs/probe.md "Battle queries"), JSON in and JSON out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineOfSightBlocked } from '../../shared/engine/battle/lineOfSight';
import { rangestrikeOptions } from '../../shared/engine/battle/rangestrike';
import { answerQuery } from '../../shared/probe/index';
import { attacker, battle, ch, defender } from './build';

/** A query as it arrives on the wire: JSON text, parsed. */
function ask(query: unknown): unknown {
  const answer = answerQuery(JSON.parse(JSON.stringify(query)));
  return JSON.parse(JSON.stringify(answer));
}

const example1 = {
  query: 'battle',
  land: 'Plains',
  attackerEntry: 'left',
  active: 'attacker',
  phase: 'strike',
  characters: [
    { id: 'cyclops', side: 'attacker', type: 'Cyclops', hex: 'D4', hits: 0 },
    { id: 'troll', side: 'defender', type: 'Troll', hex: 'D3', hits: 0 },
    { id: 'ogre', side: 'defender', type: 'Ogre', hex: 'D5', hits: 0 },
    { id: 'ranger', side: 'defender', type: 'Ranger', hex: 'E4', hits: 0 },
  ],
  ask: [
    { kind: 'strikes', character: 'cyclops' },
    { kind: 'moves', character: 'cyclops' },
  ],
};

describe('probe: battle queries', () => {
  it('errata 12.x Example 1 through the probe: every option, sorted by target, Strike-number, dice', () => {
    expect(ask(example1)).toEqual({
      answers: [
        {
          options: [
            { target: 'ogre', strikeNumber: 4, dice: 9, carryTo: ['troll'] },
            { target: 'ogre', strikeNumber: 6, dice: 9, carryTo: ['ranger', 'troll'] },
            { target: 'ranger', strikeNumber: 6, dice: 9, carryTo: ['ogre', 'troll'] },
            { target: 'troll', strikeNumber: 4, dice: 9, carryTo: ['ogre'] },
            { target: 'troll', strikeNumber: 6, dice: 9, carryTo: ['ogre', 'ranger'] },
          ],
        },
        { hexes: [] }, // 11.3: in contact
      ],
    });
  });

  it('11.1, 10.1: moves of an off-board character (hex null) from its entry side, sorted', () => {
    const answer = ask({
      query: 'battle',
      land: 'Desert',
      attackerEntry: 'bottom',
      active: 'attacker',
      phase: 'maneuver',
      characters: [{ id: 'a1', side: 'attacker', type: 'Ogre', hex: null, hits: 0 }],
      ask: [{ kind: 'moves', character: 'a1' }],
    });
    expect(answer).toEqual({ answers: [{ hexes: ['A1', 'B1', 'C1', 'C2', 'D1', 'D2'] }] });
  });

  it('10.2: in a Tower the defender deploys; attackerEntry may be left out there', () => {
    const answer = ask({
      query: 'battle',
      land: 'Tower',
      active: 'defender',
      phase: 'maneuver',
      characters: [
        { id: 't', side: 'defender', type: 'Titan', hex: null, hits: 0, power: 7 },
        { id: 'g', side: 'defender', type: 'Guardian', hex: 'D4', hits: 0 },
      ],
      ask: [{ kind: 'moves', character: 't' }],
    });
    expect(answer).toEqual({ answers: [{ hexes: ['C3', 'C4', 'D3', 'D5', 'E3', 'E4'] }] });
  });

  it('19.1: a Titan strikes with the power given', () => {
    const answer = ask({
      query: 'battle',
      land: 'Plains',
      attackerEntry: 'bottom',
      active: 'attacker',
      phase: 'strike',
      characters: [
        { id: 'titan', side: 'attacker', type: 'Titan', hex: 'C3', hits: 0, power: 8 },
        { id: 'ogre', side: 'defender', type: 'Ogre', hex: 'C4', hits: 0 },
      ],
      ask: [{ kind: 'strikes', character: 'titan' }],
    });
    expect(answer).toEqual({
      answers: [{ options: [{ target: 'ogre', strikeNumber: 2, dice: 8, carryTo: [] }] }],
    });
  });

  it('13.0, 13.3: rangestrikes and line of sight answer from the rangestrike rules; only the active side rangestrikes', () => {
    const pos = battle(
      'Plains',
      [
        attacker('ranger', 'Ranger', 'B2'),
        defender('ogre', 'Ogre', 'D3'),
        ch('gorgon', 'defender', 'Gorgon', 'B4'),
      ],
      'bottom',
    );
    const query = {
      query: 'battle',
      land: 'Plains',
      attackerEntry: 'bottom',
      phase: 'strike',
      characters: pos.characters.map(({ id, side, type, hex, hits }) => ({ id, side, type, hex, hits })),
      ask: [
        { kind: 'rangestrikes', character: 'ranger' },
        { kind: 'rangestrikes', character: 'gorgon' },
        { kind: 'lineOfSight', from: 'B2', to: 'D3' },
      ],
    };
    const asAttacker = ask({ ...query, active: 'attacker' }) as { answers: { options?: unknown[] }[] };
    const expected = rangestrikeOptions(pos, 'ranger').map(({ target, strikeNumber, dice }) => ({
      target,
      strikeNumber,
      dice,
    }));
    expect(expected.length).toBeGreaterThan(0);
    expect(asAttacker).toEqual({
      answers: [{ options: expected }, { options: [] }, { blocked: lineOfSightBlocked(pos, 'B2', 'D3') }],
    });
    const asDefender = ask({ ...query, active: 'defender' }) as { answers: { options?: unknown[] }[] };
    expect(asDefender.answers[0]).toEqual({ options: [] });
  });

  it('probe.md: malformed battle queries get {error} saying what is wrong', () => {
    const bad = (patch: Record<string, unknown>): unknown => ask({ ...example1, ...patch });
    expect(bad({ land: 'Lava' })).toEqual({ error: expect.stringContaining('land') });
    expect(bad({ attackerEntry: 'top' })).toEqual({ error: expect.stringContaining('attackerEntry') });
    expect(bad({ attackerEntry: undefined })).toEqual({ error: expect.stringContaining('attackerEntry') });
    expect(bad({ land: 'Tower' })).toEqual({ error: expect.stringContaining('Tower') });
    expect(bad({ ask: [{ kind: 'moves', character: 'nobody' }] })).toEqual({
      error: expect.stringContaining('nobody'),
    });
    expect(bad({ ask: [{ kind: 'teleport', character: 'ogre' }] })).toEqual({
      error: expect.stringContaining('ask'),
    });
    expect(bad({ ask: [{ kind: 'lineOfSight', from: 'Z9', to: 'A1' }] })).toEqual({
      error: expect.stringContaining('from'),
    });
    const titan = { id: 't', side: 'attacker', type: 'Titan', hex: 'A1', hits: 0 };
    expect(bad({ characters: [...example1.characters, titan] })).toEqual({
      error: expect.stringContaining('Titan'),
    });
    const twin = { id: 'ogre', side: 'defender', type: 'Ogre', hex: 'A1', hits: 0 };
    expect(bad({ characters: [...example1.characters, twin] })).toEqual({
      error: expect.stringContaining('twice'),
    });
    const stacked = { id: 'x', side: 'defender', type: 'Ogre', hex: 'D3', hits: 0 };
    expect(bad({ characters: [...example1.characters, stacked] })).toEqual({
      error: expect.stringContaining('D3'),
    });
    const hurt = { id: 'x', side: 'defender', type: 'Ogre', hex: 'A1', hits: -1 };
    expect(bad({ characters: [...example1.characters, hurt] })).toEqual({
      error: expect.stringContaining('hits'),
    });
  });

  it('probe.md: `npm run -s probe -- FILE` prints one JSON result per query of an array', () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-battle-'));
    const file = join(dir, 'queries.json');
    writeFileSync(file, JSON.stringify([example1, { ...example1, land: 'Lava' }]));
    const out = execFileSync('npx', ['tsx', 'tools/probe.ts', file], { encoding: 'utf8' });
    const results = JSON.parse(out) as unknown[];
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual(ask(example1));
    expect(results[1]).toHaveProperty('error');
  });
});

describe('probe: slain characters', () => {
  it('12.0: a slain target is not offered (errata 12.0)', () => {
    const answer = ask({
      ...example1,
      characters: [
        { id: 'cyclops', side: 'attacker', type: 'Cyclops', hex: 'D4', hits: 0 },
        { id: 'ogre', side: 'defender', type: 'Ogre', hex: 'D5', hits: 6 },
        { id: 'troll', side: 'defender', type: 'Troll', hex: 'D3', hits: 0 },
      ],
      ask: [{ kind: 'strikes', character: 'cyclops' }],
    });
    expect(answer).toEqual({
      answers: [{ options: [{ target: 'troll', strikeNumber: 4, dice: 9, carryTo: [] }] }],
    });
  });
});
