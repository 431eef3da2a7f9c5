// The normal bot: each legal intent is played forward on a state guessed from the bot's sight (a few seeded
// dice draws where dice matter) and the one whose outcome `evaluate` likes best is taken. Splits and musters
// follow rules of thumb that keep recruiting lines alive.
import { CHARACTERS, characterPoints } from '../data/characters';
import type { CharacterName } from '../data/types';
import { decide, evolve, type GameState, type Intent, legalIntents, seededDice } from '../engine/index';
import { evaluate } from './evaluate';
import type { BotSight } from './sight';
import { believedCharacters, guessState } from './sight';

/** Kinds the bot never picks while anything else is legal: they give up the game or take progress back. */
const NEVER: ReadonlySet<Intent['type']> = new Set(['withdraw', 'undoMove', 'resetManeuver', 'takeMulligan']);

export interface GreedyOptions {
  /** Dice draws per intent where dice decide the outcome. */
  readonly samples: number;
  /** At most this many intents are tried (a seeded sample of the rest is dropped). */
  readonly breadth: number;
  /** Engine steps (intents played forward) the decision may spend: the bound that makes it deterministic given
   *  its seed (no further intent is tried once they are spent). */
  readonly work: number;
  /** `performance.now()` after which no further intent is tried: a safety cap only, for a machine so loaded that
   *  `work` takes longer than the budget (then, and only then, the choice depends on the machine's speed). */
  readonly deadline: number;
  /** Weigh a maneuver by the strikes it leads to: the phase finished and the best strikes rolled (strong). */
  readonly lookahead: boolean;
  /** Draws of the hidden contents from what the counts allow (sight.ts drawnContents), each intent weighed on
   *  every draw; 0: one guess by game stage. */
  readonly draws: number;
  /** The strong bot's evaluation (evaluate.ts `exact`): danger by the rolls that bring stronger legions onto the
   *  bot's (reach.ts), not by distance, and a Titan slain in the looked-ahead battle weighed as the game lost. */
  readonly exact: boolean;
}

/** The state after `intent` (null: the engine refused it on the guessed state, or the guess broke one of its
 *  assumptions, e.g. a proposal naming a character the guess left out). */
function playForward(state: GameState, seat: string, intent: Intent, seed: number): GameState | null {
  try {
    const d = decide(state, seat, intent, seededDice(seed));
    if ('rejected' in d) return null;
    let s = state;
    for (const e of d.events) s = evolve(s, e);
    return s;
  } catch {
    return null;
  }
}

export function greedyIntent(sight: BotSight, random: () => number, o: GreedyOptions): Intent | null {
  // A lost engagement: the strong bot flees where it may (9.2: the attacker scores only half) and otherwise
  // fights on, making the winner pay; the normal bot concedes (errata 9.4: the whole legion, the winner
  // scoring in full). Never with the Titan in it (19.0).
  const lost = hopeless(sight);
  if (lost && o.lookahead && sight.legal.some((i) => i.type === 'flee')) return { type: 'flee' };
  const concede = lost && !o.lookahead;
  const candidates = sight.legal.filter(
    (i) =>
      !NEVER.has(i.type) && (i.type !== 'concede' || concede) && (i.type !== 'propose' || fair(sight, i)),
  );
  if (concede && candidates.some((i) => i.type === 'concede')) return { type: 'concede' };
  if (candidates.length === 0)
    return sight.legal.find((i) => i.type !== 'withdraw') ?? sight.legal[0] ?? null;
  if (candidates.length === 1) return candidates[0] ?? null;
  const ruled = ruleOfThumb(sight, candidates);
  if (ruled !== null) return ruled;
  const bases =
    o.draws === 0 ? [guessState(sight)] : Array.from({ length: o.draws }, () => guessState(sight, random));
  const moving = candidates.filter((i) => !standingChoice(bases[0], sight.seat, i));
  const tried = shuffled(moving.length === 0 ? candidates : moving, random).slice(0, o.breadth);
  const diceSeed = Math.floor(random() * 2 ** 31);
  const work: Work = { left: o.work };
  let best: Intent | null = null;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const intent of tried) {
    if (best !== null && (work.left <= 0 || performance.now() > o.deadline)) break;
    // A battle is public (9.1): one draw of the hidden contents elsewhere is enough to weigh its moves.
    const weighed = sight.view.battle === null ? bases : bases.slice(0, 1);
    let value = 0;
    for (const base of weighed) {
      value +=
        o.lookahead && (intent.type === 'moveCharacter' || intent.type === 'doneManeuvering')
          ? maneuverValue(base, sight.seat, intent, diceSeed, o.samples, o.exact, work)
          : expectedValue(
              base,
              sight.seat,
              intent,
              diceSeed,
              rollsDice(intent) ? o.samples : 1,
              o.exact,
              work,
            );
    }
    value /= weighed.length;
    if (value > bestValue) {
      bestValue = value;
      best = intent;
    }
  }
  return best ?? tried[0] ?? null;
}

/** A power's standing choice (an announcement, a call, an election: CE 41 M1/B1, 64 B1): it changes only the
 *  powers' memory and the step stays. The bot leaves such choices as they stand: weighed against the step's
 *  own choices, which change the position, it could take them back and forth for ever. */
function standingChoice(state: GameState | undefined, seat: string, intent: Intent): boolean {
  if (intent.type !== 'usePower' || state === undefined || state.step.kind === 'powerDecision') return false;
  const after = playForward(state, seat, intent, 0);
  if (after === null) return true;
  const { ce: ceAfter, ...restAfter } = after;
  const { ce, ...rest } = state;
  return (
    JSON.stringify(restAfter) === JSON.stringify(rest) &&
    JSON.stringify(ceAfter?.powers) === JSON.stringify(ce?.powers)
  );
}

/** 9.3: proposals the bot makes are ones it would gladly see accepted: it never offers its Titan (19.0), and
 *  in each proposal its side loses no more (in points) than the other. */
function fair(sight: BotSight, intent: Intent): boolean {
  const e = sight.view.engagement;
  if (intent.type !== 'propose' || e === null) return false;
  const attacking = e.attackerOwner === sight.seat;
  const raised = sight.view.ce?.raised ?? {};
  const worth = (cs: readonly CharacterName[]) =>
    cs.reduce((sum, c) => sum + characterPoints(c, 0, raised), 0);
  return intent.proposals.every((p) => {
    const mine = attacking ? p.attackerLosses : p.defenderLosses;
    const theirs = attacking ? p.defenderLosses : p.attackerLosses;
    return !mine.includes('Titan') && worth(mine) <= worth(theirs);
  });
}

/** The seat's legion in the engagement has no Titan and next to no chance (its strength a small part of the
 *  other's, as the battle or what it knows of the legions shows). */
export function hopeless(sight: BotSight): boolean {
  const e = sight.view.engagement;
  if (e === null) return false;
  const mine =
    e.attackerOwner === sight.seat ? e.attacker : e.defenderOwner === sight.seat ? e.defender : null;
  if (mine === null) return false;
  const theirs = mine === e.attacker ? e.defender : e.attacker;
  const b = sight.view.battle;
  const living = (legion: string): { type: CharacterName; power: number; hits: number }[] =>
    b !== null
      ? b.characters.filter((c) => c.legion === legion && c.hits < c.power)
      : believedCharacters(sight, legion).map((type) => ({
          type,
          power: CHARACTERS[type].power ?? 6,
          hits: 0,
        }));
  const us = living(mine);
  if (us.some((c) => c.type === 'Titan')) return false;
  const force = (cs: ReturnType<typeof living>) =>
    cs.reduce((sum, c) => sum + (c.power - c.hits) * CHARACTERS[c.type].skill, 0);
  return force(us) < 0.15 * force(living(theirs));
}

function rollsDice(intent: Intent): boolean {
  return intent.type === 'strike' || intent.type === 'rangestrike' || intent.type === 'doneManeuvering';
}

/** What is left of a decision's engine steps (GreedyOptions.work). */
interface Work {
  left: number;
}

/** playForward, one engine step spent. */
function spend(work: Work, state: GameState, seat: string, intent: Intent, seed: number): GameState | null {
  work.left--;
  return playForward(state, seat, intent, seed);
}

/** The mean value of the states after `intent` over `samples` dice draws. */
function expectedValue(
  base: GameState,
  seat: string,
  intent: Intent,
  seed: number,
  samples: number,
  exact: boolean,
  work: Work,
): number {
  let total = 0;
  for (let k = 0; k < samples; k++) {
    const after = spend(work, base, seat, intent, seed + k * 7919);
    if (after === null) return Number.NEGATIVE_INFINITY;
    total += evaluate(after, seat, exact);
  }
  return total / samples;
}

/** A maneuver weighed by what follows in the same battle turn: the maneuver ended (if it may end now) and the
 *  strike phase played with the strike that promises the most hits each time (12.x, as the engine lists them
 *  with their hazard-adjusted Strike-numbers and dice), over a few dice draws. */
function maneuverValue(
  base: GameState,
  seat: string,
  intent: Intent,
  seed: number,
  samples: number,
  exact: boolean,
  work: Work,
): number {
  const moved = spend(work, base, seat, intent, seed);
  if (moved === null) return Number.NEGATIVE_INFINITY;
  const ended =
    intent.type === 'doneManeuvering'
      ? moved
      : (spend(work, moved, seat, { type: 'doneManeuvering' }, seed) ?? moved);
  if (ended === moved && intent.type !== 'doneManeuvering') return evaluate(moved, seat, exact);
  let total = 0;
  for (let k = 0; k < samples; k++)
    total += evaluate(strikeOut(ended, seed + 104_729 * (k + 1), work), seat, exact);
  return total / samples;
}

/** The strike phase played out, the strikes and then the counterstrikes (10.6), each player striking greedily
 *  (expected hits on the target, capped by what it can take, times its value per hit, a Titan hunted: 19.0);
 *  carried-over damage goes to the first target offered; a chance to concede before drift damage is passed. */
function strikeOut(state: GameState, seed: number, work: Work): GameState {
  let s = state;
  for (let n = 0; n < 48; n++) {
    const step = s.step;
    const battle = s.battle;
    if (battle === null || !('actor' in step)) return s;
    let next: Intent | null = null;
    if (step.kind === 'driftConcession') next = { type: 'pass' };
    else if (step.kind === 'carryOver')
      next = legalIntents(s, step.actor).find((i) => i.type === 'assignCarryOver') ?? null;
    else if (step.kind === 'strike' || step.kind === 'counterstrike') {
      const legal = legalIntents(s, step.actor);
      let best = 0;
      for (const i of legal) {
        if (i.type !== 'strike' && i.type !== 'rangestrike') continue;
        const target = battle.characters.find((c) => c.id === i.target);
        if (target === undefined) continue;
        const hits = Math.min((i.dice * (7 - i.strikeNumber)) / 6, target.power - target.hits);
        const worth =
          (hits * characterPoints(target.type, 0)) / target.power + (target.type === 'Titan' ? 50 : 0);
        if (worth > best) {
          best = worth;
          next = i;
        }
      }
      next ??= legal.find((i) => i.type === 'doneStriking') ?? null;
    }
    if (next === null) return s;
    const after = spend(work, s, step.actor, next, seed + n);
    if (after === null) return s;
    s = after;
  }
  return s;
}

/** Splits and musters by rule (the evaluation cannot see their worth one move ahead), and a power's second roll. */
function ruleOfThumb(sight: BotSight, legal: readonly Intent[]): Intent | null {
  const step = sight.view.step.kind;
  // CE 27 B1: the once-per-battle second roll of an attack can only help; the bot takes it before its first attack
  // of the battle (a standing choice, which the lookahead alone would never take).
  const twice = legal.find((i) => i.type === 'usePower' && i.act === 'rollTwice');
  if (twice !== undefined && legal.some((i) => i.type === 'strike' || i.type === 'rangestrike')) return twice;
  if (step === 'muster') {
    const musters = legal.filter((i) => i.type === 'muster');
    if (musters.length === 0) return legal.find((i) => i.type === 'endTurn') ?? null;
    // 18.x: the best recruit, shown with as little as possible.
    return [...musters].sort(
      (a, b) =>
        points(b) - points(a) ||
        (a.type === 'muster' && b.type === 'muster' ? a.reveal.length - b.reveal.length : 0),
    )[0] as Intent;
  }
  if (step === 'split') {
    // CE 53 M2: the Gypsy foretells the coming rolls first (it costs nothing and tells him his own).
    const foretell = legal.find((i) => i.type === 'usePower' && i.act === 'foretell');
    if (foretell !== undefined) return foretell;
    const splits = legal.filter((i) => i.type === 'split');
    const roll = legal.find((i) => i.type === 'rollMovement');
    let best: Intent | null = roll ?? null;
    let bestScore = roll === undefined ? Number.NEGATIVE_INFINITY : 0;
    for (const s of splits) {
      const score = splitScore(sight, s);
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    return best;
  }
  return null;
}

function points(i: Intent): number {
  return i.type === 'muster' ? characterPoints(i.creature, 0) : 0;
}

/** How much a split is worth doing (> 0) and which division is best: 4.3. Tall legions split, each part keeps
 *  pairs of a creature (two of a kind muster the next one up, 18.3), the Titan's part keeps the strength. */
export function splitScore(sight: BotSight, intent: Intent): number {
  if (intent.type !== 'split') return Number.NEGATIVE_INFINITY;
  const parent = sight.view.legions.find((l) => l.marker === intent.legion);
  const all = parent?.characters ?? [];
  const groups = intent.groups.map((g) => g.characters);
  const moved = groups.flat();
  const kept = [...all];
  for (const c of moved) kept.splice(kept.indexOf(c), 1);
  const parts = [kept, ...groups];
  const firstTurn = (sight.view.turn?.number ?? 1) <= sight.view.players.length;
  // Worth splitting: a full legion cannot muster (4.1); six of them soon will be.
  let score = firstTurn ? 100 : all.length >= 7 ? 40 : all.length === 6 ? 12 : -20;
  for (const part of parts) {
    score += 6 * pairs(part);
    if (part.includes('Titan')) score += 0.1 * partStrength(part);
    // A lone weak part is an easy victim; the Angel goes with the Titan or the strong part.
    if (part.length <= 2) score -= 8;
  }
  const titanPart = parts.find((p) => p.includes('Titan')) ?? [];
  if (titanPart.includes('Angel') || titanPart.includes('Archangel')) score += firstTurn ? -4 : 4;
  return score;
}

function pairs(part: readonly CharacterName[]): number {
  const counts = new Map<CharacterName, number>();
  for (const c of part) counts.set(c, (counts.get(c) ?? 0) + 1);
  let n = 0;
  for (const [c, k] of counts) if (k >= 2 && c !== 'Angel' && c !== 'Archangel') n++;
  return n;
}

function partStrength(part: readonly CharacterName[]): number {
  return part.reduce((s, c) => s + characterPoints(c, 0), 0);
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}
