// Colours and short names for drawing the boards. Every colour is paired with text (a name, an initial or a
// glyph), so no information is carried by hue alone.
import type { HexTerrain, PlayerColor, Terrain } from '../../../shared/data/types';

export interface Fill {
  readonly fill: string;
  /** Text colour readable on `fill`. */
  readonly ink: string;
}

/** Masterboard land colours (after the printed board: red Mountains, yellow Plains, white Tower ...). */
export const TERRAIN_FILL: Readonly<Record<Terrain, Fill>> = {
  Brush: { fill: '#9fb552', ink: '#1d2608' },
  Desert: { fill: '#eda24a', ink: '#3a2000' },
  Hills: { fill: '#a9713d', ink: '#fff' },
  Jungle: { fill: '#2e7a3a', ink: '#fff' },
  Marsh: { fill: '#8d7fa6', ink: '#fff' },
  Mountains: { fill: '#c23b32', ink: '#fff' },
  Plains: { fill: '#f1dc62', ink: '#3b3300' },
  Swamp: { fill: '#35605e', ink: '#fff' },
  Tower: { fill: '#e9e7e2', ink: '#222' },
  Tundra: { fill: '#b9dcef', ink: '#0b2a3a' },
  Woods: { fill: '#6f8f2e', ink: '#fff' },
};

/** Battle hex terrain colours; the terrain's name is written on every non-Plains hex as well. */
export const HEX_TERRAIN_FILL: Readonly<Record<HexTerrain, Fill>> = {
  Plains: { fill: '#e9e3b8', ink: '#333' },
  Tree: { fill: '#4f8a3c', ink: '#fff' },
  Bramble: { fill: '#8a9a3a', ink: '#fff' },
  Sand: { fill: '#f3c971', ink: '#4a3300' },
  Bog: { fill: '#6b5a3a', ink: '#fff' },
  Drift: { fill: '#f4fbff', ink: '#234' },
  Volcano: { fill: '#d8461f', ink: '#fff' },
  Tower: { fill: '#b7b4ad', ink: '#222' },
};

/**
 * Player colours. Besides the hue each colour has its own lightness, a two-letter code (as in the marker ids)
 * and a glyph, so colour-blind players can tell them apart.
 */
export const PLAYER_FILL: Readonly<
  Record<PlayerColor, Fill & { readonly code: string; readonly glyph: string }>
> = {
  Black: { fill: '#1e1e1e', ink: '#fff', code: 'Bk', glyph: '●' },
  Blue: { fill: '#2f6fd6', ink: '#fff', code: 'Bu', glyph: '▲' },
  Brown: { fill: '#7a4a22', ink: '#fff', code: 'Br', glyph: '■' },
  Gold: { fill: '#f0c419', ink: '#2a2000', code: 'Gd', glyph: '★' },
  Green: { fill: '#3fa34d', ink: '#08200c', code: 'Gr', glyph: '◆' },
  Red: { fill: '#c8262c', ink: '#fff', code: 'Rd', glyph: '✚' },
};

/** Fallback for a legion or character whose colour is not known yet. */
export const NEUTRAL_FILL: Fill = { fill: '#888', ink: '#fff' };
