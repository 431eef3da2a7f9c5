// Negotiation (9.3, errata 9.3/9.5; Complete Sequence 2.5.4–2.5.5.1): secret between the two players, the
// defender first. Each action is a set of proposals (at least one new to the proposer, none the opponent already
// made), accepting one of the opponent's earlier proposals, conceding, or declaring no more proposals; after such
// a declaration the other accepts, concedes or fights. A proposal names exactly which characters each legion
// loses; at least one legion is wholly eliminated; losing the Titan means losing the whole legion (errata 9.3).
import type { CharacterName } from '../data/types';
import type { BattleSide } from './battle/position';
import { opponent } from './battle/position';
import { startBattle } from './battle/sequence';
import { countOf, isSubMultiset, sameCharacters, sortCharacters, subMultisets } from './contents';
import { legionOfSide, ownerOfSide, requireEngagement, sideOfPlayer } from './engagementState';
import type { Decision } from './events';
import { andThen } from './evolve';
import type { Intent, IntentOf, Proposal } from './intents';
import { reject, rejection } from './rejections';
import { afterDecision } from './resolution';
import type { GameState, PlayerId, Rejection } from './types';

/** A proposal with each list of losses sorted, so equal proposals compare equal. */
export function normalizeProposal(p: Proposal): Proposal {
  return {
    attackerLosses: sortCharacters(p.attackerLosses),
    defenderLosses: sortCharacters(p.defenderLosses),
  };
}

export function sameProposal(a: Proposal, b: Proposal): boolean {
  return (
    sameCharacters(a.attackerLosses, b.attackerLosses) && sameCharacters(a.defenderLosses, b.defenderLosses)
  );
}

function legionCharacters(state: GameState, side: BattleSide): readonly CharacterName[] {
  return state.legions[legionOfSide(requireEngagement(state), side)]?.characters ?? [];
}

/** What the two negotiating players know (2.5.1, 2.5.2, errata 9.3): both legions' contents, from the
 *  inspection, and the proposals each side has made so far. */
export interface NegotiationKnowledge {
  readonly attacker: readonly CharacterName[];
  readonly defender: readonly CharacterName[];
  readonly attackerProposals: readonly Proposal[];
  readonly defenderProposals: readonly Proposal[];
}

function knowledgeOf(state: GameState): NegotiationKnowledge {
  const n = requireEngagement(state).negotiation;
  return {
    attacker: legionCharacters(state, 'attacker'),
    defender: legionCharacters(state, 'defender'),
    attackerProposals: n.attackerProposals,
    defenderProposals: n.defenderProposals,
  };
}

/** Errata 9.3: why a proposal is not a legal agreement between legions of these contents, or null. */
function agreementProblem(
  attacker: readonly CharacterName[],
  defender: readonly CharacterName[],
  p: Proposal,
): string | null {
  if (!isSubMultiset(p.attackerLosses, attacker) || !isSubMultiset(p.defenderLosses, defender)) {
    return 'a proposal may only name characters present in the two legions';
  }
  const attackerGone = sameCharacters(p.attackerLosses, attacker);
  const defenderGone = sameCharacters(p.defenderLosses, defender);
  if (!attackerGone && !defenderGone) return 'at least one legion must be wholly eliminated';
  if (countOf(p.attackerLosses, 'Titan') > 0 && !attackerGone) {
    return 'a legion that loses its Titan loses all its characters';
  }
  if (countOf(p.defenderLosses, 'Titan') > 0 && !defenderGone) {
    return 'a legion that loses its Titan loses all its characters';
  }
  return null;
}

const proposalsOf = (known: NegotiationKnowledge, side: BattleSide): readonly Proposal[] =>
  side === 'attacker' ? known.attackerProposals : known.defenderProposals;

/**
 * Errata 9.3, 2.5.4.1–2: why `side` may not make this set of proposals, or null. The one check of a set of
 * proposals: `decide` applies it, and a negotiating player may ask it before he sends (he knows all it reads).
 */
export function proposalsProblem(
  known: NegotiationKnowledge,
  side: BattleSide,
  proposals: readonly Proposal[],
): Rejection | null {
  for (const p of proposals) {
    const problem = agreementProblem(known.attacker, known.defender, p);
    if (problem !== null)
      return rejection('illegalProposal', `Not a legal agreement: ${problem}.`, 'errata 9.3');
    if (proposalsOf(known, opponent(side)).some((q) => sameProposal(p, q))) {
      return rejection(
        'illegalProposal',
        'Your opponent already made that proposal: accept it instead of proposing it.',
        'errata 9.3',
      );
    }
  }
  const own = proposalsOf(known, side);
  if (!proposals.some((p) => !own.some((q) => sameProposal(p, q)))) {
    return rejection(
      'illegalProposal',
      'A set of proposals must include at least one new proposal.',
      'errata 9.3',
    );
  }
  return null;
}

/** 2.5.4: `player` makes a set of proposals; the other player acts next. */
export function decidePropose(state: GameState, player: PlayerId, intent: IntentOf<'propose'>): Decision {
  const engagement = requireEngagement(state);
  const side = sideOfPlayer(engagement, player) as BattleSide;
  const problem = proposalsProblem(knowledgeOf(state), side, intent.proposals);
  if (problem !== null) return { rejected: problem };
  const unique: Proposal[] = [];
  for (const p of intent.proposals.map(normalizeProposal)) {
    if (!unique.some((q) => sameProposal(p, q))) unique.push(p);
  }
  const other = opponent(side);
  const opponentId = ownerOfSide(engagement, other);
  return {
    events: [
      { type: 'proposalsMade', player, opponent: opponentId, side, proposals: unique },
      { type: 'stepBegan', step: { kind: 'negotiate', actor: opponentId, opponent: player } },
    ],
  };
}

/** 2.5.4, 2.5.5, 9.3: `player` accepts one of his opponent's proposals; the agreement binds (errata 9.3). */
export function decideAcceptProposal(
  state: GameState,
  player: PlayerId,
  intent: IntentOf<'acceptProposal'>,
): Decision {
  const side = sideOfPlayer(requireEngagement(state), player) as BattleSide;
  const made = proposalsOf(knowledgeOf(state), opponent(side)).find((q) => sameProposal(q, intent.proposal));
  if (made === undefined) {
    return reject('illegalProposal', 'You may only accept a proposal your opponent has made.', 'errata 9.3');
  }
  return {
    events: andThen(state, [{ type: 'proposalAccepted', player, side, proposal: made }], afterDecision),
  };
}

/** 2.5.4, 2.5.5: `player` will make no more proposals: the other may accept, concede or fight. */
export function decideNoMoreProposals(state: GameState, player: PlayerId): Decision {
  const engagement = requireEngagement(state);
  const side = sideOfPlayer(engagement, player) as BattleSide;
  const opponentId = ownerOfSide(engagement, opponent(side));
  return {
    events: [
      { type: 'noMoreProposals', player, opponent: opponentId, side },
      { type: 'stepBegan', step: { kind: 'negotiateFinal', actor: opponentId, opponent: player } },
    ],
  };
}

/** 2.5.5, 2.5.6: the battle will be fought. */
export function decideFight(state: GameState): Decision {
  return { events: startBattle(state) };
}

/**
 * A sensible finite set of proposals for `side` to make (the engine accepts any legal one): each legion wholly
 * eliminated with the other losing nothing, both eliminated, and the winner losing one of its non-Titan
 * characters; each as a set of one, if it is a legal set for `side` now.
 */
export function proposalIntents(state: GameState, side: BattleSide): Intent[] {
  const known = knowledgeOf(state);
  const { attacker, defender } = known;
  const candidates: Proposal[] = [
    { attackerLosses: [...attacker], defenderLosses: [] },
    { attackerLosses: [], defenderLosses: [...defender] },
    { attackerLosses: [...attacker], defenderLosses: [...defender] },
  ];
  for (const c of new Set(defender)) {
    if (c !== 'Titan' && defender.length > 1)
      candidates.push({ attackerLosses: [...attacker], defenderLosses: [c] });
  }
  for (const c of new Set(attacker)) {
    if (c !== 'Titan' && attacker.length > 1)
      candidates.push({ attackerLosses: [c], defenderLosses: [...defender] });
  }
  return candidates
    .map(normalizeProposal)
    .filter((p) => proposalsProblem(known, side, [p]) === null)
    .map((p): Intent => ({ type: 'propose', proposals: [p] }));
}

/** The opponent's proposals `side` may accept. */
export function acceptIntents(state: GameState, side: BattleSide): Intent[] {
  return proposalsOf(knowledgeOf(state), opponent(side)).map(
    (proposal): Intent => ({ type: 'acceptProposal', proposal }),
  );
}

/**
 * Errata 9.3, 2.5.4: every proposal `side` may put in a set now: each legal agreement between the two legions
 * (one wholly eliminated, the other losing any part of it, a Titan only with all the rest) that the opponent has
 * not made. A set is any 1 to MAX_PROPOSALS of them holding at least one `side` has not made yet.
 */
export function legalAgreements(state: GameState, side: BattleSide): Proposal[] {
  const known = knowledgeOf(state);
  const { attacker, defender } = known;
  const candidates: Proposal[] = [
    ...subMultisets(defender, 0, defender.length).map((d) => ({
      attackerLosses: [...attacker],
      defenderLosses: d,
    })),
    ...subMultisets(attacker, 0, attacker.length).map((a) => ({
      attackerLosses: a,
      defenderLosses: [...defender],
    })),
  ];
  const theirs = proposalsOf(known, opponent(side));
  const agreements: Proposal[] = [];
  for (const p of candidates.map(normalizeProposal)) {
    if (agreementProblem(attacker, defender, p) !== null || theirs.some((q) => sameProposal(p, q))) continue;
    if (!agreements.some((q) => sameProposal(p, q))) agreements.push(p);
  }
  return agreements;
}

/** The proposals `side` has made in this negotiation so far. */
export function madeProposals(state: GameState, side: BattleSide): readonly Proposal[] {
  return proposalsOf(knowledgeOf(state), side);
}
