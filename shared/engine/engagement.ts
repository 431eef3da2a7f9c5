// The Engagement Phase (Complete Sequence 2.5–2.5.3; 6.3, 9.0–9.2, errata 7.0/9.1/9.2): the Mover picks the next
// engagement (and again after each is resolved); the attacker looks at the defending legion, then the defender
// at the attacker's; the defender may flee as his first action if his legion holds no Lord. The rest of the
// engagement lives in negotiation.ts, concession.ts, battle/sequence.ts and resolution.ts.
import { isLord } from '../data/characters';
import type { LandNumber } from '../data/types';
import { openEngagements } from './engagementPhase';
import { requireEngagement } from './engagementState';
import type { Decision, GameEvent } from './events';
import { andThen } from './evolve';
import type { Intent } from './intents';
import { reject } from './rejections';
import { afterDecision } from './resolution';
import type { GameState, PlayerId } from './types';

/** Errata 9.1: the Mover's choices of the next engagement, by land. */
export function engagementChoices(state: GameState): Intent[] {
  return openEngagements(state)
    .map((e) => e.land)
    .sort((a, b) => a - b)
    .map((land): Intent => ({ type: 'chooseEngagement', land }));
}

/**
 * 2.5, 2.5.1, 2.5.2, errata 9.1: the engagement on `land` starts (movement can no longer be undone, errata 7.0);
 * the attacker looks at the defending legion, then the defender at the attacker's; the defender acts first.
 */
export function decideChooseEngagement(state: GameState, land: LandNumber): Decision {
  const chosen = openEngagements(state).find((e) => e.land === land);
  if (chosen === undefined) {
    return reject('wrongStep', `There is no engagement to resolve in land ${land}.`, '9.1');
  }
  const attacker = state.legions[chosen.attacker];
  const defender = state.legions[chosen.defender];
  if (attacker === undefined || defender === undefined)
    throw new Error('open engagement without its legions');
  const events: GameEvent[] = [
    { type: 'engagementChosen', land, attacker: attacker.id, defender: defender.id },
    {
      type: 'legionInspected',
      viewer: attacker.owner,
      legion: defender.id,
      characters: [...defender.characters],
    },
    {
      type: 'legionInspected',
      viewer: defender.owner,
      legion: attacker.id,
      characters: [...attacker.characters],
    },
    { type: 'stepBegan', step: { kind: 'negotiate', actor: defender.owner, opponent: attacker.owner } },
  ];
  return { events };
}

/**
 * 9.2, errata 9.2, Complete Sequence 2.5.3: the defender may flee as his first action (nothing said yet in the
 * negotiation) if his legion holds no Lord. Read from the state, never put in the step or an event: the others
 * may not learn whether the defending legion holds a Lord (4.5, errata 9.3).
 */
export function mayFlee(state: GameState): boolean {
  const step = state.step;
  const engagement = state.engagement;
  if (step.kind !== 'negotiate' || engagement === null || step.actor !== engagement.defenderOwner)
    return false;
  const n = engagement.negotiation;
  const firstAction =
    n.attackerProposals.length === 0 && n.defenderProposals.length === 0 && n.noMoreProposals === null;
  const legion = state.legions[engagement.defender];
  return firstAction && legion !== undefined && !legion.characters.some(isLord);
}

/** 2.5.3, 9.2, errata 9.2: the defender flees; the attacker wins with no losses and scores half. */
export function decideFlee(state: GameState, player: PlayerId): Decision {
  if (!mayFlee(state)) {
    return reject(
      'notAllowed',
      'Only a defender whose legion holds no Lord may flee, and only as his first action.',
      '9.2, errata 9.2',
    );
  }
  const engagement = requireEngagement(state);
  if (player !== engagement.defenderOwner) {
    return reject('notAllowed', 'Only the defender may flee.', '9.2');
  }
  return { events: andThen(state, [{ type: 'defenderFled', legion: engagement.defender }], afterDecision) };
}
