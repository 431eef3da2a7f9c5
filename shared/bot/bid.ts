// The bots' bids in Cosmic Encounter Titan (issue 17: a fixed sensible bid): by the text's own guideline for the
// marks ("+'s may go for 1-200 points, while ! often go for 250-350"), a little for an unmarked power, nothing for
// one marked unplayable as written.
import { type Intent, powerEntry } from '../engine/index';
import type { BotSight } from './sight';

const BID_BY_MARK: Readonly<Record<string, number>> = { '': 30, '+': 100, '+(!)': 150, '!': 250, '!!': 0 };

/** The bot's sealed bids when the sight shows its bidding step, else null. */
export function botBid(sight: BotSight): Intent | null {
  const v = sight.view;
  if (v.step.kind !== 'bid' || v.step.actor !== sight.seat || v.ce === null) return null;
  return { type: 'bid', bids: v.ce.drawn.map((id) => BID_BY_MARK[powerEntry(id).mark] ?? 0) };
}
