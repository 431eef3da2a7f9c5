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
