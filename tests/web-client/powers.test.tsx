// Cosmic Encounter Titan at the table (issue 17): the powers drawn with their text, who has bid, and the sealed
// bidding form, which sends one `bid` intent; nobody else's bids are shown before they are revealed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type BattleState, createGame, powerEntry } from '../../shared/engine/index';
import { actNames, intentLabel } from '../../web-client/src/game/describe';
import { BidForm, PowersPanel } from '../../web-client/src/game/PowersPanel';
import { TableContext } from '../../web-client/src/game/table';
import { play, tableFor } from './fixtures';

function atBidding() {
  const created = createGame({
    players: [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Ben' },
    ],
    options: { variant: 'ceTitan' },
  });
  const drawn = play({ state: created.state, events: created.events }, { type: 'drawPowers' });
  const ann = drawn.state.ce?.drawn.map((_, i) => 111 + i) ?? [];
  return { drawn, afterAnn: play(drawn, { type: 'bid', bids: ann }) };
}

describe('CE Titan: the Powers panel and the bidding form', () => {
  it('CE: every viewer sees the powers drawn with their text and who has bid, never a bid before the reveal', () => {
    const { afterAnn } = atBidding();
    const ids = afterAnn.state.ce?.drawn ?? [];
    expect(ids.length).toBe(2);
    const markup = renderToStaticMarkup(
      <TableContext.Provider value={tableFor(afterAnn, 'p2', () => undefined)}>
        <PowersPanel />
      </TableContext.Provider>,
    );
    for (const id of ids) {
      expect(markup).toContain(`data-power="${id}"`);
      expect(markup).toContain(powerEntry(id).name.replaceAll('&', '&amp;')); // the markup escapes "&" (HI-&-LOIS)
    }
    expect(markup).toContain('Sealed bids in: Ann');
    expect(markup).not.toContain('111');
  });

  it('CE: the bidding form shows one field per power and is offered to the bidder only', () => {
    const { drawn } = atBidding();
    const ids = drawn.state.ce?.drawn ?? [];
    const mine = renderToStaticMarkup(
      <TableContext.Provider value={tableFor(drawn, 'p1', () => undefined)}>
        <BidForm />
      </TableContext.Provider>,
    );
    for (const id of ids) expect(mine).toContain(`name="bid-${id}"`);
    const theirs = renderToStaticMarkup(
      <TableContext.Provider value={tableFor(drawn, 'p2', () => undefined)}>
        <BidForm />
      </TableContext.Provider>,
    );
    expect(theirs).toBe('');
  });
});

describe("CE Titan: a power's button words name players and characters as the table does", () => {
  it('CE 51 B1, CE 29 B2: "Tax Ann", "Pass 2 hits to the defender\'s Centaur in D3", never an id', () => {
    const battle = {
      characters: [{ id: 'Bu01-1', side: 'defender', type: 'Centaur', hex: 'D3' }],
    } as unknown as BattleState;
    const names = actNames((id) => (id === 'p1' ? 'Ann' : id), battle);
    expect(intentLabel({ type: 'usePower', act: 'tax', args: { player: 'p1' } }, null, names)).toBe(
      'Tax Ann',
    );
    expect(
      intentLabel({ type: 'usePower', act: 'passHits', args: { to: 'Bu01-1', hits: 2 } }, null, names),
    ).toBe("Pass 2 hits to the defender's Centaur in D3");
    // One article rule for the engine's words and the table's: "an Ogre", "a Unicorn".
    expect(intentLabel({ type: 'reinforce', creature: 'Unicorn', reveal: [] })).toBe('Muster a Unicorn');
    expect(intentLabel({ type: 'usePower', act: 'commoner', args: { creature: 'Ogre' } })).toBe(
      'Bring in an Ogre (commoner)',
    );
  });
});
