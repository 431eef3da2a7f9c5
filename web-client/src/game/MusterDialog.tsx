// Mustering (18.x): the recruit options the server lists for this legion, each with the characters it must
// reveal (the minimal reveals, 18.4); the player picks one.

import { useState } from 'react';
import type { IntentOf } from '../../../shared/engine/index';
import { Dialog } from '../ui/Dialog';
import { legionName } from './describe';

export function musterWords(i: { creature: string; reveal: readonly string[] }): string {
  return `${i.creature}${i.reveal.length === 0 ? ' (nothing to reveal)' : ` — reveal ${i.reveal.join(', ')}`}`;
}

export function MusterDialog(props: {
  legion: string;
  options: readonly IntentOf<'muster'>[];
  onMuster: (intent: IntentOf<'muster'>) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(0);
  const option = props.options[chosen];
  return (
    <Dialog title={`Muster in ${legionName(props.legion)}`} onClose={props.onClose}>
      <fieldset className="options">
        <legend>Recruit</legend>
        {props.options.map((o, i) => (
          <label key={`${o.creature}-${o.reveal.join()}`} className="check">
            <input type="radio" name="muster" checked={i === chosen} onChange={() => setChosen(i)} />{' '}
            {musterWords(o)}
          </label>
        ))}
      </fieldset>
      <div className="choices">
        <button
          type="button"
          className="primary"
          disabled={option === undefined}
          onClick={() => option && props.onMuster(option)}
        >
          Muster
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
