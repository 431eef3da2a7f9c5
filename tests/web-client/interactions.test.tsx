// @vitest-environment happy-dom
// The game table's controls, clicked in a DOM: each sends the intent the player built, from fixtures that are
// real engine positions (a game played with decide/evolve and seeded dice, tests/web-client/fixtures.tsx).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CharacterName, MarkerId } from '../../shared/data/types';
import { legalIntents } from '../../shared/engine/index';
import type { Intent, IntentOf, Proposal } from '../../shared/engine/intents';
import type { BattleState, Dice, GameState } from '../../shared/engine/types';
import { ActionPanel } from '../../web-client/src/game/ActionPanel';
import { BattleArea, characterWords } from '../../web-client/src/game/BattleArea';
import { legionName, passLabel } from '../../web-client/src/game/describe';
import { EngagementPanel } from '../../web-client/src/game/EngagementPanel';
import {
  legionMoveOptions,
  MoveChooser,
  type MoveOption,
  moveIntent,
} from '../../web-client/src/game/MoveChooser';
import { actorOf, type Played, play, playUntil, renderAt } from './fixtures';

afterEach(cleanup);

const noop = () => undefined;
const sixes: Dice = { roll: (n) => Array.from({ length: n }, () => 6) };
const sorted = <T extends string>(cs: readonly T[]): T[] => [...cs].sort();

function legionsOf(state: GameState, player: string) {
  return Object.values(state.legions).filter((l) => l.owner === player);
}

function dialogNamed(name: string): HTMLElement {
  return screen.getByRole('dialog', { name });
}

/** In the split dialog, clicks each named character once (in the stack it is in now, moving it to the next). */
function clickCharacters(dialog: HTMLElement, names: readonly CharacterName[], stack = 0): void {
  for (const c of names) {
    const button = dialog.querySelector<HTMLButtonElement>(
      `.stack[data-stack="${stack}"] button[data-character="${c}"]`,
    );
    if (button === null) throw new Error(`${c} is not in stack ${stack}`);
    fireEvent.click(button);
  }
}

const splitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Split' }) as HTMLButtonElement;

describe('the split dialog (2.1, 4.3)', () => {
  const firstSplit = playUntil((s) => s.step.kind === 'split');
  const actor = actorOf(firstSplit.state);
  const [start] = legionsOf(firstSplit.state, actor);
  if (start === undefined) throw new Error('no legion');

  function openSplit(played: Played, legion: MarkerId) {
    const rendered = renderAt(played, actorOf(played.state), <ActionPanel selected={null} onSelect={noop} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Split ${legionName(legion)} `) }));
    return { ...rendered, dialog: dialogNamed(`Split ${legionName(legion)}`) };
  }

  it('errata 4.1/5.2: a 4-4 first split with a lord in each legion is sent as built, and the engine takes it', () => {
    const { dialog, send } = openSplit(firstSplit, start.id);
    expect(splitButton(dialog).disabled).toBe(true);
    clickCharacters(dialog, ['Angel', 'Ogre', 'Centaur', 'Gargoyle']);
    expect(within(dialog).getByRole('status').textContent).toBe('This split is allowed.');
    fireEvent.click(splitButton(dialog));
    expect(send).toHaveBeenCalledTimes(1);
    const intent = send.mock.calls[0]?.[0] as IntentOf<'split'>;
    const free = firstSplit.state.players.find((p) => p.id === actor)?.markersAvailable ?? [];
    expect(intent.legion).toBe(start.id);
    expect(intent.groups).toHaveLength(1);
    expect(intent.groups[0]?.marker).toBe(free[0]);
    expect(sorted(intent.groups[0]?.characters ?? [])).toEqual(
      sorted(['Angel', 'Ogre', 'Centaur', 'Gargoyle']),
    );
    const after = play(firstSplit, intent);
    expect(after.events.some((e) => e.type === 'legionSplit')).toBe(true);
    // The dialog closed once the split was sent.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('errata 4.1/5.2: Split is disabled, with the reason, for a first split that is not 4-4 with a lord each', () => {
    const { dialog, send } = openSplit(firstSplit, start.id);
    // Both lords in one legion.
    clickCharacters(dialog, ['Titan', 'Angel', 'Ogre', 'Centaur']);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'On your first turn you must split your eight characters 4-4, with exactly one lord (your Titan or your Angel) in each legion. (Complete Sequence 2.1, errata 4.1/5.2, 5.2)',
    );
    expect(splitButton(dialog).disabled).toBe(true);
    expect(splitButton(dialog).getAttribute('aria-describedby')).toBe(
      within(dialog).getByRole('status').getAttribute('id'),
    );
    fireEvent.click(splitButton(dialog));
    expect(send).not.toHaveBeenCalled();
  });

  it('4.3: a three-way split takes two distinct markers; the same marker twice is refused', () => {
    // Seeded game: by his third turn the player has a legion of six (Angel, three Centaurs, two Gargoyles).
    const later = playUntil((s) => {
      if (s.step.kind !== 'split') return false;
      const who = s.step.actor;
      const turns = s.players.find((p) => p.id === who)?.turnsTaken ?? 0;
      return turns > 1 && legionsOf(s, who).some((l) => l.characters.length >= 6);
    });
    const who = actorOf(later.state);
    const big = legionsOf(later.state, who).find((l) => l.characters.length >= 6);
    if (big === undefined) throw new Error('no legion of six');
    expect(sorted(big.characters)).toEqual(
      sorted(['Angel', 'Centaur', 'Centaur', 'Centaur', 'Gargoyle', 'Gargoyle']),
    );
    const free = later.state.players.find((p) => p.id === who)?.markersAvailable ?? [];
    const { dialog, send } = openSplit(later, big.id);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Three-way split/ }));
    clickCharacters(dialog, ['Centaur', 'Centaur']);
    clickCharacters(dialog, ['Gargoyle', 'Gargoyle']);
    clickCharacters(dialog, ['Gargoyle', 'Gargoyle'], 1);
    expect(within(dialog).getByRole('status').textContent).toBe('This split is allowed.');
    const [first, second] = within(dialog).getAllByRole('combobox') as HTMLSelectElement[];
    if (first === undefined || second === undefined) throw new Error('two marker choices');
    expect([first.value, second.value]).toEqual([free[0], free[1]]);

    fireEvent.change(second, { target: { value: first.value } });
    expect(splitButton(dialog).disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(
      `Each new legion needs a different free legion marker of yours; ${first.value} is not one. (4.2, 4.6)`,
    );
    fireEvent.click(splitButton(dialog));
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(second, { target: { value: free[2] } });
    expect(splitButton(dialog).disabled).toBe(false);
    fireEvent.click(splitButton(dialog));
    const intent = send.mock.calls[0]?.[0] as IntentOf<'split'>;
    expect(intent).toEqual({
      type: 'split',
      legion: big.id,
      groups: [
        { marker: free[0], characters: ['Centaur', 'Centaur'] },
        { marker: free[2], characters: ['Gargoyle', 'Gargoyle'] },
      ],
    });
    const after = play(later, intent);
    expect(Object.keys(after.state.legions)).toEqual(expect.arrayContaining([free[0], free[2]]));
  });

  it('Escape closes the dialog without sending anything', () => {
    const { dialog, send } = openSplit(firstSplit, start.id);
    fireEvent.keyDown(within(dialog).getAllByRole('button')[0] as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the move chooser: a Tower Teleport may reveal any of the legion’s Lords (8.1)', () => {
  // The first turn's move step, with a 6 (the mulligan rolls it if the first roll was not one). Then the
  // Angel and an Ogre change legions, so the legion in the Tower holds both the Titan and the Angel — a
  // position the first turn cannot reach by itself (errata 4.1), set up here for the chooser.
  function twoLords(): { played: Played; legion: MarkerId } {
    let played = playUntil((s) => s.step.kind === 'move');
    if (played.state.turn?.movementRoll !== 6) played = play(played, { type: 'takeMulligan' }, sixes);
    expect(played.state.turn?.movementRoll).toBe(6);
    const actor = actorOf(played.state);
    const [a, b] = legionsOf(played.state, actor);
    if (a === undefined || b === undefined) throw new Error('two legions');
    const titans = a.characters.includes('Titan') ? a : b;
    const angels = titans === a ? b : a;
    // The Titan's legion gives one of its other characters for the Angel.
    const given = titans.characters.find((c) => c !== 'Titan') as CharacterName;
    const swap = (cs: readonly CharacterName[], out: CharacterName, into: CharacterName) => {
      const i = cs.indexOf(out);
      return [...cs.slice(0, i), into, ...cs.slice(i + 1)];
    };
    const state: GameState = {
      ...played.state,
      legions: {
        ...played.state.legions,
        [titans.id]: { ...titans, characters: swap(titans.characters, given, 'Angel') },
        [angels.id]: { ...angels, characters: swap(angels.characters, 'Angel', given) },
      },
    };
    return { played: { state, events: played.events }, legion: titans.id };
  }

  it('offers one choice per Lord, with distinct keys, each sending its own reveal; the engine reveals that Lord', () => {
    const { played, legion } = twoLords();
    const actor = actorOf(played.state);
    const legal = legalIntents(played.state, actor);
    const options = legionMoveOptions(legal, legion);
    const teleport = options.find((m) => m.via === 'towerTeleport');
    if (teleport === undefined) throw new Error('no tower teleport');
    const here = options.filter((m) => m.land === teleport.land);
    expect(here.filter((m) => m.via === 'towerTeleport')).toHaveLength(2);

    const errors = vi.spyOn(console, 'error').mockImplementation(noop);
    const chosen = vi.fn<(m: MoveOption) => void>();
    const characters = played.state.legions[legion]?.characters ?? [];
    render(
      <MoveChooser
        land={teleport.land}
        moves={here}
        characters={characters}
        onChoose={chosen}
        onClose={noop}
      />,
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    const dialog = dialogNamed(`Move to ${teleport.land}`);
    const byAngel = within(dialog).getByRole('button', { name: 'Tower teleport, revealing Angel' });
    const byTitan = within(dialog).getByRole('button', { name: 'Tower teleport, revealing Titan' });
    fireEvent.click(byAngel);
    fireEvent.click(byTitan);
    const intents = chosen.mock.calls.map(([m]) => moveIntent(legion, m));
    // Each is one of the server's legal intents, and they differ.
    for (const intent of intents) expect(legal).toContainEqual(intent);
    expect(intents[0]).not.toEqual(intents[1]);
    const revealed = intents.map((intent) => {
      const after = play(played, intent);
      const moved = after.events.findLast((e) => e.type === 'legionMoved');
      return moved?.type === 'legionMoved' ? moved.revealed : null;
    });
    expect(revealed).toEqual([['Angel'], ['Titan']]);
  });

  it('Escape closes the chooser', () => {
    const onClose = vi.fn();
    render(
      <MoveChooser
        land={100}
        moves={[{ land: 100, via: 'normal', entry: null }]}
        onChoose={noop}
        onClose={onClose}
      />,
    );
    fireEvent.keyDown(dialogNamed('Move to 100'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the proposal builder (9.3)', () => {
  const negotiating = playUntil((s) => s.step.kind === 'negotiate');
  const engagement = negotiating.state.engagement;
  if (engagement === null) throw new Error('no engagement');
  const attacker = negotiating.state.legions[engagement.attacker]?.characters ?? [];
  const defender = negotiating.state.legions[engagement.defender]?.characters ?? [];

  const builder = () => screen.getByText('Make proposals').parentElement as HTMLElement;
  const side = (name: 'Attacker loses' | 'Defender loses') => within(builder()).getByRole('group', { name });
  const addButton = () => within(builder()).getByRole('button', { name: /^Add:/ }) as HTMLButtonElement;

  it('picks each side’s losses, adds them, refuses an empty or repeated proposal, and sends the set', () => {
    const actor = actorOf(negotiating.state);
    const { send } = renderAt(negotiating, actor, <EngagementPanel />);
    // Nothing picked: nothing to add.
    expect(addButton().disabled).toBe(true);
    expect(
      within(builder()).getByText(
        'Not a legal agreement: at least one legion must be wholly eliminated. (errata 9.3)',
      ),
    ).toBeTruthy();

    // The attacker loses everything (one checkbox per character), the defender one character.
    for (const box of within(side('Attacker loses')).getAllByRole('checkbox')) fireEvent.click(box);
    const lost = defender.find((c) => c !== 'Titan') as CharacterName;
    fireEvent.click(
      within(side('Defender loses')).getAllByRole('checkbox', { name: lost })[0] as HTMLElement,
    );
    expect(addButton().disabled).toBe(false);
    fireEvent.click(addButton());
    // The same again is refused.
    expect(addButton().disabled).toBe(true);
    expect(within(builder()).getByText('This proposal is already in the set.')).toBeTruthy();

    // A second proposal: the attacker wholly eliminated, the defender losing nothing.
    fireEvent.click(
      within(side('Defender loses')).getAllByRole('checkbox', { name: lost })[0] as HTMLElement,
    );
    fireEvent.click(addButton());
    fireEvent.click(within(builder()).getByRole('button', { name: 'Send 2 proposals' }));
    expect(send).toHaveBeenCalledTimes(1);
    const intent = send.mock.calls[0]?.[0] as IntentOf<'propose'>;
    expect(intent).toEqual({
      type: 'propose',
      proposals: [
        { attackerLosses: sorted(attacker), defenderLosses: [lost] },
        { attackerLosses: sorted(attacker), defenderLosses: [] },
      ],
    });
    // The engine takes the set as sent.
    expect(play(negotiating, intent).events.some((e) => e.type === 'proposalsMade')).toBe(true);
  });

  it('refuses what is no legal agreement: neither legion wholly eliminated, or a Titan lost alone (errata 9.3)', () => {
    const actor = actorOf(negotiating.state);
    renderAt(negotiating, actor, <EngagementPanel />);
    // One character of each side: neither legion is wholly eliminated.
    const lostA = attacker.find((c) => c !== 'Titan') as CharacterName;
    const lostD = defender.find((c) => c !== 'Titan') as CharacterName;
    fireEvent.click(
      within(side('Attacker loses')).getAllByRole('checkbox', { name: lostA })[0] as HTMLElement,
    );
    fireEvent.click(
      within(side('Defender loses')).getAllByRole('checkbox', { name: lostD })[0] as HTMLElement,
    );
    expect(addButton().disabled).toBe(true);
    expect(
      within(builder()).getByText(
        'Not a legal agreement: at least one legion must be wholly eliminated. (errata 9.3)',
      ),
    ).toBeTruthy();
    // The defender wholly eliminated: a legal agreement.
    for (const box of within(side('Defender loses')).getAllByRole('checkbox'))
      if (!(box as HTMLInputElement).checked) fireEvent.click(box);
    expect(addButton().disabled).toBe(false);
    // The attacker's Titan lost without the rest of his legion: refused.
    if (attacker.includes('Titan')) {
      fireEvent.click(
        within(side('Attacker loses')).getAllByRole('checkbox', { name: 'Titan' })[0] as HTMLElement,
      );
      expect(addButton().disabled).toBe(true);
      expect(
        within(builder()).getByText(
          'Not a legal agreement: a legion that loses its Titan loses all its characters. (errata 9.3)',
        ),
      ).toBeTruthy();
    }
  });

  it('refuses a proposal the player already made, and one the opponent made (accept it instead)', () => {
    const first = actorOf(negotiating.state);
    // The first proposes the attacker wholly eliminated; the other, the defender; the first is to act again.
    const attackerOut: Proposal = { attackerLosses: sorted(attacker), defenderLosses: [] };
    const defenderOut: Proposal = { attackerLosses: [], defenderLosses: sorted(defender) };
    let played = play(negotiating, { type: 'propose', proposals: [attackerOut] });
    expect(actorOf(played.state)).not.toBe(first);
    played = play(played, { type: 'propose', proposals: [defenderOut] });
    expect(actorOf(played.state)).toBe(first);

    const { send } = renderAt(played, first, <EngagementPanel />);
    // The opponent's proposal is offered for acceptance.
    expect(screen.getByRole('button', { name: /^Accept: / })).toBeTruthy();
    // The player's own earlier proposal.
    for (const box of within(side('Attacker loses')).getAllByRole('checkbox')) fireEvent.click(box);
    expect(addButton().disabled).toBe(true);
    expect(
      within(builder()).getByText('A set of proposals must include at least one new proposal. (errata 9.3)'),
    ).toBeTruthy();
    // The opponent's.
    for (const box of within(side('Attacker loses')).getAllByRole('checkbox')) fireEvent.click(box);
    for (const box of within(side('Defender loses')).getAllByRole('checkbox')) fireEvent.click(box);
    expect(addButton().disabled).toBe(true);
    expect(
      within(builder()).getByText(
        'Your opponent already made that proposal: accept it instead of proposing it. (errata 9.3)',
      ),
    ).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the battle panels', () => {
  const striking = (s: GameState) =>
    (s.step.kind === 'strike' || s.step.kind === 'counterstrike') &&
    legalIntents(s, s.step.actor).some((i) => i.type === 'strike');

  it('12.2–12.5: select the striker, then the target (named in words), pick the option and roll', () => {
    const played = playUntil(striking);
    const actor = actorOf(played.state);
    const battle = played.state.battle as BattleState;
    const strike = legalIntents(played.state, actor).find(
      (i): i is IntentOf<'strike'> => i.type === 'strike',
    ) as IntentOf<'strike'>;
    const { container, send } = renderAt(played, actor, <BattleArea />);
    const chit = (id: string) =>
      container.querySelector(`svg.battleland .character[data-id="${id}"]`) as Element;
    fireEvent.click(chit(strike.striker));
    const hint = screen.getByText(/^Now choose a target/);
    expect(hint.textContent).toContain(characterWords(battle, strike.target));
    expect(hint.textContent).not.toContain(strike.target);
    fireEvent.click(chit(strike.target));
    const panel = screen.getByRole('region', { name: 'Strike' });
    fireEvent.click(
      within(panel).getByLabelText(`${strike.dice} dice, hitting on ${strike.strikeNumber}+`, {
        exact: false,
      }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: /^Roll / }));
    expect(send).toHaveBeenCalledWith(strike);
  });

  it('errata 12.4: the carry-over panel shows the server’s hits on the dice and sends the allocation chosen', () => {
    const played = playUntil((s) => s.step.kind === 'carryOver');
    const actor = actorOf(played.state);
    const rolled = played.events.findLast((e) => e.type === 'strikeRolled');
    if (rolled?.type !== 'strikeRolled') throw new Error('no strike rolled');
    const options = legalIntents(played.state, actor).filter(
      (i): i is IntentOf<'assignCarryOver'> => i.type === 'assignCarryOver',
    );
    const carry = options.find((o) => o.targets.length > 0) as IntentOf<'assignCarryOver'>;
    const { send } = renderAt(played, actor, <BattleArea />);
    const panel = screen.getByRole('region', { name: 'Carry-over' });
    expect(panel.querySelectorAll('.die')).toHaveLength(rolled.rolls.length);
    expect(panel.querySelectorAll('.die.hit')).toHaveLength(rolled.hits);
    expect(panel.textContent).toContain(`${rolled.hits} hit`);
    const buttons = within(panel).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-targets'))).toEqual(
      options.map((o) => o.targets.join(' ')),
    );
    fireEvent.click(
      panel.querySelector(`button[data-targets="${carry.targets.join(' ')}"]`) as HTMLButtonElement,
    );
    expect(send).toHaveBeenCalledWith(carry);
  });
});

describe('the action panel’s words', () => {
  it('2.5.6.2: before the battle, "Pass" is "Don\'t concede" and Concede is confirmed as unconditional', () => {
    const played = playUntil((s) => s.step.kind === 'preBattleConcession');
    const { send } = renderAt(played, actorOf(played.state), <ActionPanel selected={null} onSelect={noop} />);
    expect(screen.getByRole('button', { name: "Don't concede" }).getAttribute('data-intent')).toBe('pass');
    fireEvent.click(screen.getByRole('button', { name: 'Concede' }));
    const dialog = dialogNamed('Are you sure?');
    expect(dialog.textContent).toContain('Your legion will be eliminated.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('errata 9.4: conceding instead of maneuvering is only an attempt, and says so', () => {
    const played = playUntil(
      (s) =>
        s.step.kind === 'maneuver' && legalIntents(s, s.step.actor).some((i: Intent) => i.type === 'concede'),
    );
    const { send } = renderAt(played, actorOf(played.state), <ActionPanel selected={null} onSelect={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Attempt to concede' }));
    const dialog = dialogNamed('Are you sure?');
    expect(dialog.textContent).toContain('only an attempt');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, attempt to concede' }));
    expect(send).toHaveBeenCalledWith({ type: 'concede' });
  });

  it('2.5.6.5, 17.x: declining after the battle names what is declined', () => {
    expect(passLabel({ kind: 'postBattleAddition', actor: 'p1', side: 'attacker' })).toBe('No summon');
    expect(passLabel({ kind: 'postBattleAddition', actor: 'p1', side: 'defender' })).toBe('No reinforcement');
    expect(
      passLabel({ kind: 'acquireAngel', actor: 'p1', legion: 'Bu01', archangel: false, later: [] }),
    ).toBe('No angel');
    expect(passLabel({ kind: 'driftConcession', actor: 'p1', side: 'defender' })).toBe("Don't concede");
    expect(passLabel({ kind: 'battleEnding', actor: 'p1', side: 'attacker' })).toBe("Don't concede");
  });
});
