// Issue 4's property: on positions reached through the engine itself (seeded battles of random legions, fought
// by random-legal players through decide), on all 11 battlelands, the probe's answers (`moves`, `strikes`,
// `rangestrikes`: shared/probe, the pure rules 11.x, 12.x, 13.x) never throw and agree exactly with what `decide`
// accepts: every listed choice is accepted and the unlisted ones tried (other hexes, targets, Strike-numbers and
// dice) are rejected. The carry-over allocations `legalIntents` lists agree with decide the same way (errata 12.4).
import { describe, expect, it } from 'vitest';
import { CHARACTERS } from '../../../shared/data/characters';
import { LAND_NUMBERS, land } from '../../../shared/data/masterboard';
import type { CharacterName, HexLabel, LandNumber, Terrain } from '../../../shared/data/types';
import { CHARACTER_NAMES, HEX_LABELS, TERRAINS } from '../../../shared/data/types';
import { decide } from '../../../shared/engine/decide';
import { evolve } from '../../../shared/engine/evolve';
import type { Intent } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { seededDice, seededRandom } from '../../../shared/engine/random';
import type { BattleState, GameState, PlayerId } from '../../../shared/engine/types';
import { answerQuery } from '../../../shared/probe/index';
import { A, begin, D, engagedRun, toBattle } from '../engagement/build';

type Option = { target: string; strikeNumber: number; dice: number };
const key = (o: Option) => `${o.target}/${o.strikeNumber}/${o.dice}`;

/** The probe's answers for one character in the battle as it stands. */
function probe(battle: BattleState, active: 'attacker' | 'defender', character: string) {
  const answer = answerQuery({
    query: 'battle',
    land: battle.terrain,
    attackerEntry: battle.attackerEntry,
    active,
    characters: battle.characters.map((c) => ({
      id: c.id,
      side: c.side,
      type: c.type,
      hex: c.hex,
      hits: c.hits,
      power: c.power,
    })),
    ask: [
      { kind: 'moves', character },
      { kind: 'strikes', character },
      { kind: 'rangestrikes', character },
    ],
  });
  if ('error' in answer) throw new Error(String(answer.error));
  const [moves, strikes, rangestrikes] = answer.answers as [
    { hexes: HexLabel[] },
    { options: Option[] },
    { options: Option[] },
  ];
  return { moves: moves.hexes, strikes: strikes.options, rangestrikes: rangestrikes.options };
}

function accepted(state: GameState, actor: PlayerId, intent: Intent): boolean {
  return !('rejected' in decide(state, actor, intent, seededDice(7)));
}

/** Unlisted (target, Strike-number, dice) choices to try: each listed option one off in either field, and a
 *  seeded sample of other targets and Strike-numbers with the usual number of dice (`dice`). */
function unlisted(
  battle: BattleState,
  listed: readonly Option[],
  dice: number,
  random: () => number,
): Option[] {
  const tries: Option[] = [];
  for (const o of listed) {
    tries.push({ ...o, strikeNumber: o.strikeNumber + 1 }, { ...o, strikeNumber: o.strikeNumber - 1 });
    tries.push({ ...o, dice: o.dice + 1 }, { ...o, dice: o.dice - 1 });
  }
  for (let n = 0; n < 6; n++) {
    const c = battle.characters[Math.floor(random() * battle.characters.length)];
    if (c !== undefined) tries.push({ target: c.id, strikeNumber: 1 + Math.floor(random() * 6), dice });
  }
  const seen = new Set(listed.map(key));
  return tries.filter((o) => o.strikeNumber >= 1 && o.strikeNumber <= 6 && o.dice >= 1 && !seen.has(key(o)));
}

/** Checks the agreement at the current step; returns how many probe answers were compared. */
function checkAgreement(state: GameState, random: () => number): number {
  const battle = state.battle;
  const step = state.step;
  if (battle === null) return 0;
  let compared = 0;
  const legal = legalIntents(state, step.kind === 'gameOver' ? A : step.actor);
  if (step.kind === 'maneuver') {
    for (const c of battle.characters.filter((x) => x.side === step.side)) {
      if (battle.movedThisPhase.includes(c.id) || battle.mustEnter.some((m) => m.id === c.id)) continue;
      if (c.hex === null && battle.round > 1) continue;
      const listed = probe(battle, step.side, c.id).moves;
      const accepting = HEX_LABELS.filter((hex) =>
        accepted(state, step.actor, { type: 'moveCharacter', character: c.id, hex }),
      );
      expect([...accepting].sort(), `${battle.terrain} ${c.type} ${c.id} from ${c.hex}`).toEqual(
        [...listed].sort(),
      );
      const offered = legal.flatMap((i) =>
        i.type === 'moveCharacter' && i.character === c.id ? [i.hex] : [],
      );
      expect([...offered].sort()).toEqual([...listed].sort());
      compared++;
    }
  }
  if (step.kind === 'strike' || step.kind === 'counterstrike') {
    for (const c of battle.characters.filter((x) => x.side === step.side && x.hex !== null)) {
      if (battle.struck.includes(c.id)) continue;
      const answers = probe(battle, battle.phasing, c.id);
      const where = `${battle.terrain} ${c.type} ${c.id} on ${c.hex}`;
      for (const o of answers.strikes) {
        expect(accepted(state, step.actor, { type: 'strike', striker: c.id, ...pick(o) }), where).toBe(true);
      }
      for (const o of unlisted(battle, answers.strikes, c.power, random)) {
        expect(
          accepted(state, step.actor, { type: 'strike', striker: c.id, ...o }),
          `${where} ${key(o)}`,
        ).toBe(false);
      }
      // 13.0: only the phasing player rangestrikes; the probe answers for the phasing side.
      for (const o of answers.rangestrikes) {
        expect(accepted(state, step.actor, { type: 'rangestrike', striker: c.id, ...o }), where).toBe(true);
      }
      // (A character without the lightning bolt has none: one try suffices; 13.0.)
      const rangeTries = unlisted(battle, answers.rangestrikes, Math.floor(c.power / 2), random);
      for (const o of CHARACTERS[c.type].rangestrikes ? rangeTries : rangeTries.slice(0, 1)) {
        expect(
          accepted(state, step.actor, { type: 'rangestrike', striker: c.id, ...o }),
          `${where} ${key(o)}`,
        ).toBe(false);
      }
      const offered = (type: 'strike' | 'rangestrike') =>
        legal.flatMap((i) => (i.type === type && i.striker === c.id ? [key(i)] : [])).sort();
      expect(offered('strike')).toEqual(answers.strikes.map(key).sort());
      expect(offered('rangestrike')).toEqual(answers.rangestrikes.map(key).sort());
      compared++;
    }
  }
  if (step.kind === 'carryOver') {
    const allocations = legal.flatMap((i) => (i.type === 'assignCarryOver' ? [i.targets] : []));
    for (const targets of allocations)
      expect(accepted(state, step.actor, { type: 'assignCarryOver', targets })).toBe(true);
    const ids = battle.characters.map((c) => c.id);
    const listed = new Set(allocations.map((t) => t.join()));
    for (const targets of [...ids.map((id) => [id]), ...allocations.map((t) => [...t].reverse())]) {
      if (!listed.has(targets.join())) {
        expect(accepted(state, step.actor, { type: 'assignCarryOver', targets })).toBe(false);
      }
    }
  }
  return compared;
}

function pick(o: Option): Option {
  return { target: o.target, strikeNumber: o.strikeNumber, dice: o.dice };
}

const CREATURES = CHARACTER_NAMES.filter((n) => CHARACTERS[n].class !== 'lord' || n === 'Angel');

function randomLegion(random: () => number, size: number, titan: boolean): CharacterName[] {
  const chosen: CharacterName[] = titan ? ['Titan'] : [];
  while (chosen.length < size)
    chosen.push(CREATURES[Math.floor(random() * CREATURES.length)] as CharacterName);
  return chosen;
}

function landOf(terrain: Terrain): LandNumber {
  const n = LAND_NUMBERS.find((l) => land(l).terrain === terrain);
  if (n === undefined) throw new Error(`no land of ${terrain}`);
  return n;
}

describe('probe and decide agree on positions reached through the engine (issue 4 property)', () => {
  for (const terrain of TERRAINS) {
    it(`11.x, 12.x, 13.x: moves, strikes and rangestrikes listed by the probe are exactly what decide accepts (${terrain})`, () => {
      let compared = 0;
      for (let battleNo = 0; battleNo < 3; battleNo++) {
        const random = seededRandom(terrain.length * 1000 + terrain.charCodeAt(0) * 10 + battleNo);
        const run = engagedRun({
          land: landOf(terrain),
          entry: (['left', 'right', 'bottom'] as const)[battleNo],
          attacker: randomLegion(random, 3 + Math.floor(random() * 5), battleNo === 0),
          defender: randomLegion(random, 3 + Math.floor(random() * 5), battleNo === 1),
          scores: { [A]: 150, [D]: 220 },
        });
        begin(run);
        toBattle(run);
        const dice = seededDice(battleNo + 17);
        for (let k = 0; run.state.battle !== null && k < 600; k++) {
          compared += checkAgreement(run.state, random);
          const step = run.state.step;
          if (step.kind === 'gameOver') break;
          // A random legal choice that fights on (no concessions), moving and striking whenever it can.
          const legal = legalIntents(run.state, step.actor).filter(
            (i) => i.type !== 'concede' && i.type !== 'resetManeuver' && i.type !== 'acceptConcession',
          );
          const active = legal.filter(
            (i) => i.type === 'moveCharacter' || i.type === 'strike' || i.type === 'rangestrike',
          );
          const pool = active.length > 0 && random() < 0.85 ? active : legal;
          const intent = pool[Math.floor(random() * pool.length)];
          if (intent === undefined) throw new Error(`nothing to do at ${step.kind}`);
          const decision = decide(run.state, step.actor, intent, dice);
          if ('rejected' in decision) throw new Error(decision.rejected.message);
          run.state = decision.events.reduce(evolve, run.state);
        }
      }
      expect(compared).toBeGreaterThan(20);
    });
  }
});
