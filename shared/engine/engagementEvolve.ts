// The fold of the engagement events (engagementChosen … engagementEnded, pointsScored, angelAcquired; the battle
// events go to battle/battleEvolve.ts): each applies a fact decided by decide and returns new objects.
import { evolveBattleEvent } from './battle/battleEvolve';
import { isSlain, opponent } from './battle/position';
import { sameCharacters } from './contents';
import {
  decided,
  intersect,
  legionAt,
  park,
  removeFromBattle,
  withBattle,
  withEngagement,
} from './engagementFold';
import { arrivals, legionOfSide, requireBattle, requireEngagement } from './engagementState';
import type { EngagementEvent, EventOf } from './events';
import { isBattleEvent } from './events';
import { fromCaretakerInto, returnToStacks, updatePlayer, withLegion } from './fold';
import { currentTurn, requireLegion } from './lookups';
import type { ActiveEngagement, GameState } from './types';

export function evolveEngagementEvent(state: GameState, event: EngagementEvent): GameState {
  if (isBattleEvent(event)) return evolveBattleEvent(state, event);
  switch (event.type) {
    case 'engagementChosen':
      return engagementChosen(state, event);
    case 'legionInspected':
      return state; // private knowledge of the viewer (2.5.1, 2.5.2), no change to the board
    case 'defenderFled':
      return decided(park(state, 'defender', legionAt(state, 'defender').characters), 'fled', 'attacker');
    case 'proposalsMade':
      return proposalsMade(state, event);
    case 'noMoreProposals':
      return withEngagement(state, (e) => ({
        ...e,
        attackerMaySummon: true,
        negotiation: { ...e.negotiation, noMoreProposals: event.side },
      }));
    case 'proposalAccepted':
      return proposalAccepted(state, event);
    case 'concessionAttempted':
      return state;
    case 'engagementConceded':
      return engagementConceded(state, event);
    case 'engagementResolved':
      return engagementResolved(state);
    case 'engagementEnded':
      return engagementEnded(state);
    case 'pointsScored': {
      const scored = updatePlayer(state, event.player, (p) => ({ ...p, score: p.score + event.points }));
      const e = scored.engagement;
      return e === null
        ? scored
        : { ...scored, engagement: { ...e, points: (e.points ?? 0) + event.points } };
    }
    case 'angelAcquired':
      return fromCaretakerInto(state, event.legion, event.character); // 17.1
    default: {
      const unhandled: never = event;
      throw new Error(`evolveEngagementEvent: unknown event ${JSON.stringify(unhandled)}`);
    }
  }
}

// ---------------------------------------------------------------- engagement and negotiation

function engagementChosen(state: GameState, event: EventOf<'engagementChosen'>): GameState {
  const turn = currentTurn(state);
  const chosen = turn.engagements.find((e) => e.land === event.land && e.attacker === event.attacker);
  if (chosen === undefined) throw new Error(`engagementChosen: no engagement in ${event.land}`);
  const engagement: ActiveEngagement = {
    ...chosen,
    attackerOwner: requireLegion(state, event.attacker).owner,
    defenderOwner: requireLegion(state, event.defender).owner,
    negotiation: { attackerProposals: [], defenderProposals: [], noMoreProposals: null },
    attackerMaySummon: false,
    defenderMayReinforce: false,
    attackerLosses: [],
    defenderLosses: [],
    result: null,
  };
  const remaining = turn.engagements.filter((e) => e !== chosen);
  return {
    ...state,
    engagement,
    turn: { ...turn, engagements: remaining, engagementsStarted: true },
  };
}

function proposalsMade(state: GameState, event: EventOf<'proposalsMade'>): GameState {
  return withEngagement(state, (e) => {
    const n = e.negotiation;
    const own = event.side === 'attacker' ? n.attackerProposals : n.defenderProposals;
    const fresh = event.proposals.filter(
      (p) =>
        !own.some(
          (q) =>
            sameCharacters(p.attackerLosses, q.attackerLosses) &&
            sameCharacters(p.defenderLosses, q.defenderLosses),
        ),
    );
    const all = [...own, ...fresh];
    return {
      ...e,
      attackerMaySummon: true, // 2.5.3.1: the defender did not flee
      negotiation:
        event.side === 'attacker' ? { ...n, attackerProposals: all } : { ...n, defenderProposals: all },
    };
  });
}

/** 9.3, errata 9.3/9.5: the agreed losses are taken; a legion wholly lost is the loser (both: mutual). */
function proposalAccepted(state: GameState, event: EventOf<'proposalAccepted'>): GameState {
  const attackerGone = sameCharacters(event.proposal.attackerLosses, legionAt(state, 'attacker').characters);
  const defenderGone = sameCharacters(event.proposal.defenderLosses, legionAt(state, 'defender').characters);
  let s = park(state, 'attacker', event.proposal.attackerLosses);
  s = park(s, 'defender', event.proposal.defenderLosses);
  s = withEngagement(s, (e) => ({ ...e, attackerMaySummon: true }));
  if (attackerGone && defenderGone) return decided(s, 'mutualElimination', null);
  return decided(s, 'agreement', attackerGone ? 'defender' : 'attacker');
}

/** 9.4: the conceding legion is eliminated; the battle (if any) ends now, so the slain leave it too. */
function engagementConceded(state: GameState, event: EventOf<'engagementConceded'>): GameState {
  let s = withEngagement(state, (e) => ({ ...e, attackerMaySummon: true }));
  if (s.battle !== null) {
    // The arrivals still off the board never joined (errata 14.1, 15.1; CE 39 B3: nor those still to come).
    const arriving = new Set(arrivals(s.battle).map((m) => m.id));
    s = withBattle(s, (b) => ({
      ...b,
      characters: b.characters.filter((c) => !arriving.has(c.id)),
      mustEnter: [],
      lateArrivals: [],
    }));
    const other = opponent(event.side);
    const gone = requireBattle(s).characters.filter(
      (c) => c.side === event.side || (c.side === other && isSlain(c)),
    );
    s = removeFromBattle(s, gone);
  }
  s = park(s, event.side, legionAt(s, event.side).characters);
  return event.mutual
    ? decided(s, 'mutualElimination', null)
    : decided(s, 'concession', opponent(event.side));
}

// ---------------------------------------------------------------- the end of the engagement

/** 2.5.6.6, 2.5.6.7: the damaged are healed (the battle is gone) and the survivors are back under their marker;
 *  after a battle the survivors are known to all. */
function engagementResolved(state: GameState): GameState {
  const engagement = requireEngagement(state);
  const fought = state.battle !== null;
  let s: GameState = { ...state, battle: null, engagement: { ...engagement, fought } };
  for (const side of ['attacker', 'defender'] as const) {
    const legion = s.legions[legionOfSide(engagement, side)];
    if (legion === undefined) continue;
    const known = fought ? [...legion.characters] : intersect(legion.known, legion.characters);
    s = withLegion(s, { ...legion, known });
  }
  return s;
}

/** 2.5.6.10: slain Lords (but the Titan) and Demi-Lords return to the caretaker, creatures to the dead pile. */
function engagementEnded(state: GameState): GameState {
  const engagement = requireEngagement(state);
  const s = returnToStacks(state, [...engagement.attackerLosses, ...engagement.defenderLosses]);
  return { ...s, engagement: null, battle: null };
}
