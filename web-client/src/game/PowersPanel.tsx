// Cosmic Encounter Titan (rules 004): the powers drawn for the bidding and each player's power with its text,
// shown to everybody; and, when it is my turn to bid, the sealed bidding form (one bid per power, sent as one
// `bid` intent; the server keeps it from everybody else until the last bid is in).
import { type FormEvent, useState } from 'react';
import { maxBidFor, powerEntry } from '../../../shared/engine/index';
import { powerName } from './describe';
import { legalOf, useTable } from './table';

export function PowersPanel() {
  const { view, name } = useTable();
  const ce = view.ce;
  if (ce === null) return null;
  const holders = new Map(Object.entries(ce.powers).map(([player, id]) => [id, player]));
  return (
    <section className="panel powers" aria-label="Powers">
      <h3>Powers</h3>
      {ce.drawn.length === 0 && <p>The powers are not drawn yet.</p>}
      <ul>
        {ce.drawn.map((id) => {
          const p = powerEntry(id);
          const holder = holders.get(id);
          return (
            <li key={id} data-power={id}>
              <strong>
                {powerName(id)}
                {p.mark === '' ? '' : ` ${p.mark}`}
              </strong>{' '}
              <span className="tag">{p.kinds}</span>
              {holder !== undefined && (
                <span className="sub">
                  {' '}
                  · {name(holder)} (starts at {ce.startScores[holder] ?? 0})
                </span>
              )}
              <details>
                <summary>Text</summary>
                <p className="power-text">{p.text}</p>
              </details>
            </li>
          );
        })}
      </ul>
      {!ce.revealed && ce.drawn.length > 0 && (
        <p className="sub">
          Sealed bids in: {ce.bidders.length === 0 ? 'none yet' : ce.bidders.map(name).join(', ')}.
        </p>
      )}
      {ce.revealed && (
        <table className="bids">
          <thead>
            <tr>
              <th scope="col">Bids</th>
              {ce.drawn.map((id) => (
                <th key={id} scope="col">
                  {powerEntry(id).name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(ce.bids).map(([player, bids]) => (
              <tr key={player}>
                <th scope="row">{name(player)}</th>
                {bids.map((b, i) => (
                  <td key={ce.drawn[i]}>{b}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The sealed bidding form: a whole number from 0 to the maximum for each power drawn. */
export function BidForm() {
  const { view, legal, send, busy } = useTable();
  const drawn = view.ce?.drawn ?? [];
  const [bids, setBids] = useState<number[]>(() => drawn.map(() => 0));
  if (legalOf(legal, 'bid').length === 0) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'bid', bids });
  };
  return (
    <form className="bid-form" onSubmit={submit} aria-label="Sealed bids">
      <p className="hint">
        Bid for each power (0 up to the most shown): the highest bid takes its power, and you start at minus
        your winning bid (a Titan below strength 1 is out). Nobody sees your bids until the last is in.
      </p>
      {drawn.map((id, i) => (
        <label key={id}>
          {powerName(id)} (at most {maxBidFor(id)}){' '}
          <input
            type="number"
            min={0}
            max={maxBidFor(id)}
            step={1}
            name={`bid-${id}`}
            value={bids[i] ?? 0}
            onChange={(e) => {
              const value = Math.max(0, Math.min(maxBidFor(id), Math.floor(Number(e.target.value) || 0)));
              setBids(bids.map((b, j) => (j === i ? value : b)));
            }}
          />
        </label>
      ))}
      <button type="submit" className="primary" disabled={busy} data-intent="bid">
        Seal my bids
      </button>
    </form>
  );
}
