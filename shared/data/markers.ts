// 4.2: each player has twelve Legion Markers of his colour; ids and names are generated from the reference
// by tools/import-reference.ts (generated/markers.ts).

import { MARKER_DATA } from './generated/markers';
import type { Marker, MarkerId, PlayerColor } from './types';
import { PLAYER_COLORS } from './types';

export const MARKERS: Readonly<Record<PlayerColor, readonly Marker[]>> = MARKER_DATA;

const BY_ID: ReadonlyMap<MarkerId, Marker> = new Map(
  PLAYER_COLORS.flatMap((c) => MARKERS[c].map((m) => [m.id, m])),
);

export function isMarkerId(id: string): id is MarkerId {
  return BY_ID.has(id);
}

/** The marker with this id; throws on an unknown id (a bug: validate input with isMarkerId). */
export function marker(id: MarkerId): Marker {
  const m = BY_ID.get(id);
  if (m === undefined) throw new Error(`unknown marker ${id}`);
  return m;
}

/** A legion by its marker's colour and name ("Black Axes"), never its id (issue 14); 'a legion' for an unknown id. */
export function legionName(id: string): string {
  const m = BY_ID.get(id as MarkerId);
  return m === undefined ? 'a legion' : `${m.color} ${m.name}`;
}

/** The colour of a marker id such as 'Bk01'; throws on an unknown id. */
export function markerColor(id: MarkerId): PlayerColor {
  return marker(id).color;
}
