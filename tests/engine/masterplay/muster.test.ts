// Mustering (Complete Sequence 2.6; 6.4, 18.0-18.5, errata 18.0/18.1, 3.5, 4.1) and the end of the turn (2.7).
// Lands used (shared/data/masterboard.ts): Plains 1, Woods 2, Brush 3, Hills 4, Jungle 5, Desert 7, Marsh 8,
// Swamp 14, Tower 100, Mountains 1000, Tundra 2000.
import { describe, expect, it } from 'vitest';
import type { CharacterName, LandNumber } from '../../../shared/data/types';
import type { IntentOf } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { act, arrange, type Run, rejectionOf, setUpGame, standardFirstSplit } from '../support/game';

/** p1 at the muster step; his legion Bk01 moved this turn onto `land` with `characters`. */
function moved(
  land: LandNumber,
  characters: CharacterName[],
  caretaker: Partial<Record<CharacterName, number>> = {},
): Run {
  return arrange(
    setUpGame(),
    [
      { id: 'Bk01', land, characters },
      { id: 'Bk02', land: 600, characters: ['Angel', 'Ogre'] },
      { id: 'Bu01', land: 500, characters: ['Titan', 'Ogre'] },
    ],
    { moved: ['Bk01'], turnsTaken: 2, caretaker },
  );
}

/** The listed musters of Bk01 as "Creature<-A+B" ("Creature<-" when nothing need be revealed). */
function musters(run: Run): string[] {
  return legalIntents(run.state, 'p1').flatMap((i) =>
    i.type === 'muster' && i.legion === 'Bk01' ? [`${i.creature}<-${i.reveal.join('+')}`] : [],
  );
}

function muster(creature: CharacterName, reveal: CharacterName[], legion = 'Bk01'): IntentOf<'muster'> {
  return { type: 'muster', legion, creature, reveal };
}

const TREES: [string, LandNumber, CharacterName[], string[]][] = [
  // 18.2, 18.3 (rules-notes: Brush Gargoyle 2 Cyclops 2 Gorgon)
  [
    'Brush',
    3,
    ['Titan', 'Gargoyle', 'Gargoyle', 'Cyclops'],
    ['Gargoyle<-Cyclops', 'Gargoyle<-Gargoyle', 'Cyclops<-Cyclops', 'Cyclops<-Gargoyle+Gargoyle'],
  ],
  // Desert Lion 3 Griffon 2 Hydra
  [
    'Desert',
    7,
    ['Lion', 'Lion', 'Lion', 'Griffon'],
    ['Lion<-Griffon', 'Lion<-Lion', 'Griffon<-Griffon', 'Griffon<-Lion+Lion+Lion'],
  ],
  // Hills Ogre 3 Minotaur 2 Unicorn
  [
    'Hills',
    4,
    ['Minotaur', 'Minotaur'],
    ['Ogre<-Minotaur', 'Minotaur<-Minotaur', 'Unicorn<-Minotaur+Minotaur'],
  ],
  // Jungle Gargoyle 2 Cyclops 3 Behemoth 2 Serpent
  [
    'Jungle',
    5,
    ['Cyclops', 'Cyclops', 'Cyclops', 'Behemoth'],
    [
      'Gargoyle<-Behemoth',
      'Gargoyle<-Cyclops',
      'Cyclops<-Behemoth',
      'Cyclops<-Cyclops',
      'Behemoth<-Behemoth',
      'Behemoth<-Cyclops+Cyclops+Cyclops',
    ],
  ],
  // Marsh Ogre 2 Troll 2 Ranger; 18.4: two Ogres or one Troll muster a Troll
  ['Marsh', 8, ['Ogre', 'Ogre', 'Troll'], ['Ogre<-Ogre', 'Ogre<-Troll', 'Troll<-Ogre+Ogre', 'Troll<-Troll']],
  // Mountains Lion 2 Minotaur 2 Dragon 2 Colossus; 18.3: a Colossus musters any of the four
  [
    'Mountains',
    1000,
    ['Colossus'],
    ['Lion<-Colossus', 'Minotaur<-Colossus', 'Dragon<-Colossus', 'Colossus<-Colossus'],
  ],
  // Plains Centaur 2 Lion 2 Ranger
  [
    'Plains',
    1,
    ['Centaur', 'Centaur', 'Lion'],
    ['Centaur<-Centaur', 'Centaur<-Lion', 'Lion<-Centaur+Centaur', 'Lion<-Lion'],
  ],
  // Swamp Troll 3 Wyvern 2 Hydra
  ['Swamp', 14, ['Troll', 'Troll', 'Troll'], ['Troll<-Troll', 'Wyvern<-Troll+Troll+Troll']],
  // Tundra Troll 2 Warbear 2 Giant 2 Colossus
  [
    'Tundra',
    2000,
    ['Warbear', 'Warbear', 'Giant'],
    [
      'Troll<-Giant',
      'Troll<-Warbear',
      'Warbear<-Giant',
      'Warbear<-Warbear',
      'Giant<-Giant',
      'Giant<-Warbear+Warbear',
    ],
  ],
  // Woods Centaur 3 Warbear 2 Unicorn
  ['Woods', 2, ['Unicorn'], ['Centaur<-Unicorn', 'Warbear<-Unicorn', 'Unicorn<-Unicorn']],
  // 18.5, errata 18.0: Tower creatures revealing nothing; Guardian with three identical creatures; Warlock with the Titan
  [
    'Tower',
    100,
    ['Titan', 'Troll', 'Troll', 'Troll'],
    ['Centaur<-', 'Gargoyle<-', 'Ogre<-', 'Guardian<-Troll+Troll+Troll', 'Warlock<-Titan'],
  ],
];

describe('18.2-18.5: the recruit tree of every terrain, through muster', () => {
  for (const [terrain, land, characters, expected] of TREES) {
    it(`18.3, 18.5: ${terrain} (land ${land}) with ${characters.join(', ')}`, () => {
      const run = moved(land, characters);
      expect(musters(run)).toEqual(expected);
      // Every listed muster is accepted.
      for (const intent of legalIntents(run.state, 'p1')) {
        if (intent.type === 'muster') act({ state: run.state, events: [] }, 'p1', intent);
      }
    });
  }

  it('18.3: in the Marsh an Ogre musters an Ogre; a Troll a Troll or an Ogre; two Ogres a Troll', () => {
    expect(musters(moved(8, ['Titan', 'Ogre']))).toEqual(['Ogre<-Ogre']);
    expect(musters(moved(8, ['Titan', 'Troll']))).toEqual(['Ogre<-Troll', 'Troll<-Troll']);
    expect(musters(moved(8, ['Titan', 'Ogre', 'Ogre']))).toEqual(['Ogre<-Ogre', 'Troll<-Ogre+Ogre']);
  });

  it('18.3: in the Mountains two Lions muster a Minotaur but not a Dragon; two Minotaurs or a Dragon do', () => {
    expect(musters(moved(1000, ['Lion', 'Lion']))).toEqual(['Lion<-Lion', 'Minotaur<-Lion+Lion']);
    const r = rejectionOf(moved(1000, ['Lion', 'Lion']), 'p1', muster('Dragon', ['Lion', 'Lion']));
    expect(r).toMatchObject({ code: 'illegalMuster' });
    expect(r.rule).toContain('18.3');
    expect(musters(moved(1000, ['Minotaur', 'Minotaur']))).toContain('Dragon<-Minotaur+Minotaur');
    expect(musters(moved(1000, ['Dragon']))).toContain('Dragon<-Dragon');
  });

  it('18.3: lords qualify for nothing in a regular land; no legion musters a creature not of its terrain', () => {
    const run = moved(3, ['Titan', 'Angel']);
    expect(musters(run)).toEqual([]);
    expect(rejectionOf(moved(3, ['Titan', 'Ogre']), 'p1', muster('Ogre', ['Ogre'])).code).toBe(
      'illegalMuster',
    );
  });
});

describe('18.4, errata 18.0: what is revealed', () => {
  it('18.4: a Troll by showing two Ogres or one Troll; exactly one minimal set, nothing more or less', () => {
    const run = moved(8, ['Ogre', 'Ogre', 'Troll']);
    const tooMuch = rejectionOf(run, 'p1', muster('Troll', ['Ogre', 'Ogre', 'Troll']));
    expect(tooMuch.code).toBe('illegalMuster');
    expect(tooMuch.rule).toContain('18.4');
    expect(rejectionOf(run, 'p1', muster('Troll', ['Ogre'])).code).toBe('illegalMuster');
    // Only characters of the legion can be shown, and only for a creature they qualify.
    expect(rejectionOf(moved(8, ['Ogre', 'Troll']), 'p1', muster('Troll', ['Ogre', 'Ogre'])).code).toBe(
      'illegalMuster',
    );
    expect(rejectionOf(run, 'p1', muster('Ranger', ['Troll'])).code).toBe('illegalMuster');
    const events = act(run, 'p1', muster('Troll', ['Ogre', 'Ogre']));
    expect(events).toEqual([
      { type: 'legionMustered', legion: 'Bk01', creature: 'Troll', reveal: ['Ogre', 'Ogre'] },
      { type: 'stepBegan', step: { kind: 'muster', actor: 'p1' } },
    ]);
    // 18.0: the qualifying characters and the recruit become known.
    expect(run.state.legions.Bk01?.known).toEqual(['Ogre', 'Ogre', 'Troll']);
    expect(run.state.legions.Bk01?.characters).toEqual(['Ogre', 'Ogre', 'Troll', 'Troll']);
  });

  it('errata 18.0: a Tower Creature in a tower needs nothing revealed', () => {
    const run = moved(100, ['Titan', 'Troll']);
    expect(rejectionOf(run, 'p1', muster('Ogre', ['Troll'])).code).toBe('illegalMuster');
    act(run, 'p1', muster('Ogre', []));
    expect(run.state.legions.Bk01?.known).toEqual(['Ogre']);
  });

  it('errata 3.5: the caretaker hands the recruit out of his stacks', () => {
    const run = moved(8, ['Troll']);
    const before = run.state.caretaker.Troll ?? 0;
    act(run, 'p1', muster('Troll', ['Troll']));
    expect(run.state.caretaker.Troll).toBe(before - 1);
  });
});

describe('18.0, 18.1: who may muster', () => {
  it('errata 3.5, 18.0: a creature the caretaker has run out of cannot be mustered', () => {
    const run = moved(8, ['Ogre', 'Ogre', 'Troll'], { Troll: 0 });
    expect(musters(run)).toEqual(['Ogre<-Ogre', 'Ogre<-Troll']);
    const r = rejectionOf(run, 'p1', muster('Troll', ['Troll']));
    expect(r.code).toBe('illegalMuster');
    expect(r.message).toContain('no Troll left');
  });

  it('4.1, 18.1: a legion of seven cannot muster', () => {
    const run = moved(8, ['Titan', 'Troll', 'Troll', 'Ogre', 'Ogre', 'Ogre', 'Angel']);
    expect(musters(run)).toEqual([]);
    const r = rejectionOf(run, 'p1', muster('Troll', ['Troll']));
    expect(r).toMatchObject({ code: 'illegalMuster' });
    expect(r.rule).toContain('18.1');
  });

  it('18.0: one muster per legion per turn', () => {
    const run = moved(8, ['Troll', 'Troll']);
    act(run, 'p1', muster('Troll', ['Troll']));
    const r = rejectionOf(run, 'p1', muster('Ogre', ['Troll']));
    expect(r).toMatchObject({ code: 'illegalMuster', rule: '18.0' });
    expect(musters(run)).toEqual([]);
  });

  it('18.1: a legion that did not move cannot muster', () => {
    const run = moved(8, ['Troll', 'Troll']);
    const r = rejectionOf(run, 'p1', muster('Ogre', ['Ogre'], 'Bk02'));
    expect(r).toMatchObject({ code: 'illegalMuster', rule: '18.1' });
  });

  it("4.6, errata 1.3: not another player's legion, and not out of turn", () => {
    const run = moved(8, ['Troll', 'Troll']);
    expect(rejectionOf(run, 'p1', muster('Ogre', ['Ogre'], 'Bu01')).code).toBe('notYourLegion');
    expect(rejectionOf(run, 'p2', muster('Ogre', ['Ogre'], 'Bu01')).code).toBe('notYourTurn');
  });

  it('6.4, 18.1: through a real turn: the legion that moved into the Plains musters a Centaur', () => {
    const run = setUpGame({ towers: [600, 300] });
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    // 600 → 34 (Plains) with the Angel's legion (Angel, Centaur, Gargoyle, Ogre).
    act(run, 'p1', { type: 'moveLegion', legion: 'Bk02', land: 34, via: 'normal' });
    act(run, 'p1', { type: 'doneMoving' });
    expect(run.state.step).toEqual({ kind: 'muster', actor: 'p1' });
    expect(legalIntents(run.state, 'p1')).toEqual([
      { type: 'muster', legion: 'Bk02', creature: 'Centaur', reveal: ['Centaur'] },
      { type: 'endTurn' },
      { type: 'withdraw' },
    ]);
    // Bk01 did not move.
    expect(rejectionOf(run, 'p1', muster('Centaur', [], 'Bk01')).rule).toBe('18.1');
    act(run, 'p1', muster('Centaur', ['Centaur'], 'Bk02'));
  });
});

describe('Complete Sequence 2.7: the end of the turn', () => {
  it('2.7, 5.1: the turn ends and the next player in descending tower order begins', () => {
    const run = moved(8, ['Troll']);
    const events = act(run, 'p1', { type: 'endTurn' });
    const number = (run.state.turn?.number ?? 0) as number;
    expect(events).toEqual([
      { type: 'turnEnded', player: 'p1' },
      { type: 'turnStarted', player: 'p2', number },
      { type: 'stepBegan', step: { kind: 'split', actor: 'p2' } },
    ]);
    expect(run.state.turn?.player).toBe('p2');
    expect(run.state.turn?.moves).toEqual([]);
  });

  it('2.7: the end of the turn is not the end of movement: endTurn during movement is the wrong step', () => {
    const run = setUpGame();
    standardFirstSplit(run, 'p1');
    act(run, 'p1', { type: 'rollMovement' }, [1]);
    expect(rejectionOf(run, 'p1', { type: 'endTurn' }).code).toBe('wrongStep');
  });
});
