// @vitest-environment happy-dom
// Issue 14, item 6 (click friction and wrong hints), on real engine positions (fixtures.tsx): a strike phase with
// nothing to strike ends by itself (in the engine); the hint names a step the player can take now; the engagement panel shows a
// summoned Angel and the Titan's power; a spectator's history has no line for what he may not see; the markers
// on the Masterboard name their legion, never its id.
import { cleanup, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { evolve, legalIntents } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import type { GameState } from '../../shared/engine/types';
import { Masterboard } from '../../web-client/src/board/Masterboard';
import { ActionPanel, hintFor } from '../../web-client/src/game/ActionPanel';
import { EngagementPanel } from '../../web-client/src/game/EngagementPanel';
import { EventLog } from '../../web-client/src/game/EventLog';
import { actorOf, clientFor, type Played, playUntil, renderAt } from './fixtures';
import { elements } from './markup';

afterEach(cleanup);

const noop = () => undefined;
const strikeStep = (s: GameState) => s.step.kind === 'strike' || s.step.kind === 'counterstrike';
const canStrike = (s: GameState) =>
  legalIntents(s, actorOf(s)).some((i) => i.type === 'strike' || i.type === 'rangestrike');

describe('a strike phase with nothing to strike (issue 14: no "Done" to press)', () => {
  it('12.0: the engine ends it; the page meets a strike step only with a strike to make, or as the last chance to concede', () => {
    // A game played until its first battle is over: every strike step the page is shown on the way.
    const shown: GameState[] = [];
    let fought = false;
    const played = playUntil((s) => {
      if (strikeStep(s)) shown.push(s);
      fought ||= s.battle !== null;
      return fought && s.battle === null;
    });
    expect(played.events.some((e) => e.type === 'strikePhaseBegan')).toBe(true);
    expect(played.events.some((e) => e.type === 'stepBegan' && e.step.kind === 'strike')).toBe(true);
    // With nothing to strike a step waits only as the counterstriker's last chance to concede (2.5.6.4.x.5).
    for (const s of shown) {
      if (canStrike(s)) continue;
      expect(s.step.kind).toBe('counterstrike');
      expect(legalIntents(s, actorOf(s))).toEqual([{ type: 'doneStriking' }, { type: 'concede' }]);
    }
  });
});

describe('the hint names what the player can do now (issue 14)', () => {
  it('Complete Sequence 2.1: at the first split there is no movement roll to suggest', () => {
    const firstSplit = playUntil((s) => s.step.kind === 'split');
    const actor = actorOf(firstSplit.state);
    expect(legalIntents(firstSplit.state, actor).some((i) => i.type === 'rollMovement')).toBe(false);
    renderAt(firstSplit, actor, <ActionPanel selected={null} onSelect={noop} />);
    const panel = screen.getByRole('region', { name: 'Actions' });
    expect(within(panel).getByText(/^Split your legion/)).toBeTruthy();
    expect(panel.textContent).not.toMatch(/roll for movement/i);
  });

  it('each hint follows the legal intents: nothing left to move, to muster, to maneuver', () => {
    const only = (...types: Intent['type'][]) => types.map((type) => ({ type }) as Intent);
    expect(hintFor('move', only('doneMoving'))).toMatch(/No legion can move any further: press Done moving/);
    expect(hintFor('muster', only('endTurn'))).toBe('No legion can muster: end your turn.');
    expect(hintFor('maneuver', only('doneManeuvering'))).toMatch(/No character can move/);
    expect(hintFor('strike', only('doneStriking', 'concede'))).toBeNull();
    // A position of the game: the hint at the muster step matches what the panel offers.
    const muster = playUntil((s) => s.step.kind === 'muster');
    const actor = actorOf(muster.state);
    const legal = legalIntents(muster.state, actor);
    renderAt(muster, actor, <ActionPanel selected={null} onSelect={noop} />);
    const offersMuster = legal.some((i) => i.type === 'muster');
    expect(screen.getByRole('region', { name: 'Actions' }).textContent).toContain(
      offersMuster ? 'Muster in the legions that may' : 'No legion can muster',
    );
  });
});

describe('the engagement panel in a battle (issue 14)', () => {
  it('15.1, 19.1: a summoned Angel is listed with the attacker at once, and the Titan with its power', () => {
    const battle = playUntil((s) => s.battle !== null && s.step.kind === 'maneuver');
    const e = battle.state.engagement;
    if (e === null) throw new Error('no engagement');
    const donor = Object.values(battle.state.legions).find(
      (l) => l.owner === e.attackerOwner && l.id !== e.attacker,
    );
    if (donor === undefined) throw new Error('no other legion of the attacker');
    const summoned = {
      type: 'angelSummoned',
      from: donor.id,
      into: e.attacker,
      character: 'Angel',
      id: `${e.attacker}-9`,
    } as const;
    const played: Played = {
      state: evolve(battle.state, summoned),
      events: [...battle.events, summoned],
    };
    const attackerAngels = (played.state.battle?.characters ?? []).filter(
      (c) => c.side === 'attacker' && c.type === 'Angel',
    ).length;
    expect(attackerAngels).toBeGreaterThan(0);
    for (const viewer of [e.attackerOwner, e.defenderOwner, null]) {
      const { container } = renderAt(played, viewer, <EngagementPanel />);
      const side = container.querySelector('[data-side="attacker"]') as HTMLElement;
      expect(side.querySelectorAll('li[data-character="Angel"]').length).toBe(attackerAngels);
      cleanup();
    }
    // The Titan's power-skill is shown like every other character's: its player's Titan power, skill 4.
    const titanSide = (played.state.battle?.characters ?? []).find((c) => c.type === 'Titan')?.side;
    if (titanSide === undefined) throw new Error('no Titan in the battle');
    const owner = titanSide === 'attacker' ? e.attackerOwner : e.defenderOwner;
    const power = played.state.players.find((p) => p.id === owner)?.score ?? 0;
    const { container } = renderAt(played, owner, <EngagementPanel />);
    const titan = container.querySelector(`[data-side="${titanSide}"] li[data-character="Titan"] .ps`);
    expect(titan?.textContent).toBe(`${6 + Math.floor(power / 100)}-4`);
  });
});

describe("a spectator's history (issue 14)", () => {
  it('4.5: what he may not see (a split, an inspection) makes no line at all, and every line says something', () => {
    const played = playUntil((s) => s.battle !== null);
    const { client } = clientFor(played, null);
    expect(client.events.some((e) => e.event.type === 'hidden')).toBe(true);
    const { container } = renderAt(played, null, <EventLog />);
    const lines = [...container.querySelectorAll('.history li')].map((li) => li.textContent ?? '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/private|hidden/i);
      expect(line.trim()).not.toBe('');
    }
  });
});

describe('legion markers (issue 14: no internal ids on screen)', () => {
  it('4.2: a marker shows its colour glyph and height, and is labelled by its colour and name', () => {
    const m = renderToStaticMarkup(
      <Masterboard
        legions={[
          { marker: 'Bk01', land: 100, height: 8, color: 'Black' },
          { marker: 'Rd03', land: 23, height: 4, color: 'Red' },
        ]}
      />,
    );
    const texts = elements(m)
      .filter((e) => e.tag === 'text' || e.tag === 'title')
      .map((e) => e.text);
    expect(texts.filter((t) => /\b(Bk|Bu|Br|Gd|Gr|Rd)\d\d\b/.test(t))).toEqual([]);
    const labels = elements(m)
      .filter((e) => (e.attrs.class ?? '').split(' ').includes('legion'))
      .map((e) => e.attrs['aria-label']);
    expect(labels[0]).toBe('Black Axes, height 8');
    expect(labels[1]).toMatch(/^Red [A-Z][a-z]+, height 4$/);
  });
});
