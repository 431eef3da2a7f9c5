// The battle half of the rules oracle (../../../shared/specs/probe.md, "Battle queries"): where a character may
// move (11.x), how it may strike (12.x) and rangestrike (13.x), and line of sight (13.3), in a stated position.

import { z } from 'zod';
import { CHARACTERS } from '../data/characters';
import { ATTACKER_SIDES, CHARACTER_NAMES, HEX_LABELS, TERRAINS } from '../data/types';
import { lineOfSightBlocked } from '../engine/battle/lineOfSight';
import { maneuverMoves } from '../engine/battle/maneuver';
import type { BattleCharacter, BattlePosition, BattleSide } from '../engine/battle/position';
import { rangestrikeOptions } from '../engine/battle/rangestrike';
import { strikeOptions } from '../engine/battle/strike';
import { compareIds } from '../engine/order';

const Side = z.enum(['attacker', 'defender']);
const Hex = z.enum(HEX_LABELS);

const Character = z.object({
  id: z.string().min(1),
  side: Side,
  type: z.enum(CHARACTER_NAMES),
  hex: Hex.nullable(),
  hits: z.number().int().min(0).default(0),
  power: z.number().int().min(1).optional(),
});

const Ask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('moves'), character: z.string() }),
  z.object({ kind: z.literal('strikes'), character: z.string() }),
  z.object({ kind: z.literal('rangestrikes'), character: z.string() }),
  z.object({ kind: z.literal('lineOfSight'), from: Hex, to: Hex }),
]);
type Ask = z.infer<typeof Ask>;

const BattleQuery = z.object({
  query: z.literal('battle'),
  land: z.enum(TERRAINS),
  attackerEntry: z.enum(ATTACKER_SIDES).optional(),
  // Whose phase it is: only that side may rangestrike (13.0); absent, no side is excluded.
  active: Side.optional(),
  // Validated but not needed: "moves" assume the character has not moved yet, strikes are the same either way.
  phase: z.enum(['maneuver', 'strike']).optional(),
  characters: z.array(Character),
  ask: z.array(Ask),
});
type BattleQuery = z.infer<typeof BattleQuery>;

/** Answers one battle query; throws an Error saying what is wrong with a malformed one. */
export function answerBattleQuery(query: unknown): Record<string, unknown> {
  const parsed = BattleQuery.safeParse(query);
  if (!parsed.success) throw new Error(describeIssues(parsed.error));
  const q = parsed.data;
  const pos = position(q);
  return { answers: q.ask.map((ask) => answer(pos, q.active, ask)) };
}

function position(q: BattleQuery): BattlePosition {
  // 10.2, errata 2.2/10.4: in a Tower the attacker always enters from the bottom.
  if (q.land === 'Tower' && q.attackerEntry !== undefined && q.attackerEntry !== 'bottom') {
    throw new Error('attackerEntry: in a Tower the attacker always enters from the bottom (10.2)');
  }
  const attackerEntry = q.land === 'Tower' ? 'bottom' : q.attackerEntry;
  if (attackerEntry === undefined) throw new Error('attackerEntry: required (left, right or bottom)');
  const ids = new Set<string>();
  const hexes = new Set<string>();
  const characters: BattleCharacter[] = q.characters.map((c, i) => {
    if (ids.has(c.id)) throw new Error(`characters.${i}.id: ${JSON.stringify(c.id)} is used twice`);
    ids.add(c.id);
    if (c.hex !== null) {
      if (hexes.has(c.hex)) throw new Error(`characters.${i}.hex: two characters on ${c.hex}`);
      hexes.add(c.hex);
    }
    const power = c.power ?? CHARACTERS[c.type].power;
    if (power === null) {
      throw new Error(`characters.${i}.power: a Titan needs its power (6 + score div 100, 19.1)`);
    }
    return { id: c.id, side: c.side, type: c.type, power, hex: c.hex, hits: c.hits };
  });
  q.ask.forEach((ask, i) => {
    if (ask.kind !== 'lineOfSight' && !ids.has(ask.character)) {
      throw new Error(`ask.${i}.character: no character ${JSON.stringify(ask.character)}`);
    }
  });
  return { terrain: q.land, attackerEntry, characters };
}

function answer(pos: BattlePosition, active: BattleSide | undefined, ask: Ask): Record<string, unknown> {
  switch (ask.kind) {
    case 'moves':
      return { hexes: [...maneuverMoves(pos, ask.character)].sort(compareIds) };
    case 'strikes':
      return {
        options: strikeOptions(pos, ask.character).map((o) => ({
          target: o.target,
          strikeNumber: o.strikeNumber,
          dice: o.dice,
          carryTo: [...o.carryTo].sort(compareIds),
        })),
      };
    case 'rangestrikes':
      return { options: rangestrikes(pos, active, ask.character) };
    case 'lineOfSight':
      return { blocked: lineOfSightBlocked(pos, ask.from, ask.to) };
  }
}

/** 13.0: only the player whose Maneuver Phase preceded the Strike Phase (the active one) may rangestrike. */
function rangestrikes(
  pos: BattlePosition,
  active: BattleSide | undefined,
  id: string,
): { target: string; strikeNumber: number; dice: number }[] {
  const striker = pos.characters.find((c) => c.id === id);
  if (striker === undefined || (active !== undefined && striker.side !== active)) return [];
  const unique = new Map<string, { target: string; strikeNumber: number; dice: number }>();
  for (const o of rangestrikeOptions(pos, id)) {
    const item = { target: o.target, strikeNumber: o.strikeNumber, dice: o.dice };
    unique.set(`${item.target}\u0000${item.strikeNumber}\u0000${item.dice}`, item);
  }
  return [...unique.values()].sort(
    (a, b) => compareIds(a.target, b.target) || a.strikeNumber - b.strikeNumber || a.dice - b.dice,
  );
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
