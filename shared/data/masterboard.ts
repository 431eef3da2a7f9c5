// The Masterboard (2.1, 7.0): 96 Lands and the Signs between them, typed; the data is generated from the
// reference by tools/import-reference.ts (generated/masterboard.ts).

import { MASTERBOARD_LANDS } from './generated/masterboard';
import type { Exit, Land, LandNumber } from './types';

export const LANDS: ReadonlyMap<LandNumber, Land> = new Map(MASTERBOARD_LANDS.map((l) => [l.number, l]));

/** Every land number, ascending. */
export const LAND_NUMBERS: readonly LandNumber[] = MASTERBOARD_LANDS.map((l) => l.number).sort(
  (a, b) => a - b,
);

/** 2.1, 5.1: the six Tower Lands. */
export const TOWER_LANDS: readonly LandNumber[] = [100, 200, 300, 400, 500, 600];

export function isLandNumber(n: number): boolean {
  return LANDS.has(n);
}

/** The land with this number; throws on an unknown number (a bug: callers validate input with isLandNumber). */
export function land(n: LandNumber): Land {
  const l = LANDS.get(n);
  if (l === undefined) throw new Error(`unknown land ${n}`);
  return l;
}

/** 7.3: the sign on `from` pointing to `to`, or null when `from` has none toward it. */
export function exitBetween(from: LandNumber, to: LandNumber): Exit | null {
  return land(from).exits.find((e) => e.to === to) ?? null;
}
