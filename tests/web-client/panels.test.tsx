import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../shared/engine/events';
import { createGame, decide, evolve, legalIntents } from '../../shared/engine/index';
import type { Intent } from '../../shared/engine/intents';
import type { Dice, GameState } from '../../shared/engine/types';
import type { GameClientState } from '../../web-client/src/app/gameState';
import { ActionPanel } from '../../web-client/src/game/ActionPanel';
import { RejectionBanner } from '../../web-client/src/game/Banners';
import { EngagementPanel } from '../../web-client/src/game/EngagementPanel';
import { makeTable, TableContext } from '../../web-client/src/game/table';
import { clientFor } from './fixtures';
import { elements } from './markup';

const noop = () => undefined;

/** Dice that cycle through a fixed sequence (a test game that always goes the same way). */
function cyclingDice(values: readonly number[]): Dice {
  let i = 0;
  return { roll: (n) => Array.from({ length: n }, () => values[i++ % values.length] as number) };
}

interface Played {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** Plays the first legal intent (or the one `pick` prefers) until `until` holds. */
function playUntil(
  until: (s: GameState) => boolean,
  pick: (legal: readonly Intent[], s: GameState) => Intent = (l) => l[0] as Intent,
): Played {
  const created = createGame({
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Ben' },
    ],
  });
  let state = created.state;
  const events: GameEvent[] = [...created.events];
  const dice = cyclingDice([5, 2, 4, 3, 6, 1]);
  for (let n = 0; n < 500 && !until(state); n++) {
    const actor = state.step.kind === 'gameOver' ? null : state.step.actor;
    if (actor === null) throw new Error('the game ended first');
    const decision = decide(state, actor, pick(legalIntents(state, actor), state), dice);
    if ('rejected' in decision) throw new Error(decision.rejected.message);
    for (const e of decision.events) state = evolve(state, e);
    events.push(...decision.events);
  }
  if (!until(state)) throw new Error('never reached');
  return { state, events };
}

function render(played: Played, player: string | null, element: React.ReactElement): string {
  const { client, legal } = clientFor(played, player);
  const table = makeTable(client, client.view as NonNullable<GameClientState['view']>, legal, noop, noop);
  return renderToStaticMarkup(<TableContext.Provider value={table}>{element}</TableContext.Provider>);
}

const intentButtons = (markup: string) =>
  elements(markup)
    .filter((e) => e.tag === 'button' && e.attrs['data-intent'] !== undefined)
    .map((e) => e.attrs['data-intent']);

describe('the action panel offers exactly the legal intents the server sent', () => {
  it('Complete Sequence 2.1: on the first turn the player is offered the split of his legion, not the movement roll', () => {
    const played = playUntil((s) => s.step.kind === 'split');
    const actor = (played.state.step as { actor: string }).actor;
    const markup = render(played, actor, <ActionPanel selected={null} onSelect={noop} />);
    expect(intentButtons(markup)).toContain('split');
    expect(intentButtons(markup)).not.toContain('rollMovement');
    const other = actor === 'p1' ? 'p2' : 'p1';
    const waiting = render(played, other, <ActionPanel selected={null} onSelect={noop} />);
    expect(intentButtons(waiting)).toEqual([]);
    expect(waiting).toContain(`Waiting for ${actor === 'p1' ? 'Ann' : 'Ben'} (splitting)`);
  });

  it('errata 7.0, 7.6: after a move the player may undo it; the mulligan is offered before any move', () => {
    const beforeMove = playUntil((s) => s.step.kind === 'move');
    const actor = (beforeMove.state.step as { actor: string }).actor;
    const before = intentButtons(render(beforeMove, actor, <ActionPanel selected={null} onSelect={noop} />));
    expect(before).toContain('takeMulligan');
    const afterMove = playUntil(
      (s) => s.step.kind === 'move' && (s.turn?.moves.length ?? 0) > 0,
      (legal) => legal.find((i) => i.type === 'moveLegion') ?? (legal[0] as Intent),
    );
    const after = intentButtons(render(afterMove, actor, <ActionPanel selected={null} onSelect={noop} />));
    expect(after).toContain('undoMove');
    expect(after).toContain('doneMoving');
    expect(after).not.toContain('takeMulligan');
  });

  it('a spectator is told who is acting and offered nothing', () => {
    const played = playUntil((s) => s.step.kind === 'move');
    const markup = render(played, null, <ActionPanel selected={null} onSelect={noop} />);
    expect(intentButtons(markup)).toEqual([]);
    expect(markup).toContain('You are watching');
  });
});

describe('the engagement panel', () => {
  const engaged = (s: GameState) => s.step.kind === 'negotiate';
  // Head for the enemy: prefer a move onto an enemy legion, then the engagement.
  const attack = (legal: readonly Intent[]) =>
    legal.find((i) => i.type === 'moveLegion' && i.entry != null) ??
    legal.find((i) => i.type === 'doneMoving') ??
    (legal[0] as Intent);

  it('2.5.1, 2.5.2, errata 9.3: each engaged player sees the other legion as inspected; a spectator only heights', () => {
    const played = playUntil(engaged, attack);
    const e = played.state.engagement;
    if (e === null) throw new Error('no engagement');
    const defender = played.state.legions[e.defender];
    const forAttacker = render(played, e.attackerOwner, <EngagementPanel />);
    const shown = elements(forAttacker)
      .filter((x) => x.tag === 'li' && x.attrs['data-character'] !== undefined)
      .map((x) => x.attrs['data-character']);
    expect(shown).toEqual(expect.arrayContaining([...(defender?.characters ?? [])]));
    const forSpectator = render(played, null, <EngagementPanel />);
    expect(elements(forSpectator).filter((x) => x.attrs.class === 'unknown').length).toBeGreaterThan(0);
    // 9.2: the defender may flee first (no lord), or make proposals; the attacker meanwhile waits.
    const forDefender = render(played, e.defenderOwner, <ActionPanel selected={null} onSelect={noop} />);
    expect(intentButtons(forDefender)).toContain('noMoreProposals');
  });
});

describe('rejections', () => {
  it('style 6: a rejected intent is shown in the server words with the rule it cites', () => {
    const markup = renderToStaticMarkup(
      <RejectionBanner
        rejection={{
          id: 'x',
          code: 'mustMove',
          message: 'You must move at least one legion.',
          rule: '6.2',
          intent: null,
          atSeq: 0,
        }}
        onDismiss={noop}
      />,
    );
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('You must move at least one legion.');
    expect(markup).toContain('(rule 6.2)');
  });
});
