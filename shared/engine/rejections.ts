// The catalogue of rejections (style 6): every code a player can be told, what he did, the rule behind it and
// how to put it right. A rejection is a value, never an exception; `reject` builds the Decision.
import type { Rejection, RejectionCode } from './types';

export interface RejectionEntry {
  /** What the player did. */
  readonly did: string;
  /** The rules that make it wrong. */
  readonly rule: string;
  /** What to do instead. */
  readonly fix: string;
}

export const REJECTION_CATALOGUE: Readonly<Record<RejectionCode, RejectionEntry>> = {
  notYourTurn: {
    did: 'Acted while another player (or nobody) was due to act.',
    rule: 'errata 1.3, 1.4: only one player may act at any point, in the order of the Complete Sequence of Play',
    fix: 'Wait until the game asks you to act (see `pending`).',
  },
  wrongStep: {
    did: 'Sent an action the current step of the sequence of play does not allow (or the game is over).',
    rule: 'Complete Sequence of Play; 6.0: the phases take place in their prescribed order',
    fix: 'Send one of the actions `pending` lists for this step.',
  },
  unknownLegion: {
    did: 'Named a legion marker that is not on the Masterboard.',
    rule: '4.2: every legion has its marker',
    fix: 'Use the marker of one of your legions in play.',
  },
  notYourLegion: {
    did: "Tried to split, move or muster another player's legion.",
    rule: '4.6, 6.2: only the Mover moves his own legions',
    fix: 'Act with one of your own legions.',
  },
  illegalSplit: {
    did: 'Asked for a split the rules forbid (sizes, lords, markers, contents, or a second split).',
    rule: '4.2, 4.3, 5.2, errata 4.1/5.2, Complete Sequence 2.1',
    fix: 'First turn: split 4-4 with one lord in each; later: at least two characters in every part, a free marker for each new legion.',
  },
  illegalMove: {
    did: 'Asked for a move the Masterboard does not allow (sign, distance, blocked land, teleport, entry side).',
    rule: '7.1-7.5, 8.0-8.3, errata 7.0/7.1/8.1/8.2/10.4',
    fix: 'Choose one of the moves `legalIntents` lists, naming the entry side when several are possible.',
  },
  illegalMuster: {
    did: 'Asked to muster a character the legion is not eligible or qualified for, or revealed the wrong characters.',
    rule: '18.0-18.5, errata 18.0/18.1',
    fix: 'Muster with a legion that moved this turn, has fewer than seven characters and has not mustered, revealing exactly one of the listed sets.',
  },
  illegalProposal: {
    did: 'Made a proposal the negotiation rules forbid.',
    rule: '9.3, errata 9.3',
    fix: 'Propose new settlements in which at least one legion is wholly eliminated.',
  },
  illegalManeuver: {
    did: 'Asked for a battle move the battleland does not allow.',
    rule: '11.0-11.7, errata 11.x',
    fix: 'Choose one of the maneuvers `legalIntents` lists.',
  },
  illegalStrike: {
    did: 'Asked for a strike or rangestrike that is not allowed.',
    rule: '12.0-12.7, 13.0-13.5, errata 12.x/13.x',
    fix: 'Choose one of the strike options `legalIntents` lists.',
  },
  illegalCarryOver: {
    did: 'Allocated carried-over damage in a way the rules forbid.',
    rule: '12.4, errata 12.4',
    fix: 'Choose one of the allocations `legalIntents` lists.',
  },
  illegalSummon: {
    did: 'Asked to summon an Angel or Archangel when it is not allowed.',
    rule: '15.0-15.3, errata 15.x',
    fix: 'Summon only when offered, from an unengaged legion, once per engagement phase.',
  },
  illegalReinforcement: {
    did: 'Asked to muster a reinforcement when it is not allowed.',
    rule: '14.0-14.2, errata 14.x',
    fix: 'Reinforce only when offered, with a qualified defending legion.',
  },
  illegalAngel: {
    did: 'Asked for an Angel or Archangel that was not earned or is not available.',
    rule: '17.0-17.4, errata 17.0',
    fix: 'Take only an earned Angel or Archangel while the winning legion has room.',
  },
  mustMove: {
    did: 'Ended the movement phase while a required move was still possible.',
    rule: '6.2, 4.3, errata 4.3/6.2/7.1',
    fix: 'Move at least one legion, and move one of each group of split legions still stacked, when possible.',
  },
  mustStrike: {
    did: 'Declared the strikes finished while a required strike remained.',
    rule: '12.1',
    fix: 'Make every required strike before finishing.',
  },
  notAllowed: {
    did: 'Asked for something the rules do not allow at this point (e.g. a mulligan already used, withdrawing while rolling for towers).',
    rule: 'see the message',
    fix: 'Read the message; it names the rule.',
  },
};

/** A character's name with its article, for messages ("a Troll", "an Ogre", "a Unicorn"). */
export function withArticle(name: string): string {
  return /^[AEIO]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** The Decision for a rejected intent. */
export function reject(code: RejectionCode, message: string, rule: string): { readonly rejected: Rejection } {
  return { rejected: { code, message, rule } };
}

export function rejection(code: RejectionCode, message: string, rule: string): Rejection {
  return { code, message, rule };
}
