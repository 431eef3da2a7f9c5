// How good a position looks to one player: the value the normal and strong bots maximise. It reads a state
// that `guessState` built from the player's sight (other legions' hidden contents are guesses), so it never
// uses more than the player may know. Values are in points (16.0: power × skill), a Titan counted many times
// over since losing it loses the game (19.0).
import { battleHex } from '../data/battlelands';
import { CHARACTERS, characterPoints, isNative, type RaisedPowers } from '../data/characters';
import { hexDistance } from '../data/hexGeometry';
import { land } from '../data/masterboard';
import { strikeNumber } from '../data/strikeChart';
import type { CharacterName, HexLabel, LandNumber, NativeHazard, Terrain } from '../data/types';
import {
  canMuster,
  type GameState,
  type Legion,
  landDistances,
  type PlayerId,
  raisedPowers,
  recruitOptions,
} from '../engine/index';
import { enemyReach, type Reach } from './reach';

/** 19.0: the Titan is the game; a Titan's points (19.1) are multiplied by this in every value. */
export const TITAN_WEIGHT = 12;
const WIN = 100_000;

/** A character's worth to its owner. */
export function characterValue(name: CharacterName, score: number, raised: RaisedPowers = {}): number {
  const points = characterPoints(name, score, raised);
  return name === 'Titan' ? points * TITAN_WEIGHT : points;
}

/** Fighting strength (power × skill, the Titan as it fights). */
export function strength(
  characters: readonly CharacterName[],
  score: number,
  raised: RaisedPowers = {},
): number {
  let s = 0;
  for (const c of characters) s += characterPoints(c, score, raised);
  return s;
}

/** The chance that a legion of strength `a` beats one of strength `b` in a battle (a smooth guess). */
export function winChance(a: number, b: number): number {
  if (b <= 0) return 1;
  if (a <= 0) return 0;
  const r = (a / b) ** 2.5;
  return r / (1 + r);
}

export function landDistance(from: LandNumber, to: LandNumber): number {
  return landDistances(from).get(to) ?? 99;
}

/** The best creature a legion could muster in a land (its points), 0 if none. */
export function bestRecruitValue(
  state: GameState,
  characters: readonly CharacterName[],
  at: LandNumber,
): number {
  if (!canMuster(characters)) return 0;
  let best = 0;
  for (const o of recruitOptions(land(at).terrain, characters, {
    variant: state.options.variant,
    caretaker: state.caretaker,
  })) {
    best = Math.max(best, characterPoints(o.creature, 0));
  }
  return best;
}

function scoreOf(state: GameState, player: PlayerId): number {
  return state.players.find((p) => p.id === player)?.score ?? 0;
}

/** A legion's characters as they stand: in a battle, its characters' remaining share of their power. */
function legionWorth(state: GameState, marker: string, score: number): number {
  const battle = state.battle;
  if (battle !== null && state.engagement !== null) {
    const e = state.engagement;
    if (marker === e.attacker || marker === e.defender) {
      let v = 0;
      for (const c of battle.characters) {
        if (c.legion !== marker || c.hits >= c.power) continue;
        v +=
          characterValue(c.type, score, raisedPowers(state)) * (0.5 + (0.5 * (c.power - c.hits)) / c.power);
      }
      return v;
    }
  }
  const legion = state.legions[marker];
  if (legion === undefined) return 0;
  let v = 0;
  for (const c of legion.characters) v += characterValue(c, score, raisedPowers(state));
  return v;
}

function legionStrength(state: GameState, marker: string, score: number): number {
  const battle = state.battle;
  const e = state.engagement;
  if (battle !== null && e !== null && (marker === e.attacker || marker === e.defender)) {
    let s = 0;
    for (const c of battle.characters) {
      if (c.legion !== marker || c.hits >= c.power) continue;
      s += (c.power - c.hits) * CHARACTERS[c.type].skill;
    }
    return s;
  }
  const legion = state.legions[marker];
  return legion === undefined ? 0 : strength(legion.characters, score, raisedPowers(state));
}

/**
 * The value of `state` to `me`: my material minus the mean of my living opponents', the expected outcome of the
 * engagements standing, the recruits my moved legions can muster, and the danger stronger enemies near my
 * legions put them in (`exact`: by the rolls that bring them onto my legions, reach.ts; otherwise by distance).
 * `exact` also weighs a Titan slain in a battle looked ahead as its player's game lost (19.0).
 */
export function evaluate(state: GameState, me: PlayerId, exact = false): number {
  if (state.result !== null) {
    if (state.result.winner === me) return WIN;
    return state.result.winner === null ? -WIN / 2 : -WIN;
  }
  const mine = state.players.find((p) => p.id === me);
  if (mine === undefined || mine.eliminated) return -WIN;
  const opponents = state.players.filter((p) => p.id !== me && !p.eliminated);
  // 19.0, 19.3: a Titan slain in the battle (looked ahead) ends its player's game.
  const fallen = exact ? fallenTitans(state) : [];
  let stake = 0;
  for (const p of fallen) stake += p === me ? -0.8 * WIN : (0.8 * WIN) / Math.max(opponents.length, 1);
  const worth = new Map<PlayerId, number>();
  for (const p of state.players) worth.set(p.id, p.score * 0.3);
  const legions = Object.values(state.legions);
  for (const l of legions) {
    const score = scoreOf(state, l.owner);
    worth.set(l.owner, (worth.get(l.owner) ?? 0) + legionWorth(state, l.id, score));
  }
  // Engagements: the expected change of material (winner keeps most, loser loses all).
  const engaged = new Set<string>();
  const fights: { attacker: string; defender: string }[] = [...(state.turn?.engagements ?? [])];
  if (state.engagement !== null && state.engagement.result === null) fights.push(state.engagement);
  for (const f of fights) {
    const a = state.legions[f.attacker];
    const d = state.legions[f.defender];
    if (a === undefined || d === undefined) continue;
    engaged.add(a.id);
    engaged.add(d.id);
    const sa = legionStrength(state, a.id, scoreOf(state, a.owner));
    const sd = legionStrength(state, d.id, scoreOf(state, d.owner));
    const p = winChance(sa, sd * 1.1);
    const va = legionWorth(state, a.id, scoreOf(state, a.owner));
    const vd = legionWorth(state, d.id, scoreOf(state, d.owner));
    // The loser loses the legion; the winner about half the loser's strength worth of its own, and scores.
    const aLoss = (1 - p) * va + p * Math.min(va, 0.5 * vd * (sd / Math.max(sa, 1)));
    const dLoss = p * vd + (1 - p) * Math.min(vd, 0.5 * va * (sa / Math.max(sd, 1)));
    worth.set(
      a.owner,
      (worth.get(a.owner) ?? 0) - aLoss + p * 0.3 * strength(d.characters, 0, raisedPowers(state)),
    );
    worth.set(
      d.owner,
      (worth.get(d.owner) ?? 0) - dLoss + (1 - p) * 0.3 * strength(a.characters, 0, raisedPowers(state)),
    );
  }
  // My legions: recruits to come this turn, and the danger of stronger enemies in reach.
  let position = 0;
  const turn = state.turn;
  const myTurn = turn !== null && turn.player === me;
  const reach = exact ? enemyReach(state, me) : null;
  for (const l of legions) {
    if (l.owner !== me || engaged.has(l.id)) continue;
    const score = mine.score;
    if (myTurn && turn?.moves.some((m) => m.legion === l.id) && !turn.mustered.includes(l.id)) {
      position += bestRecruitValue(state, l.characters, l.land);
    }
    const s = strength(l.characters, score, raisedPowers(state));
    const v = legionWorth(state, l.id, score);
    const danger = reach === null ? nearDanger(state, legions, l, s, v) : reachDanger(state, reach, l, s, v);
    position -= reach === null ? Math.min(danger, 0.8 * v) : danger;
  }
  position += battlePosition(state, me);
  const others =
    opponents.length === 0
      ? 0
      : opponents.reduce((sum, p) => sum + (worth.get(p.id) ?? 0), 0) / opponents.length;
  return (worth.get(me) ?? 0) - others + position + stake;
}

/** The players whose Titan is slain in the battle under way (12.6: slain, or already removed as a loss). */
function fallenTitans(state: GameState): PlayerId[] {
  const e = state.engagement;
  if (e === null) return [];
  const fallen: PlayerId[] = [];
  const slain = (side: 'attacker' | 'defender') =>
    (side === 'attacker' ? e.attackerLosses : e.defenderLosses).includes('Titan') ||
    (state.battle?.characters ?? []).some((c) => c.side === side && c.type === 'Titan' && c.hits >= c.power);
  if (slain('attacker')) fallen.push(e.attackerOwner);
  if (slain('defender')) fallen.push(e.defenderOwner);
  return fallen;
}

/** The danger to my legion `l` (strength `s`, worth `v`) from other legions within six lands of it. */
function nearDanger(state: GameState, legions: readonly Legion[], l: Legion, s: number, v: number): number {
  let danger = 0;
  for (const e of legions) {
    if (e.owner === l.owner) continue;
    const d = landDistance(e.land, l.land);
    if (d < 1 || d > 6) continue;
    const se = strength(e.characters, scoreOf(state, e.owner), raisedPowers(state));
    const lose = 1 - winChance(s * 1.1, se);
    danger += (d <= 3 ? 0.25 : 0.15) * lose * v;
  }
  return danger;
}

/** The danger to my legion `l`: for each other player, the mean over his Movement Rolls of what the strongest
 *  legion of his that the roll brings onto `l` would take, if it is likely to win (and so to attack). */
function reachDanger(
  state: GameState,
  reach: ReadonlyMap<string, Reach>,
  l: Legion,
  s: number,
  v: number,
): number {
  const byOwner = new Map<PlayerId, number[]>();
  for (const [id, r] of reach) {
    const rolls = r.get(l.land);
    if (rolls === undefined) continue;
    const e = state.legions[id];
    if (e === undefined) continue;
    const win = 1 - winChance(s * 1.1, strength(e.characters, scoreOf(state, e.owner), raisedPowers(state)));
    if (win < 0.4) continue;
    const worst = byOwner.get(e.owner) ?? [0, 0, 0, 0, 0, 0];
    for (const roll of rolls) worst[roll - 1] = Math.max(worst[roll - 1] ?? 0, win * v);
    byOwner.set(e.owner, worst);
  }
  let danger = 0;
  for (const worst of byOwner.values()) danger += worst.reduce((a, b) => a + b, 0) / 6;
  return danger;
}

/** Hex terrains that are hazards a character may be native to (11.7). */
const HEX_HAZARDS: ReadonlySet<string> = new Set(['Bramble', 'Drift', 'Bog', 'Sand', 'Volcano']);

function hexBonus(name: CharacterName, terrain: Terrain, hex: HexLabel): number {
  const h = battleHex(terrain, hex);
  let bonus = h.elevation * 1.5;
  if (HEX_HAZARDS.has(h.terrain)) bonus += isNative(name, h.terrain as NativeHazard) ? 4 : -4;
  return bonus;
}

/** Expected hits of a strike (12.2, 12.7: as many dice as Power, hits on the Strike-number or more). */
function expectedHits(
  striker: { power: number; type: CharacterName },
  target: { type: CharacterName },
): number {
  const n = strikeNumber(CHARACTERS[striker.type].skill, CHARACTERS[target.type].skill);
  return (striker.power * (7 - n)) / 6;
}

/**
 * A battle as it stands, to one of its players: characters of his still off the battleland (10.1: left off,
 * they are lost), the exchange of blows each contact promises (value per hit: a Titan's hits are worth the
 * game), rangestrikers with a target in range and out of contact, native hazards and height (11.7), and for
 * the attacker the need to close in before the time-loss (10.5).
 */
export function battlePosition(state: GameState, me: PlayerId): number {
  const b = state.battle;
  const e = state.engagement;
  if (b === null || e === null) return 0;
  const side = e.attackerOwner === me ? 'attacker' : e.defenderOwner === me ? 'defender' : null;
  if (side === null) return 0;
  const scoreOf = (owner: PlayerId) => state.players.find((p) => p.id === owner)?.score ?? 0;
  const myScore = scoreOf(me);
  const theirScore = scoreOf(side === 'attacker' ? e.defenderOwner : e.attackerOwner);
  const living = b.characters.filter((c) => c.hits < c.power);
  const mine = living.filter((c) => c.side === side);
  const theirs = living.filter((c) => c.side !== side && c.hex !== null);
  const perHit = (c: (typeof living)[number], score: number) =>
    characterValue(c.type, score, raisedPowers(state)) / c.power;
  let v = 0;
  for (const a of mine) {
    if (a.hex === null) {
      v -= 0.4 * characterValue(a.type, myScore, raisedPowers(state));
      continue;
    }
    v += hexBonus(a.type, b.terrain, a.hex);
    let contact = false;
    let nearest = 99;
    for (const t of theirs) {
      const d = hexDistance(a.hex, t.hex as HexLabel);
      nearest = Math.min(nearest, d);
      if (d !== 1) continue;
      contact = true;
      v += 0.6 * Math.min(expectedHits(a, t), t.power - t.hits) * perHit(t, theirScore);
      v -= 0.6 * Math.min(expectedHits(t, a), a.power - a.hits) * perHit(a, myScore);
    }
    if (!contact && CHARACTERS[a.type].rangestrikes && nearest <= 4) v += 0.15 * a.power * 2;
    if (side === 'attacker' && nearest < 99) v -= (0.3 + 0.2 * b.round) * Math.max(0, nearest - 1);
  }
  return v;
}
