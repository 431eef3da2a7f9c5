// The masterboard half of `npm run -s probe` (shared/specs/probe.md, "Masterboard queries").
import { describe, expect, it } from 'vitest';
import { answerQuery } from '../../shared/probe/index';

function masterboard(more: Record<string, unknown>): Record<string, unknown> {
  return { query: 'masterboard', score: 0, friendly: [], enemy: [], ...more };
}

describe('probe: masterboard moves', () => {
  it('8.1, 7.1: the spec example (Titan, Angel, two Ogres in Tower 100 on a 6)', () => {
    const answer = answerQuery(
      masterboard({
        legion: { land: '100', characters: ['Titan', 'Angel', 'Ogre', 'Ogre'] },
        roll: 6,
        friendly: ['3'],
        enemy: ['41'],
        ask: [{ kind: 'moves' }],
      }),
    ) as { answers: [{ moves: Record<string, string>[] }] };
    const moves = answer.answers[0].moves;
    // 100 → 41: the enemy ends the move, entered by the Tower's arrow (left side).
    expect(moves).toContainEqual({ land: '41', via: 'normal', entry: 'left' });
    // A teleport to a vacant land has no entry key.
    expect(moves).toContainEqual({ land: '500', via: 'towerTeleport' });
    // 7.1: through the friendly legion on 3 (100 → 3 → 4 → 5 → 6 → 7 → 8); never onto it or the enemy by teleport.
    expect(moves).toContainEqual({ land: '8', via: 'normal' });
    expect(moves.some((m) => m.land === '3')).toBe(false);
    expect(moves.some((m) => m.land === '41' && m.via === 'towerTeleport')).toBe(false);
    expect(moves.some((m) => m.land === '100')).toBe(false);
  });

  it('probe.md: moves are sorted with land numbers compared as strings, then via, then entry', () => {
    const answer = answerQuery(
      masterboard({
        legion: { land: '1', characters: ['Titan', 'Troll'] },
        score: 500,
        roll: 6,
        enemy: ['2', '300'],
        ask: [{ kind: 'moves' }],
      }),
    );
    expect(answer).toEqual({
      answers: [
        {
          moves: [
            { land: '2', via: 'normal', entry: 'left' },
            { land: '2', via: 'titanTeleport', entry: 'bottom' },
            { land: '2', via: 'titanTeleport', entry: 'left' },
            { land: '2', via: 'titanTeleport', entry: 'right' },
            // 1 → 1000 → 6000 → 5000 → 4000 → 3000 → 2000; "2000" sorts before "300" as a string.
            { land: '2000', via: 'normal' },
            { land: '300', via: 'titanTeleport', entry: 'bottom' },
            // 1 → 1000 → 2000 → 3000 → 4000 → 5000 → 6000.
            { land: '6000', via: 'normal' },
          ],
        },
      ],
    });
  });

  it('errata 7.1/8.2, 8.0: the optional engaged and teleportUsed fields', () => {
    const base = {
      legion: { land: '1', characters: ['Titan', 'Troll'] },
      score: 500,
      roll: 6,
      enemy: ['300'],
      ask: [{ kind: 'moves' }],
    };
    const teleports = (q: Record<string, unknown>): number => {
      const answer = answerQuery(masterboard(q)) as { answers: [{ moves: { via: string }[] }] };
      return answer.answers[0].moves.filter((m) => m.via === 'titanTeleport').length;
    };
    expect(teleports(base)).toBe(1);
    expect(teleports({ ...base, engaged: ['300'] })).toBe(0);
    expect(teleports({ ...base, teleportUsed: true })).toBe(0);
  });
});

describe('probe: masterboard recruits', () => {
  it('18.4: two Ogres and a Troll in the Marsh (land 8)', () => {
    expect(
      answerQuery(
        masterboard({
          legion: { land: '8', characters: ['Ogre', 'Troll', 'Ogre'] },
          ask: [{ kind: 'recruits' }],
        }),
      ),
    ).toEqual({
      answers: [
        {
          recruits: [
            { creature: 'Ogre', reveal: [['Ogre'], ['Troll']] },
            { creature: 'Troll', reveal: [['Ogre', 'Ogre'], ['Troll']] },
          ],
        },
      ],
    });
  });

  it('18.5, errata 18.0: a Tower, sorted by creature name, tower creatures revealing the empty set', () => {
    expect(
      answerQuery(
        masterboard({
          legion: { land: '600', characters: ['Titan', 'Troll', 'Troll', 'Troll'] },
          ask: [{ kind: 'recruits' }],
        }),
      ),
    ).toEqual({
      answers: [
        {
          recruits: [
            { creature: 'Centaur', reveal: [[]] },
            { creature: 'Gargoyle', reveal: [[]] },
            { creature: 'Guardian', reveal: [['Troll', 'Troll', 'Troll']] },
            { creature: 'Ogre', reveal: [[]] },
            { creature: 'Warlock', reveal: [['Titan']] },
          ],
        },
      ],
    });
  });

  it('18.1: a legion of seven musters nothing', () => {
    expect(
      answerQuery(
        masterboard({
          legion: { land: '600', characters: ['Titan', 'Angel', 'Troll', 'Troll', 'Troll', 'Ogre', 'Ogre'] },
          ask: [{ kind: 'recruits' }],
        }),
      ),
    ).toEqual({ answers: [{ recruits: [] }] });
  });

  it('6.4: the caretaker’s shortages when given', () => {
    expect(
      answerQuery(
        masterboard({
          legion: { land: '8', characters: ['Troll'] },
          caretaker: { Ogre: 0 },
          ask: [{ kind: 'recruits' }],
        }),
      ),
    ).toEqual({ answers: [{ recruits: [{ creature: 'Troll', reveal: [['Troll']] }] }] });
  });

  it('probe.md: one answer per ask, in order', () => {
    const answer = answerQuery(
      masterboard({
        legion: { land: '8', characters: ['Ogre'] },
        roll: 1,
        ask: [{ kind: 'recruits' }, { kind: 'moves' }],
      }),
    );
    expect(answer).toEqual({
      answers: [
        { recruits: [{ creature: 'Ogre', reveal: [['Ogre']] }] },
        {
          moves: [
            { land: '2000', via: 'normal' },
            { land: '9', via: 'normal' },
          ],
        },
      ],
    });
  });
});

describe('probe: malformed masterboard queries', () => {
  const error = (q: Record<string, unknown>): string => {
    const answer = answerQuery(masterboard(q)) as { error?: string };
    expect(typeof answer.error).toBe('string');
    return answer.error as string;
  };

  it('probe.md: an unknown character, land or ask kind is an error naming the field', () => {
    expect(error({ legion: { land: '8', characters: ['Orc'] }, ask: [] })).toMatch(/legion\.characters\.0/);
    expect(error({ legion: { land: '43', characters: ['Ogre'] }, ask: [] })).toMatch(/legion\.land/);
    expect(error({ legion: { land: 8, characters: ['Ogre'] }, ask: [] })).toMatch(/legion\.land/);
    expect(error({ legion: { land: '8', characters: ['Ogre'] }, ask: [{ kind: 'fly' }] })).toMatch(/ask\.0/);
    expect(error({ legion: { land: '8', characters: ['Ogre'] }, enemy: ['7000'], ask: [] })).toMatch(
      /enemy\.0/,
    );
  });

  it('probe.md: a moves ask needs a roll of 1..6', () => {
    expect(error({ legion: { land: '8', characters: ['Ogre'] }, ask: [{ kind: 'moves' }] })).toMatch(/roll/);
    expect(error({ legion: { land: '8', characters: ['Ogre'] }, roll: 7, ask: [{ kind: 'moves' }] })).toMatch(
      /roll/,
    );
  });

  it('3.1, 4.1: a legion of two Titans or of no characters is malformed', () => {
    expect(error({ legion: { land: '8', characters: ['Titan', 'Titan'] }, ask: [] })).toMatch(/Titan/);
    expect(error({ legion: { land: '8', characters: [] }, ask: [] })).toMatch(/legion\.characters/);
  });
});
