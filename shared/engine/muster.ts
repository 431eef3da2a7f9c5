// Mustering (18.0–18.5, errata 18.0): what a legion may muster in a land and which characters it may reveal to
// qualify. The 7-character limit is `canMuster`; the one-muster-per-turn and moved-this-turn rules (18.1) belong
// to the state machine.

import { CHARACTERS } from '../data/characters';
import type { GameVariant } from '../data/mastercharts';
import { MASTERCHARTS, towerCreatures } from '../data/mastercharts';
import { type CharacterName, type RecruitStep, TERRAINS, type Terrain } from '../data/types';
import { countOf } from './contents';

/** A creature the legion may muster, with every minimal set of its characters it could reveal to qualify
 *  (18.4). An empty set means nothing need be revealed (errata 18.0: a Tower Creature in a Tower). */
export interface RecruitOption {
  readonly creature: CharacterName;
  readonly reveal: CharacterName[][];
}

export interface RecruitOptionsOpts {
  readonly variant?: GameVariant;
  /** What the caretaker still holds; a creature with 0 (or less) left is not offered. Missing: plenty. */
  readonly caretaker?: Readonly<Partial<Record<CharacterName, number>>>;
  /** CE Titan: the legion's power changes the options (ce/hooks.ts powerRecruits), before the limits above. */
  readonly adjust?: (options: RecruitOption[]) => RecruitOption[];
}

/** 4.1, 18.1: a legion of seven characters cannot muster. */
export const MAX_LEGION_HEIGHT = 7;

/** 4.1, 18.1: the legion has room for one more character. */
export function canMuster(characters: readonly CharacterName[]): boolean {
  return characters.length > 0 && characters.length < MAX_LEGION_HEIGHT;
}

/** 21.3: TITANplus does not use Centaurs, Gargoyles or Ogres at all. */
export const UNUSED_IN_TITAN_PLUS: readonly CharacterName[] = ['Centaur', 'Gargoyle', 'Ogre'];

/**
 * What a legion holding `characters` could muster in a land of `terrain` (18.3–18.5, errata 18.0), in the
 * order of the Masterchart (Tower: the Tower Creatures, then Guardian, then Warlock), each with every minimal
 * set of characters it could reveal (18.4), sorted. Ignores the 7-character limit (see `canMuster`).
 */
export function recruitOptions(
  terrain: Terrain,
  characters: readonly CharacterName[],
  opts: RecruitOptionsOpts = {},
): RecruitOption[] {
  const variant = opts.variant ?? 'default';
  const standard =
    terrain === 'Tower' ? towerOptions(characters, variant) : chartOptions(terrain, characters);
  const options = opts.adjust === undefined ? standard : opts.adjust(standard);
  return options.filter(
    (o) =>
      o.reveal.length > 0 &&
      !(variant === 'titanPlus' && UNUSED_IN_TITAN_PLUS.includes(o.creature)) &&
      (opts.caretaker?.[o.creature] ?? 1) > 0,
  );
}

/**
 * A recruit preview (issue 14): what a legion holding `characters` could muster in each terrain (18.3–18.5), the
 * creatures of `recruitOptions` by name; nothing anywhere for a legion of seven (18.1, `canMuster`). For a
 * legion partly known, `characters` is what is surely in it: it could muster at least these.
 */
export function recruitsByTerrain(
  characters: readonly CharacterName[],
  height: number,
  opts: RecruitOptionsOpts = {},
): Readonly<Record<Terrain, readonly CharacterName[]>> {
  const full = height >= MAX_LEGION_HEIGHT;
  return Object.fromEntries(
    TERRAINS.map((t) => [t, full ? [] : recruitOptions(t, characters, opts).map((o) => o.creature)]),
  ) as Record<Terrain, CharacterName[]>;
}

/** 18.2, 18.3: on a regular terrain a Creature of the chart musters a like or any lesser Creature; the number
 *  beside a Creature of it muster the next one up; no step may be skipped. */
function chartOptions(
  terrain: Exclude<Terrain, 'Tower'>,
  characters: readonly CharacterName[],
): RecruitOption[] {
  const chart = MASTERCHARTS[terrain];
  return chart.map((step, i) => {
    // Each reveal is one creature (once or several times), so sorted already: only their list is sorted.
    const reveal: CharacterName[][] = [];
    // A like or any greater creature of this chart: one suffices.
    for (let j = i; j < chart.length; j++) {
      const higher = (chart[j] as RecruitStep).creature;
      if (characters.includes(higher)) reveal.push([higher]);
    }
    // Several of the creature just below.
    const below = chart[i - 1];
    if (below?.toMusterNext != null && countOf(characters, below.creature) >= below.toMusterNext) {
      reveal.push(Array<CharacterName>(below.toMusterNext).fill(below.creature));
    }
    return { creature: step.creature, reveal: reveal.sort(compareNameLists) };
  });
}

/** 18.5, errata 18.0: in a Tower any legion may muster a Tower Creature revealing nothing; a Guardian with any
 *  three identical Creatures or a Guardian; a Warlock with its Titan or a Warlock. */
function towerOptions(characters: readonly CharacterName[], variant: GameVariant): RecruitOption[] {
  if (characters.length === 0) return [];
  const tower = towerCreatures(variant).map((creature): RecruitOption => ({ creature, reveal: [[]] }));
  const guardian: CharacterName[][] = [];
  for (const name of new Set(characters)) {
    if (CHARACTERS[name].class === 'creature' && countOf(characters, name) >= 3)
      guardian.push([name, name, name]);
  }
  if (characters.includes('Guardian')) guardian.push(['Guardian']);
  const warlock: CharacterName[][] = [];
  if (characters.includes('Titan')) warlock.push(['Titan']);
  if (characters.includes('Warlock')) warlock.push(['Warlock']);
  return [
    ...tower,
    { creature: 'Guardian', reveal: sortReveals(guardian) },
    { creature: 'Warlock', reveal: sortReveals(warlock) },
  ];
}

/** Each set sorted by name, the sets in lexicographic order (a shorter prefix first). */
export function sortReveals(reveals: readonly (readonly CharacterName[])[]): CharacterName[][] {
  return reveals.map((r) => [...r].sort()).sort(compareNameLists);
}

function compareNameLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
