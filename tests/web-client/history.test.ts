// The event history's words (web-client/src/game/describe.ts): battle characters are named by side, creature
// and hex as they stood at each event, folded over a real engine game (fixtures.tsx), not by their ids.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../shared/engine/events';
import { describeEvent, nextRoster, type Roster } from '../../web-client/src/game/describe';
import { playUntil } from './fixtures';

describe('the history names battle characters', () => {
  const played = playUntil((s) => s.battle !== null && s.step.kind === 'strike' && s.battle.round >= 2);
  // The history's lines, each with the roster of the moment before its event.
  let roster: Roster = new Map();
  const lines: { event: GameEvent; text: string | null; before: Roster }[] = [];
  for (const event of played.events) {
    lines.push({ event, text: describeEvent(event, (p) => p.toUpperCase(), roster), before: roster });
    roster = nextRoster(roster, event);
  }
  const started = played.events.find((e) => e.type === 'battleStarted');
  if (started?.type !== 'battleStarted') throw new Error('no battle');
  const creature = new Map(
    [...started.attacker.characters, ...started.defender.characters].map((c) => [c.id, c.type]),
  );
  const side = (id: string) =>
    started.attacker.characters.some((c) => c.id === id) ? 'attacker' : 'defender';

  it('10.1, 11.x: a move names the side and creature, and where it goes', () => {
    const moves = lines.filter((l) => l.event.type === 'characterMoved');
    expect(moves.length).toBeGreaterThan(0);
    for (const { event, text } of moves) {
      if (event.type !== 'characterMoved') continue;
      const who = `The ${side(event.id)}'s ${creature.get(event.id)}`;
      expect(text).toBe(
        event.from === null ? `${who} enters at ${event.to}.` : `${who} moves ${event.from} → ${event.to}.`,
      );
      expect(text).not.toContain(event.id);
    }
  });

  it('12.x: a strike names striker and target with the hexes they stood on', () => {
    const strikes = lines.filter((l) => l.event.type === 'strikeRolled');
    expect(strikes.length).toBeGreaterThan(0);
    for (const { event, text, before } of strikes) {
      if (event.type !== 'strikeRolled') continue;
      const striker = `The ${side(event.striker)}'s ${creature.get(event.striker)} in ${before.get(event.striker)?.hex}`;
      const target = `the ${side(event.option.target)}'s ${creature.get(event.option.target)} in ${before.get(event.option.target)?.hex}`;
      expect(text?.startsWith(`${striker} strikes ${target} (${event.option.dice} dice, `)).toBe(true);
      // Where a character stood is where its last move took it.
      const lastMove = played.events
        .slice(0, played.events.indexOf(event))
        .filter((e) => e.type === 'characterMoved' && e.id === event.striker)
        .at(-1);
      expect(before.get(event.striker)?.hex).toBe(
        lastMove?.type === 'characterMoved' ? lastMove.to : undefined,
      );
    }
  });

  it('an id the history never saw is shown as it is', () => {
    const text = describeEvent({ type: 'slainRemoved', ids: ['Rd09-3'] }, (p) => p, new Map());
    expect(text).toBe('Slain: Rd09-3.');
  });
});

// Issue 14: every line a player reads is written for a player: no marker ids ("Rd02"), no seq numbers, no empty
// lists, articles right.
describe('the history has no developer text', () => {
  const played = playUntil((s) => s.battle !== null && s.step.kind === 'strike' && s.battle.round >= 2);
  let roster: Roster = new Map();
  const texts: string[] = [];
  for (const event of played.events) {
    const text = describeEvent(event, (p) => (p === 'p1' ? 'Ann' : 'Ben'), roster);
    if (text !== null) texts.push(text);
    roster = nextRoster(roster, event);
  }
  it('names legions by colour and marker, lands by terrain and number, with the right article', () => {
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) {
      expect(text).not.toMatch(/\b(Bk|Bu|Br|Gd|Gr|Rd)\d\d\b/);
      expect(text).not.toMatch(/\bseq\b|: \.|\(\)/);
      expect(text).not.toMatch(/\ba [AEIOU]/);
    }
    expect(
      texts.some((t) => /^[A-Z][a-z]+ [A-Z][a-z]+ moved from [A-Z][a-z]+ \d+ to [A-Z][a-z]+ \d+/.test(t)),
    ).toBe(true);
    expect(describeEvent({ type: 'hidden' }, (p) => p)).toBeNull();
    expect(describeEvent({ type: 'towersAssigned', assignments: [] }, (p) => p)).toBe(
      'The tower rolls tie: the players roll again (1.3).',
    );
  });

  it('CE 44 B3: a dead enemy taken as recruit is named so', () => {
    const dead = { legion: 'Bu01', creature: 'Ogre', reveal: [], id: 'Bu01-3', lost: 'attacker' } as const;
    expect(describeEvent({ type: 'reinforcementMustered', ...dead }, (p) => p)).toBe(
      'Blue Anchor musters an Ogre of the dead enemy as a reinforcement.',
    );
    expect(
      describeEvent(
        {
          type: 'characterJoined',
          player: 'p1',
          power: 44,
          legion: 'Bk01',
          character: 'Ogre',
          lost: 'defender',
        },
        (p) => ({ p1: 'Red' })[p] ?? p,
      ),
    ).toBe("Red's Black Axes gains an Ogre of the dead enemy (44 VALKYRIE).");
  });
});

describe('the history of forced actions (errata 20.4, 21.0, Law 21.2)', () => {
  const names = (p: string) => ({ p1: 'Red', p2: 'Blue' })[p] ?? p;
  const forced = (over: Partial<Extract<GameEvent, { type: 'playerForced' }>>): GameEvent => ({
    type: 'playerForced',
    player: 'p1',
    forced: { by: 'time' },
    play: 'refuse',
    actions: ['withdraw'],
    rolls: [],
    rule: 'errata 20.4',
    ...over,
  });

  it('errata 20.4: "Red ran out of time: Red withdraws (errata 20.4)"', () => {
    expect(describeEvent(forced({}), names)).toBe('Red ran out of time: Red withdraws (errata 20.4).');
  });

  it('who forced it, and what the bot or Law 21.2 played', () => {
    expect(describeEvent(forced({ forced: { by: 'absence' }, play: 'bot', rule: null }), names)).toBe(
      'Red is absent: the bot plays for Red.',
    );
    const limit = forced({
      play: 'phaseLimit',
      actions: ['moveLegion', 'doneMoving'],
      rolls: [3],
      rule: '21.2',
    });
    expect(describeEvent(limit, names)).toBe(
      'Red ran out of time: Red moves a legion chosen at random; ends his movement (21.2).',
    );
    expect(describeEvent(forced({ forced: { by: 'director' }, actions: ['concede'] }), names)).toContain(
      'tournament director: Red concedes',
    );
  });
});
