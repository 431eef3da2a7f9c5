// The battle (10–16): the Battleland with the characters of both legions, the hexes the selected character
// may move to or enter on, its strike and rangestrike targets (with lines of sight), the strike panel (target,
// Strike-number, dice, who could take carried-over damage), the dice of the last strike, and the carry-over
// allocation after a roll. Every choice offered comes from the server's legal intents; the engine's pure
// strikeOptions only adds the carry-over hint.
import { useState } from 'react';
import type { HexLabel } from '../../../shared/data/types';
import {
  type BattleState,
  type EventOf,
  type Intent,
  type IntentOf,
  strikeOptions,
} from '../../../shared/engine/index';
import type { GameClientState } from '../app/gameState';
import { BATTLELAND_BOX, type BattleChit, Battleland, CHIT_SIZE } from '../board/Battleland';
import { ZoomPan } from '../board/ZoomPan';
import { Dice } from '../ui/Die';
import { legionName, nextRoster, type Roster } from './describe';
import { legalOf, useTable } from './table';

type StrikeIntent = IntentOf<'strike'> | IntentOf<'rangestrike'>;

export function BattleArea() {
  const { view, legal, send, busy, colorOf, state } = useTable();
  const battle = view.battle as BattleState;
  const engagement = view.engagement;
  const [selected, setSelected] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);

  const ownerOfSide = (side: 'attacker' | 'defender') =>
    engagement === null ? null : side === 'attacker' ? engagement.attackerOwner : engagement.defenderOwner;
  const chits: BattleChit[] = battle.characters.map((c) => {
    const owner = ownerOfSide(c.side);
    return {
      id: c.id,
      side: c.side,
      type: c.type,
      power: c.power,
      hex: c.hex,
      hits: c.hits,
      color: owner === null ? null : colorOf(owner),
    };
  });

  const moves = legalOf(legal, 'moveCharacter').filter((m) => m.character === selected);
  const strikes: StrikeIntent[] = [...legalOf(legal, 'strike'), ...legalOf(legal, 'rangestrike')].filter(
    (s) => s.striker === selected,
  );
  const targets = [...new Set(strikes.map((s) => s.target))];
  const hexOf = (id: string) => battle.characters.find((c) => c.id === id)?.hex ?? null;
  const lines = legalOf(legal, 'rangestrike')
    .filter((s) => s.striker === selected)
    .flatMap((s) => {
      const from = hexOf(s.striker);
      const to = hexOf(s.target);
      return from !== null && to !== null ? [{ from, to }] : [];
    });
  const actors = new Set([
    ...legalOf(legal, 'moveCharacter').map((m) => m.character),
    ...legalOf(legal, 'strike').map((s) => s.striker),
    ...legalOf(legal, 'rangestrike').map((s) => s.striker),
  ]);

  const onCharacterClick = (id: string) => {
    if (selected !== null && targets.includes(id)) {
      setTarget(id);
      return;
    }
    setSelected(id === selected ? null : id);
    setTarget(null);
  };
  const onHexClick = (hex: HexLabel) => {
    const move = moves.find((m) => m.hex === hex);
    if (move !== undefined) {
      send(move);
      setSelected(null);
      return;
    }
    const there = battle.characters.find((c) => c.hex === hex);
    if (there !== undefined) onCharacterClick(there.id);
  };

  const lastRoll = lastStrike(state.events.map((e) => e.event));
  return (
    <div className="battle-area">
      <BattleHeader battle={battle} />
      <div className="battle-panels">
        {actors.size > 0 && (
          <p className="hint">
            May act:{' '}
            {[...actors].map((id) => (
              <CharacterButton
                key={id}
                id={id}
                battle={battle}
                onClick={() => onCharacterClick(id)}
                active={id === selected}
              />
            ))}
          </p>
        )}
        {selected !== null && target !== null && (
          <StrikePanel
            battle={battle}
            options={strikes.filter((s) => s.target === target)}
            busy={busy}
            onStrike={(intent) => {
              send(intent);
              setTarget(null);
              setSelected(null);
            }}
            onCancel={() => setTarget(null)}
          />
        )}
        {selected !== null && target === null && targets.length > 0 && (
          <p className="hint">
            Now choose a target (dashed red): {targets.map((id) => characterWords(battle, id)).join(', ')}.
          </p>
        )}
        <CarryOverPanel
          battle={battle}
          roll={lastRoll?.event ?? null}
          options={legalOf(legal, 'assignCarryOver')}
          busy={busy}
          onAssign={send}
        />
        {lastRoll !== null && <LastRoll event={lastRoll.event} roster={lastRoll.roster} />}
      </div>
      <ZoomPan box={BATTLELAND_BOX} target={CHIT_SIZE.waiting} label="Battleland">
        <Battleland
          terrain={battle.terrain}
          trees={battle.trees}
          attackerEntry={battle.attackerEntry}
          round={battle.round}
          characters={chits}
          legalHexes={moves.map((m) => m.hex)}
          targets={targets}
          selected={selected}
          lines={lines}
          onHexClick={onHexClick}
          onCharacterClick={onCharacterClick}
        />
      </ZoomPan>
    </div>
  );
}

function BattleHeader({ battle }: { battle: BattleState }) {
  const { view, name } = useTable();
  const e = view.engagement;
  return (
    <p className="battle-header">
      Battle in {battle.terrain} ({battle.land}), turn {battle.round} of 7:{' '}
      {e !== null && (
        <>
          <strong>{legionName(e.attacker)}</strong> ({name(e.attackerOwner)}, attacking from the{' '}
          {battle.attackerEntry}) against <strong>{legionName(e.defender)}</strong> ({name(e.defenderOwner)}).{' '}
        </>
      )}
      The {battle.phasing} is phasing.
    </p>
  );
}

function CharacterButton(props: { id: string; battle: BattleState; active: boolean; onClick: () => void }) {
  const c = props.battle.characters.find((x) => x.id === props.id);
  return (
    <button
      type="button"
      className={`chip${props.active ? ' active' : ''}`}
      data-character-id={props.id}
      onClick={props.onClick}
    >
      {c?.type ?? props.id}
      {c?.hex ? ` ${c.hex}` : ' (to enter)'}
    </button>
  );
}

/** The strike options against one target: Strike-number and dice (12.2–12.5, 13.x); who could take carry-over. */
function StrikePanel(props: {
  battle: BattleState;
  options: readonly StrikeIntent[];
  busy: boolean;
  onStrike: (intent: Intent) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState(0);
  const first = props.options[0];
  if (first === undefined) return null;
  const typeOf = (id: string) => props.battle.characters.find((c) => c.id === id)?.type ?? id;
  const position = {
    terrain: props.battle.terrain,
    attackerEntry: props.battle.attackerEntry,
    characters: props.battle.characters,
  };
  const hints = first.type === 'strike' ? strikeOptions(position, first.striker) : [];
  const carryTo = (o: StrikeIntent) =>
    hints.find((h) => h.target === o.target && h.strikeNumber === o.strikeNumber && h.dice === o.dice)
      ?.carryTo ?? [];
  const option = props.options[chosen] ?? first;
  return (
    <section className="strike-panel" aria-label="Strike">
      <h3>
        {typeOf(first.striker)} {first.type === 'rangestrike' ? 'rangestrikes' : 'strikes'}{' '}
        {typeOf(first.target)}
      </h3>
      <fieldset>
        <legend>Strike-number and dice</legend>
        {props.options.map((o, i) => {
          const carry = carryTo(o);
          return (
            <label key={`${o.type}-${o.strikeNumber}-${o.dice}`} className="check">
              <input type="radio" name="strike-option" checked={i === chosen} onChange={() => setChosen(i)} />
              {` ${o.dice} dice, hitting on ${o.strikeNumber}+`}
              {carry.length > 0 ? ` — excess hits may carry over to ${carry.map(typeOf).join(', ')}` : ''}
              {o.type === 'rangestrike' ? ' (rangestrike)' : ''}
            </label>
          );
        })}
      </fieldset>
      <div className="choices">
        <button
          type="button"
          className="primary"
          // biome-ignore lint/a11y/noAutofocus: the panel appears on the player's own click; the roll is next
          autoFocus
          disabled={props.busy}
          data-intent={option.type}
          onClick={() => props.onStrike(option)}
        >
          Roll {option.dice} {option.dice === 1 ? 'die' : 'dice'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** Errata 12.4: after the roll, the striker allocates the excess hits among the characters allowed. */
function CarryOverPanel(props: {
  battle: BattleState;
  /** The last roll event: the strike whose excess hits are allocated, with the server's count of hits. */
  roll: RollEvent | null;
  options: readonly IntentOf<'assignCarryOver'>[];
  busy: boolean;
  onAssign: (intent: Intent) => void;
}) {
  const pending = props.battle.pendingCarryOver;
  if (props.options.length === 0 && pending === null) return null;
  const typeOf = (id: string) => characterWords(props.battle, id);
  const roll = props.roll;
  // The strike being allocated is the last one rolled (errata 12.4: the allocation follows the roll at once).
  const hits =
    pending !== null &&
    roll?.type === 'strikeRolled' &&
    roll.striker === pending.striker &&
    roll.rolls.join() === pending.rolls.join()
      ? roll.hits
      : undefined;
  return (
    <section className="carry-over" aria-label="Carry-over">
      <h3>Carry-over</h3>
      {pending !== null && (
        <p>
          {typeOf(pending.striker)} rolled <Dice rolls={pending.rolls} hits={hits} label="Strike roll" />{' '}
          against {typeOf(pending.option.target)} ({pending.option.strikeNumber}+)
          {hits === undefined ? '' : `: ${hits} hit${hits === 1 ? '' : 's'}`}; excess hits may carry over.
        </p>
      )}
      <div className="choices">
        {props.options.map((o, i) => (
          <button
            key={o.targets.join() || 'none'}
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the allocation is the one thing the player must do now
            autoFocus={i === 0}
            disabled={props.busy}
            data-intent="assignCarryOver"
            data-targets={o.targets.join(' ')}
            onClick={() => props.onAssign(o)}
          >
            {o.targets.length === 0
              ? 'Carry nothing over'
              : `Carry over to ${o.targets.map(typeOf).join(', then ')}`}
          </button>
        ))}
      </div>
    </section>
  );
}

type RollEvent = EventOf<'strikeRolled'> | EventOf<'rangestrikeRolled'>;

/** A character in words: its type and where it stands (ids are for the machine). */
export function characterWords(battle: BattleState, id: string): string {
  const c = battle.characters.find((x) => x.id === id);
  return c === undefined ? id : `${c.type} (${c.hex ?? 'off board'})`;
}

/** The battle's last strike or rangestrike, with the history's roster at that moment (a slain character has left
 *  the board, and is still named by its creature). */
function lastStrike(
  events: readonly GameClientState['events'][number]['event'][],
): { readonly event: RollEvent; readonly roster: Roster } | null {
  let roster: Roster = new Map();
  let last: { event: RollEvent; roster: Roster } | null = null;
  for (const e of events) {
    roster = nextRoster(roster, e);
    if (e.type === 'battleStarted') last = null;
    if (e.type === 'strikeRolled' || e.type === 'rangestrikeRolled') last = { event: e, roster };
  }
  return last;
}

function LastRoll({ event, roster }: { event: RollEvent; roster: Roster }) {
  const typeOf = (id: string) => roster.get(id)?.type ?? 'a character';
  const target = event.type === 'strikeRolled' ? event.option.target : event.target;
  const sn = event.type === 'strikeRolled' ? event.option.strikeNumber : event.strikeNumber;
  return (
    <section className="last-roll" aria-label="Last roll" aria-live="polite">
      <h3>Last roll</h3>
      <p>
        {typeOf(event.striker)} → {typeOf(target)} ({sn}+):{' '}
        <Dice rolls={event.rolls} hits={event.hits} label="Strike roll" />{' '}
        <strong>
          {event.hits} hit{event.hits === 1 ? '' : 's'}
        </strong>
      </p>
    </section>
  );
}
