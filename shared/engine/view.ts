// What a player or a spectator may see (4.5, 4.6, 9.3, errata 4.6/7.6/9.3/20.1): markers, heights and lands
// are public; a legion's contents go to its owner only, and to everybody only what a rule revealed (`known`).
// Who must act and at which step is public (the end of a negotiation excepted, errata 9.3); which kinds of
// intent he may send goes to him alone. The engagement and battle part comes from the engagement module.
// `visibleTo` is the one rule of who may see each event; a public event holds nothing hidden.
import { titanPower } from '../data/characters';
import type { CharacterName, LandNumber, MarkerId, PlayerColor } from '../data/types';
import { memorySeenBy, seesContents } from './ce/hooks';
import { outsideNegotiation, stepSeenBy, viewEngagement } from './engagementView';
import type { GameEvent } from './events';
import { type Pending, pending } from './pending';
import type { CeState, GameOptions, GameResult, GameState, PlayerId, Step, TurnState, Viewer } from './types';

export interface PlayerView {
  readonly id: PlayerId;
  readonly name: string;
  readonly color: PlayerColor | null;
  readonly tower: LandNumber | null;
  readonly score: number;
  /** 19.1. */
  readonly titanPower: number;
  /** Errata 4.6: which markers each player may use, and how many, is public. */
  readonly markersAvailable: readonly MarkerId[];
  readonly markersAvailableCount: number;
  /** Errata 7.6: public. */
  readonly mulligansLeft: number;
  readonly turnsTaken: number;
  readonly eliminated: boolean;
}

export interface LegionView {
  readonly marker: MarkerId;
  readonly owner: PlayerId;
  readonly land: LandNumber;
  readonly height: number;
  /** The contents: only for the legion's owner (4.5); null for everybody else. */
  readonly characters: readonly CharacterName[] | null;
  /** What every player knows to be in it (revealed by musters, teleports, battles, the end of the game). */
  readonly known: readonly CharacterName[];
}

export interface MasterplayView {
  readonly viewer: Viewer;
  readonly options: GameOptions;
  /** In seat order. */
  readonly players: readonly PlayerView[];
  readonly turnOrder: readonly PlayerId[];
  readonly towerRolls: Readonly<Record<PlayerId, number>>;
  /** The step as the viewer may know it (engagementView.ts stepSeenBy). */
  readonly step: Step;
  /** pendingSeenBy: the intent kinds only for the actor himself. */
  readonly pending: Pending;
  /** Sorted by marker. */
  readonly legions: readonly LegionView[];
  /** 20.1: any player may count the caretaker's stacks; the dead pile is public too. */
  readonly caretaker: Readonly<Partial<Record<CharacterName, number>>>;
  readonly deadPile: Readonly<Partial<Record<CharacterName, number>>>;
  /** The turn: its player, roll, moves, splits (markers and heights), engagements pending, musters. */
  readonly turn: TurnState | null;
  readonly timeCalled: GameState['timeCalled'];
  readonly result: GameResult | null;
  /** Cosmic Encounter Titan (null in other games): the powers, and the bids as the viewer may see them. */
  readonly ce: CeView | null;
}

/** The variant's part of the view: before `bidsRevealed` a player sees his own bids only (CE bidding rules). */
export interface CeView extends Omit<CeState, 'bids'> {
  readonly bids: Readonly<Record<PlayerId, readonly number[]>>;
  /** Who has bid (public: the bidding goes round in seat order). */
  readonly bidders: readonly PlayerId[];
}

export type GameView = MasterplayView & ReturnType<typeof viewEngagement>;

export function view(state: GameState, viewer: Viewer): GameView {
  const me = 'player' in viewer ? viewer.player : null;
  const masterplay: MasterplayView = {
    viewer,
    options: state.options,
    players: state.players.map((p) => ({
      id: p.id,
      name: p.name,
      color: p.color,
      tower: p.tower,
      score: p.score,
      titanPower: titanPower(p.score),
      markersAvailable: p.markersAvailable,
      markersAvailableCount: p.markersAvailable.length,
      mulligansLeft: p.mulligansLeft,
      turnsTaken: p.turnsTaken,
      eliminated: p.eliminated,
    })),
    turnOrder: state.turnOrder,
    towerRolls: state.towerRolls,
    step: stepSeenBy(state, viewer),
    pending: pendingSeenBy(state, viewer),
    legions: Object.values(state.legions)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((l) => ({
        marker: l.id,
        owner: l.owner,
        land: l.land,
        height: l.characters.length,
        // 4.5; CE Titan: a power may show its owner other players' legions (53 M1).
        characters: l.owner === me || (me !== null && seesContents(state, me, l)) ? l.characters : null,
        known: l.known,
      })),
    caretaker: state.caretaker,
    deadPile: state.deadPile,
    turn: state.turn,
    timeCalled: state.timeCalled,
    result: state.result,
    ce: ceSeenBy(state, me),
  };
  return { ...masterplay, ...viewEngagement(state, viewer) };
}

/** CE bidding rules: the bids stay sealed, but each bidder's own, until all are revealed at once. */
export function ceSeenBy(state: GameState, me: PlayerId | null): CeView | null {
  const ce = state.ce;
  if (ce === null) return null;
  const bidders = state.players.filter((p) => ce.bids[p.id] !== undefined).map((p) => p.id);
  const own = me === null ? undefined : ce.bids[me];
  const bids = ce.revealed ? ce.bids : me !== null && own !== undefined ? { [me]: own } : {};
  // A power's secret memory goes to its owner alone (53 M2: the rolls foretold).
  const memory = Object.fromEntries(
    Object.entries(ce.memory).map(([player, m]) => [player, memorySeenBy(state, player, me, m)]),
  );
  return { ...ce, bids, bidders, memory };
}

/**
 * What `viewer` may know of what is pending: who must act and at which step (as he may know it, errata 9.3).
 * The kinds of intent go to the actor alone: they may hang on what only he knows (4.5, 9.2, errata 9.3) — a
 * defending legion without a Lord may flee, proposals were made that he may accept, a legion of his can
 * summon an Angel, recruit or teleport. Everybody else gets none.
 */
export function pendingSeenBy(state: GameState, viewer: Viewer): Pending {
  const p = pending(state);
  if (p.actor !== null && 'player' in viewer && viewer.player === p.actor) return p;
  const seen = stepSeenBy(state, viewer);
  // Errata 9.3: who acts inside a negotiation is secret from those outside it.
  return { actor: outsideNegotiation(state, viewer) ? null : p.actor, step: seen.kind, intents: [] };
}

/** The two players of the negotiation `event` is a step of (errata 9.3), or null. */
function negotiationOf(event: GameEvent): readonly PlayerId[] | null {
  switch (event.type) {
    case 'stepBegan':
      return event.step.kind === 'negotiate' || event.step.kind === 'negotiateFinal'
        ? [event.step.actor, event.step.opponent]
        : null;
    case 'proposalsMade':
    case 'noMoreProposals':
      return [event.player, event.opponent];
    default:
      return null;
  }
}

/** Who may see an event: its private recipients, or 'all' (spectators included). */
export function visibleTo(event: GameEvent): 'all' | readonly PlayerId[] {
  // Errata 9.3: the turns of a negotiation, its proposals and the declaration of no more proposals are secret
  // between its two players (and which turn it is: the end of the negotiation follows a declaration of no
  // more proposals, itself secret).
  const negotiation = negotiationOf(event);
  if (negotiation !== null) return negotiation;
  switch (event.type) {
    case 'splitContents':
      // 4.3: the split itself is public, not which characters went where.
      return [event.player];
    case 'bidSubmitted':
      // CE bidding rules: sealed until every bid is in (then `bidsRevealed` shows them all at once).
      return [event.player];
    case 'powerUsed':
      // A power's act is seen by whom the power says.
      return event.audience;
    case 'legionInspected':
      // 2.5.1, 2.5.2: the engaged players look at each other's legion.
      return [event.viewer];
    default:
      return 'all';
  }
}

/**
 * Who numbers an event in his copy of the log (`previous`: the event before it, null for the first).
 * Errata 9.3: those outside a negotiation learn that it goes on and its outcome, nothing of its steps, not
 * even how many there were. So of the run of events secret between its two players, the first (the
 * negotiation began: the others get it as the hidden stub) is numbered by everybody, and the rest by the two
 * alone: everybody else's copy holds one event for the whole negotiation, however many steps it took.
 * Every other event is numbered by everybody (seen whole, or as the stub), so a copy has no gaps.
 */
export function numberedBy(previous: GameEvent | null, event: GameEvent): 'all' | readonly PlayerId[] {
  const negotiation = negotiationOf(event);
  return negotiation !== null && previous !== null && negotiationOf(previous) !== null ? negotiation : 'all';
}
