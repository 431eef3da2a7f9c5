// What I may do now, from the legal intents the server sent me: one button per simple choice, the split and
// muster dialogs, the moves made (to undo), and withdrawing (confirmed first).
import { useState } from 'react';
import type { MarkerId } from '../../../shared/data/types';
import type { Intent, IntentType, LegionView, Step } from '../../../shared/engine/index';
import { Dialog } from '../ui/Dialog';
import { actNames, concessionWords, intentLabel, landName, legionName, stepName } from './describe';
import { MusterDialog } from './MusterDialog';
import { BidForm } from './PowersPanel';
import { SplitDialog } from './SplitDialog';
import { legalOf, useTable } from './table';

/** Intents sent as they are by one button each (the others have their own controls). */
const BUTTON_INTENTS: readonly IntentType[] = [
  'drawPowers',
  'choosePower',
  'usePower',
  'rollTower',
  'chooseColor',
  'rollMovement',
  'takeMulligan',
  'undoMove',
  'doneMoving',
  'chooseEngagement',
  'flee',
  'fight',
  'noMoreProposals',
  'acceptConcession',
  'resetManeuver',
  'doneManeuvering',
  'doneStriking',
  'summon',
  'reinforce',
  'acquireAngel',
  'pass',
  'endTurn',
];

/** Intents asked for twice (they cannot be taken back); a concession's words depend on the step. */
const CONFIRM: Partial<Record<IntentType, string>> = {
  withdraw: 'Withdraw from the game? Your legions leave the board and you are out.',
};

/** What to do now, in words, from the legal intents the server sent (issue 14: a hint never names a step the
 *  player cannot take now). */
export function hintFor(step: Step['kind'], legal: readonly Intent[]): string | null {
  const has = (...types: IntentType[]) => legal.some((i) => types.includes(i.type));
  switch (step) {
    case 'split':
      return has('rollMovement')
        ? 'Split a legion (select it on the board, then Split), or roll for movement.'
        : 'Split your legion: press Split, then choose the characters of the new legion.';
    case 'move':
      if (!has('moveLegion')) return 'No legion can move any further: press Done moving.';
      return has('doneMoving')
        ? 'Select a legion to see where it may go and choose a highlighted land, or press Done moving.'
        : 'Select one of your legions to see where it may go, then choose a highlighted land.';
    case 'chooseEngagement':
      return 'Choose the next engagement: a highlighted land, or its button.';
    case 'muster':
      return has('muster')
        ? 'Muster in the legions that may, then end your turn.'
        : 'No legion can muster: end your turn.';
    case 'maneuver':
      return has('moveCharacter')
        ? 'Select one of your characters, then a highlighted hex.'
        : 'No character can move: press Done maneuvering.';
    case 'strike':
    case 'counterstrike':
      return has('strike', 'rangestrike')
        ? 'Select one of your characters in contact or in range, then a target.'
        : null;
    default:
      return null;
  }
}

export function ActionPanel(props: {
  selected: LegionView | null;
  onSelect: (marker: MarkerId | null) => void;
}) {
  const { view, me, legal, send, busy, name, sync } = useTable();
  const [splitting, setSplitting] = useState<MarkerId | null>(null);
  const [mustering, setMustering] = useState<MarkerId | null>(null);
  const [confirming, setConfirming] = useState<Intent | null>(null);
  const actor = view.pending.actor;

  if (me === null) {
    return (
      <section className="panel actions" aria-label="Actions">
        <p>
          You are watching:{' '}
          {actor === null ? 'the game is over.' : `${name(actor)} is ${stepName(view.pending.step)}.`}
        </p>
      </section>
    );
  }
  // An eliminated player stays at the table as a spectator of the rest of the game (issue 14).
  if (view.result === null && view.players.find((p) => p.id === me)?.eliminated === true) {
    return (
      <section className="panel actions eliminated" aria-label="Actions">
        <p>
          You are out of the game, and you can keep watching it here:{' '}
          {actor === null ? 'the game is over.' : `${name(actor)} is ${stepName(view.pending.step)}.`}
        </p>
      </section>
    );
  }
  if (actor !== me || legal.length === 0) {
    return (
      <section className="panel actions" aria-label="Actions">
        <p>
          {actor === null
            ? 'The game is over.'
            : actor === me
              ? 'Waiting for the server…'
              : `Waiting for ${name(actor)} (${stepName(view.pending.step)}).`}
        </p>
        {actor === me && !busy && (
          <button type="button" onClick={sync}>
            Refresh
          </button>
        )}
        {legalOf(legal, 'withdraw').length > 0 && (
          <WithdrawButton onClick={() => setConfirming({ type: 'withdraw' })} />
        )}
      </section>
    );
  }

  const buttons = legal.filter((i) => BUTTON_INTENTS.includes(i.type));
  const splitLegions = [...new Set(legalOf(legal, 'split').map((i) => i.legion))];
  const musterLegions = [...new Set(legalOf(legal, 'muster').map((i) => i.legion))];
  const concede = legalOf(legal, 'concede')[0];
  const withdraw = legalOf(legal, 'withdraw')[0];
  const legionOf = (marker: MarkerId) => view.legions.find((l) => l.marker === marker);
  const names = actNames(name, view.battle);
  // A power's decision: its question (ce/power.ts).
  const hint = view.step.kind === 'powerDecision' ? view.step.question : hintFor(view.pending.step, legal);

  return (
    <section className="panel actions" aria-label="Actions">
      <h3>Your move: {stepName(view.pending.step)}</h3>
      {hint !== null && <p className="hint">{hint}</p>}
      <BidForm />
      {splitLegions.length > 0 && (
        <div className="group">
          {splitLegions.map((m) => (
            <button
              key={m}
              type="button"
              disabled={busy}
              onClick={() => setSplitting(m)}
              data-intent="split"
              data-legion={m}
            >
              Split {legionName(m)} ({legionOf(m)?.height ?? '?'}) in{' '}
              {legionOf(m) === undefined ? '' : landName((legionOf(m) as LegionView).land)}
            </button>
          ))}
        </div>
      )}
      {musterLegions.length > 0 && (
        <div className="group">
          {musterLegions.map((m) => {
            const l = legionOf(m);
            return (
              <button
                key={m}
                type="button"
                disabled={busy}
                onClick={() => setMustering(m)}
                data-intent="muster"
                data-legion={m}
              >
                Muster in {legionName(m)}
                {l !== undefined ? ` (${landName(l.land)})` : ''}
              </button>
            );
          })}
        </div>
      )}
      <div className="group">
        {buttons.map((intent) => (
          <button
            key={JSON.stringify(intent)}
            type="button"
            className={
              intent.type === 'endTurn' || intent.type === 'doneMoving' || intent.type === 'rollMovement'
                ? 'primary'
                : ''
            }
            disabled={busy}
            data-intent={intent.type}
            onClick={() => send(intent)}
          >
            {intentLabel(intent, view.step, names)}
          </button>
        ))}
        {concede !== undefined && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            data-intent="concede"
            onClick={() => setConfirming(concede)}
          >
            {concessionWords(view.step).label}
          </button>
        )}
      </div>
      {withdraw !== undefined && <WithdrawButton onClick={() => setConfirming(withdraw)} />}
      {splitting !== null && legionOf(splitting) !== undefined && (
        <SplitDialog
          legion={legionOf(splitting) as LegionView}
          onClose={() => setSplitting(null)}
          onSplit={(intent) => {
            send(intent);
            setSplitting(null);
            props.onSelect(null);
          }}
        />
      )}
      {mustering !== null && (
        <MusterDialog
          legion={mustering}
          options={legalOf(legal, 'muster').filter((i) => i.legion === mustering)}
          onClose={() => setMustering(null)}
          onMuster={(intent) => {
            send(intent);
            setMustering(null);
          }}
        />
      )}
      {confirming !== null && (
        <Dialog title="Are you sure?" onClose={() => setConfirming(null)}>
          <p>
            {confirming.type === 'concede'
              ? concessionWords(view.step).confirm
              : (CONFIRM[confirming.type] ?? intentLabel(confirming, view.step, names))}
          </p>
          <div className="choices">
            <button
              type="button"
              className="danger"
              onClick={() => {
                send(confirming);
                setConfirming(null);
              }}
            >
              Yes, {intentLabel(confirming, view.step, names).toLowerCase()}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              No
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function WithdrawButton({ onClick }: { onClick: () => void }) {
  return (
    <details className="withdraw">
      <summary>Leave the game…</summary>
      <button type="button" className="danger" data-intent="withdraw" onClick={onClick}>
        Withdraw from the game
      </button>
    </details>
  );
}
