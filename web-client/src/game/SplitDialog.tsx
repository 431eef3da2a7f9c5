// Splitting a legion (2.1, 4.3): click a character to move it to the next stack. Up to two new legions at
// once (a three-way split), each under a free marker of the player's choice. Whether the split is allowed,
// and why not, is the engine's own check (splitProblem: sizes, markers, the first turn's 4-4 of errata
// 4.1/5.2) over what the player sees of his own legion; the server decides.

import { useId, useState } from 'react';
import type { CharacterName, MarkerId } from '../../../shared/data/types';
import { type IntentOf, isFirstTurn, type LegionView, splitProblem } from '../../../shared/engine/index';
import { Dialog } from '../ui/Dialog';
import { legionName } from './describe';
import { legalOf, useTable } from './table';

export function SplitDialog(props: {
  legion: LegionView;
  onSplit: (intent: IntentOf<'split'>) => void;
  onClose: () => void;
}) {
  const { view, me, legal } = useTable();
  const characters = props.legion.characters ?? [];
  const [stackOf, setStackOf] = useState<number[]>(() => characters.map(() => 0));
  const [threeWay, setThreeWay] = useState(false);
  const ids = useId();
  const free = view.players.find((p) => p.id === me)?.markersAvailable ?? [];
  const [markers, setMarkers] = useState<[MarkerId, MarkerId]>([free[0] ?? '', free[1] ?? '']);
  const stacks = threeWay ? 3 : 2;
  const group = (s: number): CharacterName[] => characters.filter((_, i) => stackOf[i] === s);
  // The new legions: each non-empty new stack under the marker chosen for that stack.
  const newStacks = (threeWay ? [1, 2] : [1]).filter((s) => group(s).length > 0);
  const groups = newStacks.map(group);
  const chosenMarkers = newStacks.map((s) => markers[s - 1] ?? '');
  const intent: IntentOf<'split'> = {
    type: 'split',
    legion: props.legion.marker,
    groups: newStacks.map((s, i) => ({ marker: chosenMarkers[i] as MarkerId, characters: group(s) })),
  };
  const firstTurn = isFirstTurn(view);
  const problem = splitProblem(
    {
      characters,
      markersAvailable: free,
      firstTurn,
      splitsThisTurn: view.turn?.splits.length ?? 0,
    },
    intent,
  );
  const offered = legalOf(legal, 'split').length > 0;
  // Why the Split button is disabled (null: it is enabled).
  const refusal =
    groups.length === 0
      ? 'Move some characters to a new legion.'
      : !offered
        ? 'You cannot split now.'
        : problem === null
          ? null
          : `${problem.message} (${problem.rule})`;
  const titles = [`Stays in ${legionName(props.legion.marker)}`, 'New legion', 'Second new legion'];

  return (
    <Dialog
      title={`Split ${legionName(props.legion.marker)}`}
      onClose={props.onClose}
      className="split-dialog"
    >
      {firstTurn && (
        <p className="hint">
          First turn: split your eight characters 4-4, with one lord (Titan or Angel) in each.
        </p>
      )}
      <p className="hint">Click a character to move it to the next stack.</p>
      <div className="stacks">
        {Array.from({ length: stacks }, (_, s) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stacks are positional
          <div key={s} className="stack" data-stack={s}>
            <h3>
              {titles[s]} ({group(s).length})
            </h3>
            {s > 0 && (
              <label>
                Marker{' '}
                <select
                  value={markers[s - 1]}
                  onChange={(e) => {
                    const next: [MarkerId, MarkerId] = [...markers];
                    next[s - 1] = e.target.value;
                    setMarkers(next);
                  }}
                >
                  {free.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <ul>
              {characters.map((c, i) =>
                stackOf[i] === s ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a legion may hold several of one creature
                  <li key={i}>
                    <button
                      type="button"
                      className="chip"
                      data-character={c}
                      aria-label={`${c}: ${titles[s]}; move to ${titles[(s + 1) % stacks]}`}
                      onClick={() => setStackOf(stackOf.map((x, j) => (j === i ? (x + 1) % stacks : x)))}
                    >
                      {c}
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ))}
      </div>
      {!firstTurn && (
        <label className="check">
          <input
            type="checkbox"
            checked={threeWay}
            onChange={(e) => {
              setThreeWay(e.target.checked);
              if (!e.target.checked) setStackOf(stackOf.map((x) => (x === 2 ? 0 : x)));
            }}
          />{' '}
          Three-way split (two new legions)
        </label>
      )}
      <p className={refusal === null ? 'ok' : 'warn'} role="status" id={`${ids}-status`}>
        {refusal ?? 'This split is allowed.'}
      </p>
      <div className="choices">
        <button
          type="button"
          className="primary"
          disabled={refusal !== null}
          title={refusal ?? undefined}
          aria-describedby={refusal === null ? undefined : `${ids}-status`}
          onClick={() => {
            if (refusal === null) props.onSplit(intent);
          }}
        >
          Split
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
