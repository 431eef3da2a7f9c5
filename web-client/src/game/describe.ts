// Words for what happened and what is asked: event history lines, step names, intents as button labels.

import { legionName } from '../../../shared/data/markers';
import { land as landOf } from '../../../shared/data/masterboard';
import type { LandNumber } from '../../../shared/data/types';
import type {
  ActNames,
  BattleState,
  EventOf,
  GameEvent,
  Intent,
  IntentType,
  Step,
} from '../../../shared/engine/index';
import { powerActWords, powerEntry, withArticle } from '../../../shared/engine/index';
import type { HiddenEvent } from '../../../shared/protocol/messages';

export { legionName };

/** A Cosmic Encounter Titan power by its number and name ("55 COLOSSUS"). */
export function powerName(id: number): string {
  return `${id} ${powerEntry(id).name}`;
}

/** A land by its terrain and number ("Plains 101"). */
export function landName(n: LandNumber): string {
  return `${landOf(n).terrain} ${n}`;
}

export type Names = (player: string) => string;
/** What the history knows of the battle's characters: each id's side, creature and hex, folded over the events. */
export type Roster = ReadonlyMap<string, RosterEntry>;
interface RosterEntry {
  readonly side: 'attacker' | 'defender';
  readonly type: string;
  readonly hex: string | null;
}

/** The roster after `e` (the history's words for a character are those of the moment of each event). */
export function nextRoster(roster: Roster, e: GameEvent | HiddenEvent): Roster {
  switch (e.type) {
    case 'battleStarted':
      return new Map(
        (['attacker', 'defender'] as const).flatMap((side) =>
          e[side].characters.map((c): [string, RosterEntry] => [c.id, { side, type: c.type, hex: null }]),
        ),
      );
    case 'angelSummoned': // 15.0: into the attacking legion
      return e.id === null
        ? roster
        : new Map(roster).set(e.id, { side: 'attacker', type: e.character, hex: null });
    case 'reinforcementMustered': // 14.0: into the defending legion
      return e.id === null
        ? roster
        : new Map(roster).set(e.id, { side: 'defender', type: e.creature, hex: null });
    case 'characterMoved': {
      const c = roster.get(e.id);
      return c === undefined ? roster : new Map(roster).set(e.id, { ...c, hex: e.to });
    }
    default:
      return roster;
  }
}

/** A battle character's side and creature ("the attacker's Centaur"), or its id when the history lacks it. */
function creatureOf(roster: Roster, id: string): string {
  const c = roster.get(id);
  return c === undefined ? id : `the ${c.side}'s ${c.type}`;
}

/** A battle character's words in the history, with where it stands ("the attacker's Centaur in D3"). */
function who(roster: Roster, id: string): string {
  const hex = roster.get(id)?.hex ?? null;
  return hex === null ? creatureOf(roster, id) : `${creatureOf(roster, id)} in ${hex}`;
}

/** How a power's button names players and battle characters: as the history does ("the attacker's Centaur in D3"). */
export function actNames(name: Names, battle: BattleState | null): ActNames {
  const roster: Roster = new Map(
    (battle?.characters ?? []).map((c): [string, RosterEntry] => [
      c.id,
      { side: c.side, type: c.type, hex: c.hex },
    ]),
  );
  return { player: name, character: (id) => who(roster, id) };
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const list = (items: readonly string[]) => (items.length === 0 ? 'nothing' : items.join(', '));
/** CE 39 B3: an Angel or reinforcement announced for a later battle turn. */
const arrivesLater = (round: number | undefined) =>
  round === undefined ? '' : `; it arrives in battle turn ${round}`;

/** One line of the event history; null for events not worth a line (the step changes). Battle characters are
 *  named from `roster`, what the history knew just before the event. */
export function describeEvent(
  e: GameEvent | HiddenEvent,
  name: Names,
  roster: Roster = new Map(),
): string | null {
  const named = (id: string) => who(roster, id);
  switch (e.type) {
    case 'hidden':
      // What another player did in secret (a split's contents, an inspection) is no line of a history.
      return null;
    case 'gameCreated':
      return `The game was created for ${e.players.map((p) => p.name).join(', ')}.`;
    case 'towerRolled':
      return `${name(e.player)} rolled ${e.roll} for a tower.`;
    case 'towersAssigned':
      return e.assignments.length === 0
        ? 'The tower rolls tie: the players roll again (1.3).'
        : `Towers: ${e.assignments.map((a) => `${name(a.player)} in tower ${a.tower}`).join(', ')}.`;
    case 'colorChosen':
      return `${name(e.player)} plays ${e.color}.`;
    case 'startingLegionPlaced':
      return `${name(e.player)}'s legion ${legionName(e.legion)} enters tower ${e.land}.`;
    case 'stepBegan':
      return null;
    case 'turnStarted':
      return `Turn ${e.number}: ${name(e.player)} to play.`;
    case 'legionSplit':
      return `${name(e.player)} split ${legionName(e.parent)} in ${landName(e.land)}: ${e.children.map((c) => `${legionName(c.marker)} (${c.height})`).join(', ')}.`;
    case 'splitContents':
      return `Your split of ${legionName(e.parent)}: ${e.children.map((c) => `${legionName(c.marker)} takes ${list(c.characters)}`).join('; ')}.`;
    case 'movementRolled':
      return `${name(e.player)} ${e.mulligan ? 'took a mulligan and rolled' : 'rolled'} ${e.roll} for movement.`;
    case 'legionMoved':
      return `${legionName(e.legion)} moved from ${landName(e.from)} to ${landName(e.to)}${e.via === 'normal' ? '' : e.via === 'towerTeleport' ? ' by tower teleport' : ' by titan teleport'}${e.entry ? ` (attacking from the ${e.entry})` : ''}${e.revealed.length > 0 ? `, revealing ${list(e.revealed)}` : ''}.`;
    case 'moveUndone':
      return `The move of ${legionName(e.legion)} was taken back.`;
    case 'legionsRecombined':
      return `${list(e.from.map(legionName))} rejoined ${legionName(e.into)}.`;
    case 'movementEnded':
      return `${name(e.player)} finished moving.`;
    case 'engagementChosen':
      return `Engagement in ${landName(e.land)}: ${legionName(e.attacker)} attacks ${legionName(e.defender)}.`;
    case 'legionInspected':
      return `You inspect ${legionName(e.legion)}: ${list(e.characters)}.`;
    case 'defenderFled':
      return `${legionName(e.legion)} fled.`;
    case 'proposalsMade':
      return `${name(e.player)} proposes: ${e.proposals.map(describeProposal).join(' | ')}.`;
    case 'noMoreProposals':
      return `${name(e.player)} will make no more proposals.`;
    case 'proposalAccepted':
      return `${name(e.player)} accepted: ${describeProposal(e.proposal)}.`;
    case 'concessionAttempted':
      return `${name(e.player)} (${e.side}) attempts to concede.`;
    case 'engagementConceded':
      return `${name(e.player)} (${e.side}) concedes.`;
    case 'optionDeclined':
      return `${name(e.player)} declines: ${DECLINED[e.step] ?? `passes (${stepName(e.step)})`}.`;
    case 'battleStarted':
      return `Battle in ${landName(e.land)}: ${legionName(e.attacker.legion)} (${list(e.attacker.characters.map((c) => c.type))}) against ${legionName(e.defender.legion)} (${list(e.defender.characters.map((c) => c.type))}); the attacker enters from the ${e.attackerEntry}.`;
    case 'maneuverBegan':
      return `Battle turn ${e.round}: the ${e.side} maneuvers.`;
    case 'characterMoved':
      return `${capital(creatureOf(roster, e.id))} ${e.from === null ? 'enters at' : `moves ${e.from} →`} ${e.to}.`;
    case 'maneuverReset':
      return `The ${e.side} took back his maneuvers.`;
    case 'angelSummoned':
      return `${withArticle(e.character)} is summoned from ${legionName(e.from)} into ${legionName(e.into)}${arrivesLater(e.arrives)}.`;
    case 'reinforcementMustered':
      // CE 44 B3: a dead enemy, from its side's losses.
      return `${legionName(e.legion)} musters ${withArticle(e.creature)}${e.lost === undefined ? '' : ' of the dead enemy'} as a reinforcement${e.reveal.length > 0 ? `, revealing ${list(e.reveal)}` : ''}${arrivesLater(e.arrives)}.`;
    case 'maneuverEnded':
      return e.leftOff.length + e.returned.length === 0
        ? null
        : `${e.leftOff.length > 0 ? `Left off the board and slain: ${list(e.leftOff.map(named))}. ` : ''}${e.returned.length > 0 ? `Went back: ${list(e.returned.map(named))}.` : ''}`;
    case 'driftDamage':
      return `Drift damage: one hit each to ${list(e.ids.map(named))}.`;
    case 'strikePhaseBegan':
      return `The ${e.side} ${e.counterstrike ? 'strikes back' : 'strikes'}.`;
    case 'strikeRolled':
      return `${capital(named(e.striker))} strikes ${named(e.option.target)} (${e.option.dice} dice, ${e.option.strikeNumber}+): ${e.rolls.join(' ')} → ${e.hits} hit${e.hits === 1 ? '' : 's'}.`;
    case 'rangestrikeRolled':
      return `${capital(named(e.striker))} rangestrikes ${named(e.target)} (${e.dice} dice, ${e.strikeNumber}+): ${e.rolls.join(' ')} → ${e.hits} hit${e.hits === 1 ? '' : 's'}.`;
    case 'carryOverAssigned':
      return e.allocation.length === 0
        ? 'No damage carries over.'
        : `Carried over: ${e.allocation.map((a) => `${a.damage} to ${named(a.target)}`).join(', ')}.`;
    case 'slainRemoved':
      return e.ids.length === 0 ? null : `Slain: ${list(e.ids.map(named))}.`;
    case 'battleEnded':
      return e.winner === null
        ? 'The battle ends: both legions are destroyed.'
        : `The battle ends: the ${e.winner} wins${e.timeLoss ? ' (time loss: the attacker ran out of turns)' : ''}.`;
    case 'engagementResolved':
      return `Engagement in ${landName(e.land)} resolved (${e.outcome})${e.winner ? `: ${legionName(e.winner)} wins` : ''}. Losses: attacker ${list(e.attackerLosses)}; defender ${list(e.defenderLosses)}.`;
    case 'engagementEnded':
      return null;
    case 'pointsScored':
      return `${name(e.player)} scores ${e.points} point${e.points === 1 ? '' : 's'}${e.reason === 'halfPoints' ? ' (half points)' : e.reason === 'fled' ? ' (the enemy fled)' : ''}.`;
    case 'angelAcquired':
      return `${name(e.player)}'s ${legionName(e.legion)} gains ${withArticle(e.character)}.`;
    case 'characterJoined':
      return `${name(e.player)}'s ${legionName(e.legion)} gains ${withArticle(e.character)}${e.lost === undefined ? '' : ' of the dead enemy'}${e.taken === undefined ? '' : ' taken from the enemy'} (${powerName(e.power)}).`;
    case 'legionEliminated':
      return `${name(e.owner)}'s legion ${legionName(e.legion)} is ${e.reason === 'disbanded' ? 'disbanded' : 'eliminated'}${e.characters.length > 0 ? ` (${list(e.characters)})` : ''}.`;
    case 'powersDrawn':
      return `The powers drawn for the bidding: ${e.powers.map(powerName).join(', ')}.`;
    case 'bidSubmitted':
      return `${name(e.player)} seals the bids: ${e.bids.join(', ')}.`;
    case 'bidsRevealed':
      return `The bids are revealed: ${Object.entries(e.bids)
        .map(([player, bids]) => `${name(player)} ${bids.join('/')}`)
        .join('; ')}.`;
    case 'powerAssigned':
      return `${name(e.player)} takes ${powerName(e.power)} for ${e.bid} points${e.rolls.length > 0 ? ' (a tie broken by the dice)' : ''}, starting at ${e.score}.`;
    case 'setUpDrawn':
      return `Towers drawn: ${e.towers.map((t) => `${name(t.player)} ${t.tower}`).join(', ')}; order of play: ${e.order.map(name).join(', ')}.`;
    case 'powerUsed':
      return `${name(e.player)} (${powerName(e.power)}): ${e.words}`;
    case 'playerEliminated':
      return `${name(e.player)} is out of the game${e.by === null ? '' : `; ${name(e.by)} takes the markers`}.`;
    case 'legionMustered':
      return `${legionName(e.legion)} musters ${withArticle(e.creature)}${e.reveal.length > 0 ? `, revealing ${list(e.reveal)}` : ''}.`;
    case 'turnEnded':
      return `${name(e.player)} ends the turn.`;
    case 'playerWithdrew':
      return `${name(e.player)} withdraws from the game.`;
    case 'playerForced':
      return describeForced(e, name);
    case 'timeCalled':
      return `Time is called: ${e.remainingTurns.map(name).join(', ')} still play one turn.`;
    case 'gameOver':
      return e.result.winner === null
        ? 'The game is over with no winner.'
        : `The game is over: ${name(e.result.winner)} wins!`;
    default: {
      const unknown: never = e;
      return `(${(unknown as { type: string }).type})`;
    }
  }
}

const FORCED_BY: Readonly<Record<EventOf<'playerForced'>['forced']['by'], string>> = {
  time: 'ran out of time',
  absence: 'is absent',
  director: 'is ruled to be refusing to play by the tournament director',
};

/** What the server played for a player, in words ("withdraws", "concedes"). */
const FORCED_ACTIONS: Partial<Record<IntentType, string>> = {
  rollTower: 'has the tower roll made for him',
  withdraw: 'withdraws',
  flee: 'flees',
  concede: 'concedes',
  pass: 'declines',
  chooseEngagement: 'takes the engagement in the lowest-numbered land',
  assignCarryOver: 'carries no damage over',
  resetManeuver: 'takes the maneuver back',
  doneManeuvering: 'ends the maneuver, characters not yet on the battleland are eliminated',
  moveLegion: 'moves a legion chosen at random',
  doneMoving: 'ends his movement',
};

/** Errata 20.4, Law 21.2: "Red ran out of time: Red withdraws (errata 20.4)". */
function describeForced(e: EventOf<'playerForced'>, name: Names): string {
  const who = name(e.player);
  const why = `${who} ${FORCED_BY[e.forced.by]}`;
  if (e.play === 'bot') return `${why}: the bot plays for ${who}.`;
  const actions = [...new Set(e.actions)].map((a) => FORCED_ACTIONS[a] ?? a);
  return `${why}: ${who} ${actions.join('; ')}${e.rule === null ? '' : ` (${e.rule})`}.`;
}

export function describeProposal(p: {
  attackerLosses: readonly string[];
  defenderLosses: readonly string[];
}): string {
  return `attacker loses ${list(p.attackerLosses)}, defender loses ${list(p.defenderLosses)}`;
}

const STEP_NAMES: Readonly<Record<Step['kind'], string>> = {
  drawPowers: 'drawing the powers',
  bid: 'bidding for the powers',
  choosePower: 'choosing a power',
  powerDecision: 'deciding for a power',
  rollTower: 'rolling for towers',
  chooseColor: 'choosing colours',
  split: 'splitting',
  move: 'moving',
  chooseEngagement: 'choosing an engagement',
  negotiate: 'negotiating',
  negotiateFinal: 'final negotiation',
  preBattleConcession: 'deciding whether to concede before the battle',
  maneuver: 'maneuvering',
  concessionAttempted: 'answering a concession',
  driftConcession: 'deciding whether to concede before drift damage',
  strike: 'striking',
  counterstrike: 'striking back',
  carryOver: 'allocating carry-over',
  battleEnding: 'deciding whether to concede as the battle ends',
  postBattleAddition: 'summoning or reinforcing after the battle',
  acquireAngel: 'taking an angel',
  muster: 'mustering',
  gameOver: 'game over',
};

export function stepName(kind: Step['kind']): string {
  return STEP_NAMES[kind];
}

/** What declining the option of each step declines (the `optionDeclined` event names only the step). */
const DECLINED: Partial<Record<Step['kind'], string>> = {
  preBattleConcession: 'no concession before the battle',
  driftConcession: 'no concession before drift damage',
  battleEnding: 'no concession as the battle ends',
  postBattleAddition: 'no summon or reinforcement after the battle',
  acquireAngel: 'no angel',
};

/** "Pass" in words of what it declines at this step (the engine's step names the option offered). */
export function passLabel(step: Step | null): string {
  switch (step?.kind) {
    case 'preBattleConcession':
    case 'driftConcession':
    case 'battleEnding':
      return "Don't concede";
    case 'postBattleAddition':
      // 2.5.6.5: the victorious attacker may summon, the victorious defender muster a reinforcement.
      return step.side === 'attacker' ? 'No summon' : 'No reinforcement';
    case 'acquireAngel':
      return step.archangel ? 'No angel or archangel' : 'No angel';
    default:
      return 'Pass';
  }
}

/** The concede button and its confirmation at this step: where conceding is only an attempt (errata 9.4:
 *  instead of maneuvering or striking) the opponent may accept it or concede instead. */
export function concessionWords(step: Step | null): { readonly label: string; readonly confirm: string } {
  switch (step?.kind) {
    case 'maneuver':
    case 'strike':
      return {
        label: 'Attempt to concede',
        confirm:
          'Attempt to concede? This is only an attempt (errata 9.4): your opponent may accept it, and your legion is eliminated, or concede instead.',
      };
    case 'counterstrike':
      return {
        label: 'Concede',
        confirm:
          'Concede? Before your first counterstrike your legion is eliminated; once one of your characters has counterstruck it is only an attempt (errata 9.4): your opponent may accept it or concede instead.',
      };
    case 'concessionAttempted':
      return {
        label: 'Concede instead',
        confirm: 'Concede instead of your opponent? Your legion will be eliminated, not his (errata 9.4).',
      };
    default:
      return { label: 'Concede', confirm: 'Concede this engagement? Your legion will be eliminated.' };
  }
}

/** A label for a button that sends this intent as it is; `step` (the view's) names what a pass declines and
 *  what a concession does. */
export function intentLabel(intent: Intent, step: Step | null = null, names?: ActNames): string {
  switch (intent.type) {
    case 'drawPowers':
      return 'Draw the powers';
    case 'bid':
      return 'Seal my bids';
    case 'choosePower':
      return `Take ${powerName(intent.power)}`;
    case 'usePower':
      return (
        powerActWords(intent, names) ??
        `Use the power: ${intent.act}${intent.args === undefined ? '' : ` (${Object.values(intent.args).join(', ')})`}`
      );
    case 'rollTower':
      return 'Roll for a tower';
    case 'chooseColor':
      return `Play ${intent.color}`;
    case 'rollMovement':
      return 'Roll for movement';
    case 'takeMulligan':
      return 'Take a mulligan (roll again)';
    case 'doneMoving':
      return 'Done moving';
    case 'chooseEngagement':
      return `Resolve the engagement in ${landName(intent.land)}`;
    case 'flee':
      return 'Flee';
    case 'noMoreProposals':
      return 'No more proposals';
    case 'fight':
      return 'Fight';
    case 'concede':
      return concessionWords(step).label;
    case 'acceptConcession':
      return "Accept the opponent's concession";
    case 'pass':
      return passLabel(step);
    case 'resetManeuver':
      return 'Take back the maneuvers';
    case 'doneManeuvering':
      return 'Done maneuvering';
    case 'doneStriking':
      return 'Done striking';
    case 'endTurn':
      return 'End the turn';
    case 'withdraw':
      return 'Withdraw from the game';
    case 'acquireAngel':
      return `Take ${withArticle(intent.character)}`;
    case 'summon':
      return `Summon ${withArticle(intent.character)} from ${legionName(intent.from)}`;
    case 'reinforce':
      return `Muster ${withArticle(intent.creature)}${intent.reveal.length > 0 ? ` (reveal ${list(intent.reveal)})` : ''}`;
    case 'undoMove':
      return `Undo the move of ${legionName(intent.legion)}`;
    case 'acceptProposal':
      return `Accept: ${describeProposal(intent.proposal)}`;
    case 'assignCarryOver':
      // The targets are battle ids: the carry-over panel names them by creature and hex (BattleArea).
      return intent.targets.length === 0
        ? 'Carry nothing over'
        : `Carry over to ${intent.targets.length} character${intent.targets.length === 1 ? '' : 's'}`;
    default:
      return intent.type;
  }
}
