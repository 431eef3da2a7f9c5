// The engagement being resolved (2.5, 9.x): the two legions (what each player saw at the inspection, what is
// known to all), whose move it is, the negotiation (proposals made by each side; building a set of proposals by
// picking each side's losses; accepting one of the opponent's), the losses and the result.
import { useId, useState } from 'react';
import { land } from '../../../shared/data/masterboard';
import type { CharacterName, MarkerId } from '../../../shared/data/types';
import {
  type NegotiationKnowledge,
  normalizeProposal,
  type Proposal,
  proposalsProblem,
  sameProposal,
} from '../../../shared/engine/index';
import { describeProposal, legionName, stepName } from './describe';
import { CharacterList, titanPowerOf } from './LegionPanel';
import { legalOf, useTable } from './table';

export function EngagementPanel() {
  const { view, me, name, legal, send, busy, state } = useTable();
  const e = view.engagement;
  if (e === null) return null;
  const mySide = me === e.attackerOwner ? 'attacker' : me === e.defenderOwner ? 'defender' : null;
  // What this viewer knows of each legion: his own contents, the inspection (2.5.1, 2.5.2), or the public part.
  // In a battle every character on both sides is in sight (the battle's own list: a summoned Angel or a
  // reinforcement is there as soon as it is called in, errata 14.1, 15.1).
  const battle = view.battle;
  const contents = (marker: MarkerId): { characters: readonly CharacterName[]; unknown: number } => {
    if (battle !== null && (marker === e.attacker || marker === e.defender)) {
      const side = marker === e.attacker ? 'attacker' : 'defender';
      return { characters: battle.characters.filter((c) => c.side === side).map((c) => c.type), unknown: 0 };
    }
    const l = view.legions.find((x) => x.marker === marker);
    if (l?.characters != null) return { characters: l.characters, unknown: 0 };
    for (let i = state.events.length - 1; i >= 0; i--) {
      const ev = state.events[i]?.event;
      if (ev?.type === 'legionInspected' && ev.legion === marker && ev.viewer === me) {
        return { characters: ev.characters, unknown: 0 };
      }
    }
    const known = l?.known ?? [];
    return { characters: known, unknown: Math.max(0, (l?.height ?? 0) - known.length) };
  };
  const attacker = contents(e.attacker);
  const defender = contents(e.defender);
  const negotiation = e.negotiation;
  const proposing = legalOf(legal, 'propose').length > 0;
  const accepts = legalOf(legal, 'acceptProposal');
  const actor = view.pending.actor;
  return (
    <section className="panel engagement" aria-label="Engagement">
      <h3>
        Engagement in {land(e.land).terrain} {e.land}
        {mySide !== null ? ` — you are the ${mySide}` : ''}
      </h3>
      <p className="whose">
        {actor === null ? (
          ''
        ) : actor === me ? (
          <strong>Your move ({stepName(view.pending.step)}).</strong>
        ) : (
          `${name(actor)} to act (${stepName(view.pending.step)}).`
        )}
      </p>
      <div className="sides">
        <div data-side="attacker">
          <h4>
            Attacker {legionName(e.attacker)} ({name(e.attackerOwner)}), from the {e.entry}
          </h4>
          <CharacterList
            characters={attacker.characters}
            unknown={attacker.unknown}
            titanPower={titanPowerOf(view, e.attackerOwner)}
            raised={view.ce?.raised}
          />
          {e.attackerLosses.length > 0 && <p>Lost: {e.attackerLosses.join(', ')}</p>}
          <LateArrivals battle={battle} side="attacker" />
        </div>
        <div data-side="defender">
          <h4>
            Defender {legionName(e.defender)} ({name(e.defenderOwner)})
          </h4>
          <CharacterList
            characters={defender.characters}
            unknown={defender.unknown}
            titanPower={titanPowerOf(view, e.defenderOwner)}
            raised={view.ce?.raised}
          />
          {e.defenderLosses.length > 0 && <p>Lost: {e.defenderLosses.join(', ')}</p>}
          <LateArrivals battle={battle} side="defender" />
        </div>
      </div>
      {negotiation !== null && (
        <div className="negotiation">
          <ProposalList title="Attacker's proposals" proposals={negotiation.attackerProposals} />
          <ProposalList title="Defender's proposals" proposals={negotiation.defenderProposals} />
          {negotiation.noMoreProposals !== null && (
            <p>The {negotiation.noMoreProposals} makes no more proposals.</p>
          )}
        </div>
      )}
      {accepts.length > 0 && (
        <div className="choices">
          {accepts.map((a) => (
            <button
              key={JSON.stringify(a.proposal)}
              type="button"
              disabled={busy}
              data-intent="acceptProposal"
              onClick={() => send(a)}
            >
              Accept: {describeProposal(a.proposal)}
            </button>
          ))}
        </div>
      )}
      {proposing && mySide !== null && negotiation !== null && (
        <ProposalBuilder
          side={mySide}
          known={{
            attacker: attacker.characters,
            defender: defender.characters,
            attackerProposals: negotiation.attackerProposals,
            defenderProposals: negotiation.defenderProposals,
          }}
          suggestions={legalOf(legal, 'propose').flatMap((p) => p.proposals)}
          busy={busy}
          onSend={(proposals) => send({ type: 'propose', proposals })}
        />
      )}
      {e.result !== null && (
        <p className="result">
          Result: {e.result.outcome}
          {e.result.winner !== null ? `, the ${e.result.winner} wins` : ''}.
        </p>
      )}
    </section>
  );
}

function ProposalList({ title, proposals }: { title: string; proposals: readonly Proposal[] }) {
  if (proposals.length === 0) return null;
  return (
    <div>
      <h4>{title}</h4>
      <ul>
        {proposals.map((p) => (
          <li key={JSON.stringify(p)}>{describeProposal(p)}</li>
        ))}
      </ul>
    </div>
  );
}

/** 9.3: a proposal names exactly what each legion loses; a player offers a set of them at once. Whether a
 *  proposal may be made is the engine's own check (proposalsProblem, errata 9.3) over what both negotiating
 *  players know: the two legions' contents (the inspection) and the proposals made so far. The builder only
 *  keeps a proposal out of the set that already holds it. The server decides all the same. */
function ProposalBuilder(props: {
  side: 'attacker' | 'defender';
  known: NegotiationKnowledge;
  suggestions: readonly Proposal[];
  busy: boolean;
  onSend: (proposals: Proposal[]) => void;
}) {
  const { attacker, defender } = props.known;
  const [lostA, setLostA] = useState<boolean[]>(() => attacker.map(() => false));
  const [lostD, setLostD] = useState<boolean[]>(() => defender.map(() => false));
  const [set, setSet] = useState<Proposal[]>([]);
  const refusalId = useId();
  const current: Proposal = normalizeProposal({
    attackerLosses: attacker.filter((_, i) => lostA[i]),
    defenderLosses: defender.filter((_, i) => lostD[i]),
  });
  const toggle = (flags: boolean[], i: number) => flags.map((f, j) => (j === i ? !f : f));
  /** Why `p` may not be added to the set, or null. */
  const refusal = (p: Proposal): string | null => {
    if (set.some((q) => sameProposal(p, q))) return 'This proposal is already in the set.';
    const problem = proposalsProblem(props.known, props.side, [p]);
    return problem === null ? null : `${problem.message} (${problem.rule})`;
  };
  const add = (p: Proposal) => {
    if (refusal(p) === null) setSet([...set, normalizeProposal(p)]);
  };
  const currentRefusal = refusal(current);
  return (
    <div className="proposal-builder">
      <h4>Make proposals</h4>
      <p className="hint">
        Pick what each legion loses (at least one legion must be wholly eliminated, and a legion that loses
        its Titan loses everything; errata 9.3), add it, then send the set.
      </p>
      <div className="sides">
        <fieldset>
          <legend>Attacker loses</legend>
          {attacker.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a legion may hold several of one creature
            <label key={i} className="check">
              <input
                type="checkbox"
                checked={lostA[i] ?? false}
                onChange={() => setLostA(toggle(lostA, i))}
              />{' '}
              {c}
            </label>
          ))}
          <button type="button" className="link" onClick={() => setLostA(attacker.map(() => true))}>
            all
          </button>
        </fieldset>
        <fieldset>
          <legend>Defender loses</legend>
          {defender.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a legion may hold several of one creature
            <label key={i} className="check">
              <input
                type="checkbox"
                checked={lostD[i] ?? false}
                onChange={() => setLostD(toggle(lostD, i))}
              />{' '}
              {c}
            </label>
          ))}
          <button type="button" className="link" onClick={() => setLostD(defender.map(() => true))}>
            all
          </button>
        </fieldset>
      </div>
      <div className="choices">
        <button
          type="button"
          disabled={currentRefusal !== null}
          aria-describedby={currentRefusal === null ? undefined : refusalId}
          onClick={() => add(current)}
        >
          Add: {describeProposal(current)}
        </button>
      </div>
      {currentRefusal !== null && (
        <p className="warn" id={refusalId}>
          {currentRefusal}
        </p>
      )}
      {props.suggestions.length > 0 && (
        <details>
          <summary>Suggestions</summary>
          <div className="choices">
            {props.suggestions.map((p) => {
              const why = refusal(p);
              return (
                <button
                  key={JSON.stringify(p)}
                  type="button"
                  disabled={why !== null}
                  title={why ?? undefined}
                  onClick={() => add(p)}
                >
                  {describeProposal(p)}
                  {why === null ? '' : ` (${why})`}
                </button>
              );
            })}
          </div>
        </details>
      )}
      {set.length > 0 && (
        <>
          <ol>
            {set.map((p, i) => (
              <li key={JSON.stringify(p)}>
                {describeProposal(p)}{' '}
                <button type="button" className="link" onClick={() => setSet(set.filter((_, j) => j !== i))}>
                  remove
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="primary"
            disabled={props.busy}
            data-intent="propose"
            onClick={() => {
              props.onSend(set);
              setSet([]);
            }}
          >
            Send {set.length} proposal{set.length === 1 ? '' : 's'}
          </button>
        </>
      )}
    </div>
  );
}

/** CE 39 B3: the Angels and reinforcements announced by a side that arrive in a later battle turn (public). */
function LateArrivals({
  battle,
  side,
}: {
  battle: ReturnType<typeof useTable>['view']['battle'];
  side: 'attacker' | 'defender';
}) {
  const waiting = battle?.lateArrivals.filter((a) => a.side === side) ?? [];
  if (waiting.length === 0) return null;
  return (
    <p className="late-arrivals">
      {waiting.map((a) => `${a.type} arrives in battle turn ${a.round}`).join('; ')}.
    </p>
  );
}
