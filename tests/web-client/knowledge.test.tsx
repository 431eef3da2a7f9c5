// What you know of each legion, on the page (issue 14): after Ann's first split, Ben's page shows each of her
// legions with what the engine's legionKnowledge deduces (nothing certain, what each may hold) and Ann's shows
// her own in full; once a legion musters, its reveal and recruit show on every page. The replay's route.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LAND_NUMBERS, land } from '../../shared/data/masterboard';
import { recruitsByTerrain } from '../../shared/engine/index';
import { parseRoute, routeHash } from '../../web-client/src/app/route';
import { Masterboard } from '../../web-client/src/board/Masterboard';
import { KnowledgePanel } from '../../web-client/src/game/KnowledgePanel';
import { LegionPanel } from '../../web-client/src/game/LegionPanel';
import { masterLegions, recruitPreview, TableContext } from '../../web-client/src/game/table';
import { playUntil, tableFor } from './fixtures';

const noop = () => undefined;

describe('what you know of each legion, shown', () => {
  // Ann (p1) has split (4.3) and rolled: two legions of four each.
  const played = playUntil((s) => s.turn?.player === 'p1' && s.step.kind === 'move');

  it('4.3: another player sees what the counts tell of each part; the owner sees his own in full', () => {
    const ben = tableFor(played, 'p2', noop);
    const ann = tableFor(played, 'p1', noop);
    const annLegions = ann.view.legions.filter((l) => l.owner === 'p1');
    expect(annLegions.map((l) => l.height)).toEqual([4, 4]);
    const panel = (table: typeof ben) =>
      renderToStaticMarkup(
        <TableContext.Provider value={table}>
          <KnowledgePanel />
        </TableContext.Provider>,
      );
    const seenByBen = panel(ben);
    const seenByAnn = panel(ann);
    for (const l of annLegions) {
      const k = ben.knowledge?.[l.marker];
      expect(k).toMatchObject({ height: 4, certain: [] });
      expect(seenByBen).toContain(`data-marker="${l.marker}"`);
      expect(seenByAnn).toContain((l.characters ?? []).join(', '));
    }
    expect(seenByBen).toContain('nothing known');
    expect(seenByBen).toContain('may hold Titan, Angel, Centaur ×2, Gargoyle ×2, Ogre ×2');
    // The tooltip of her markers on Ben's board says the same.
    for (const m of masterLegions(ben).filter((x) => annLegions.some((l) => l.marker === x.marker))) {
      expect(m.title).toBe('contents unknown (may hold Titan, Angel, Centaur ×2, Gargoyle ×2, Ogre ×2)');
    }
  });

  it("18.0: a muster's reveal and recruit are known to all, and the rest stays unknown", () => {
    // Play on until one of Ann's legions is partly known to all (a recruit and what was revealed for it).
    const partly = (l: { owner: string; known: readonly string[]; characters: readonly string[] }) =>
      l.owner === 'p1' && l.known.length > 0 && l.known.length < l.characters.length;
    const later = playUntil((s) => Object.values(s.legions).some(partly), undefined, 7, played);
    const marker = Object.values(later.state.legions).find(partly)?.id;
    const table = tableFor(later, 'p2', noop);
    const legion = table.view.legions.find((l) => l.marker === marker);
    if (legion === undefined) throw new Error('no such legion');
    const markup = renderToStaticMarkup(
      <TableContext.Provider value={table}>
        <LegionPanel legion={legion} />
      </TableContext.Provider>,
    );
    const known = table.knowledge?.[legion.marker];
    for (const c of legion.known) expect(known?.certain).toContain(c);
    for (const c of known?.certain ?? []) expect(markup).toContain(`data-character="${c}"`);
    expect(known?.certain.length).toBeLessThan(legion.height);
    expect(markup.match(/class="unknown"/g)?.length).toBe(legion.height - (known?.certain.length ?? 0));
    expect(markup).toContain('May hold:');
  });

  it('the replay has its own address', () => {
    const game = '11111111-2222-4333-8444-555555555555';
    expect(routeHash({ page: 'replay', game })).toBe(`#/replay/${game}`);
    expect(parseRoute(`#/replay/${game}`)).toEqual({ page: 'replay', game });
    expect(parseRoute(`#/replay/${game}?invite=a%20b`)).toEqual({ page: 'replay', game, invite: 'a b' });
  });
});

describe('the recruit preview on each land (issue 14)', () => {
  it("18.3: the selected legion's recruits by terrain, from the engine's recruitsByTerrain, on every land", () => {
    const played = playUntil((s) => s.turn?.player === 'p1' && s.step.kind === 'move');
    const ann = tableFor(played, 'p1', noop);
    const legion = ann.view.legions.find((l) => l.owner === 'p1' && l.characters?.includes('Titan'));
    if (legion === undefined) throw new Error('no Titan legion');
    const preview = recruitPreview(ann, legion);
    expect(preview).toEqual(
      recruitsByTerrain(legion.characters ?? [], legion.height, {
        variant: 'default',
        caretaker: ann.view.caretaker,
      }),
    );
    const markup = renderToStaticMarkup(<Masterboard legions={masterLegions(ann)} recruits={preview} />);
    // Every land says what could be mustered there; the lands of a terrain with recruits show the best one.
    for (const n of LAND_NUMBERS) {
      const recruits = preview?.[land(n).terrain] ?? [];
      const words = recruits.length === 0 ? 'could muster nothing' : `could muster ${recruits.join(', ')}`;
      expect(markup).toContain(`${land(n).terrain} ${n}; ${words}`);
    }
    expect(markup).toContain('class="recruit-preview"');
    // Nothing is previewed without a selected legion.
    expect(renderToStaticMarkup(<Masterboard legions={masterLegions(ann)} />)).not.toContain('could muster');
  });
});
