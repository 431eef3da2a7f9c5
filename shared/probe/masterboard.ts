// The masterboard half of the rules oracle (../../../shared/specs/probe.md, "Masterboard queries"): the legal
// moves of one legion (7.x, 8.x) and what it could muster in its land (18.x).

import { z } from 'zod';
import { isLandNumber, land } from '../data/masterboard';
import type { AttackerSide, CharacterName, LandNumber } from '../data/types';
import { CHARACTER_NAMES } from '../data/types';
import type { LegionMove, MoveVia } from '../engine/movement';
import { legalMoves } from '../engine/movement';
import { canMuster, recruitOptions } from '../engine/muster';

const LandString = z
  .string()
  .refine((s) => /^[1-9]\d*$/.test(s) && isLandNumber(Number(s)), {
    message: 'not a land number of the Masterboard',
  })
  .transform((s): LandNumber => Number(s));

const Character = z.enum(CHARACTER_NAMES);

const Ask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('moves') }),
  z.object({ kind: z.literal('recruits') }),
]);

const MasterboardQuery = z.object({
  query: z.literal('masterboard'),
  legion: z.object({
    land: LandString,
    // 4.1, errata 4.1/5.2: at most seven characters (eight before a player's first split).
    characters: z
      .array(Character)
      .min(1)
      .max(8)
      .refine((cs) => cs.filter((c) => c === 'Titan').length <= 1, {
        message: 'a legion holds at most one Titan',
      }),
  }),
  score: z.number().int().min(0).default(0),
  roll: z.number().int().min(1).max(6).optional(),
  friendly: z.array(LandString).default([]),
  enemy: z.array(LandString).default([]),
  // Extensions beyond the spec's example, all optional: lands already engaged this phase (7.1), whether a
  // teleport was used this phase (8.0), the TITANplus variant (21.3) and the caretaker's stacks.
  engaged: z.array(LandString).default([]),
  teleportUsed: z.boolean().default(false),
  variant: z.enum(['default', 'titanPlus']).default('default'),
  caretaker: z.partialRecord(Character, z.number().int().min(0)).optional(),
  ask: z.array(Ask),
});
type MasterboardQuery = z.infer<typeof MasterboardQuery>;

/** Answers one masterboard query; throws an Error saying what is wrong with a malformed one. */
export function answerMasterboardQuery(query: unknown): Record<string, unknown> {
  const parsed = MasterboardQuery.safeParse(query);
  if (!parsed.success) throw new Error(describeIssues(parsed.error));
  const q = parsed.data;
  if (q.enemy.includes(q.legion.land)) {
    throw new Error('enemy: the moving legion cannot share its land with an enemy legion');
  }
  const answers = q.ask.map((ask) => (ask.kind === 'moves' ? answerMoves(q) : answerRecruits(q)));
  return { answers };
}

interface MoveItem {
  readonly land: string;
  readonly via: MoveVia;
  readonly entry?: AttackerSide;
}

function answerMoves(q: MasterboardQuery): { moves: MoveItem[] } {
  if (q.roll === undefined) throw new Error('roll: a "moves" ask needs the movement roll (1..6)');
  const moves = legalMoves({
    from: q.legion.land,
    roll: q.roll,
    characters: q.legion.characters,
    score: q.score,
    friendly: q.friendly,
    enemy: q.enemy,
    engaged: q.engaged,
    teleportUsed: q.teleportUsed,
  });
  // The spec's lists are sorted with land numbers as strings; via and entry break ties the same way. The
  // `entry` key is present only for a move ending on an enemy legion (the spec's example omits it otherwise).
  return { moves: moves.map(moveItem).sort(compareMoveItems) };
}

function moveItem(m: LegionMove): MoveItem {
  return m.entry === null
    ? { land: String(m.land), via: m.via }
    : { land: String(m.land), via: m.via, entry: m.entry };
}

function compareMoveItems(a: MoveItem, b: MoveItem): number {
  return (
    compareStrings(a.land, b.land) ||
    compareStrings(a.via, b.via) ||
    compareStrings(a.entry ?? '', b.entry ?? '')
  );
}

function answerRecruits(q: MasterboardQuery): {
  recruits: { creature: CharacterName; reveal: CharacterName[][] }[];
} {
  // 4.1, 18.1: a legion of seven cannot muster.
  if (!canMuster(q.legion.characters)) return { recruits: [] };
  const options = recruitOptions(land(q.legion.land).terrain, q.legion.characters, {
    variant: q.variant,
    ...(q.caretaker === undefined ? {} : { caretaker: q.caretaker }),
  });
  // Sorted by creature name (the spec sorts its lists); each option's reveals are already sorted.
  return {
    recruits: options
      .map((o) => ({ creature: o.creature, reveal: o.reveal }))
      .sort((a, b) => compareStrings(a.creature, b.creature)),
  };
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
