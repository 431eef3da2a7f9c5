// Style 6 and the engine contract: a rejected intent leaves the state unchanged, and its rejection has a code from
// the one closed list (documented in the catalogue), a message in a player's words and the rule it rests on. Checked
// on states met in seeded games (every step of the sequence of play), against a battery of wrong intents: every
// legal intent altered field by field, every kind of intent at the wrong step, and every intent out of turn.
import { describe, expect, it } from 'vitest';
import { botIntent, randomPick } from '../../../shared/bot/index';
import { CHARACTER_NAMES, HEX_LABELS, PLAYER_COLORS } from '../../../shared/data/types';
import { decide } from '../../../shared/engine/decide';
import { evolve } from '../../../shared/engine/evolve';
import type { Intent, Proposal } from '../../../shared/engine/intents';
import { INTENT_TYPES } from '../../../shared/engine/intents';
import { legalIntents } from '../../../shared/engine/legal';
import { pending } from '../../../shared/engine/pending';
import { seededDice, seededRandom } from '../../../shared/engine/random';
import { REJECTION_CATALOGUE } from '../../../shared/engine/rejections';
import { createGame } from '../../../shared/engine/setup';
import type { GameState, PlayerId, Rejection, StepKind } from '../../../shared/engine/types';
import { DIRECTOR, REJECTION_CODES } from '../../../shared/engine/types';

/** Internal names a player should never read in a message (step kinds and intent types are camelCase). */
const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/;

function checkRejection(r: Rejection, where: string): void {
  expect(REJECTION_CODES, where).toContain(r.code);
  // A rule of the Law, the errata or the Complete Sequence of Play (a section number), or a row of the Hazards Chart.
  expect(r.rule, where).toMatch(/^(errata |Complete Sequence |Hazards Chart|\d)/);
  expect(r.rule, where).toMatch(/\d|Hazards Chart, [A-Z]/);
  // A player's words: a sentence, no internal names, nothing undefined.
  expect(r.message, where).toMatch(/^[A-Z"].*[.)]$/s);
  expect(r.message, where).not.toMatch(CAMEL_CASE);
  expect(r.message, where).not.toMatch(/undefined|\[object|NaN/);
}

/** The wrong intents tried at a state: each legal one altered, and one of every kind. */
function battery(
  state: GameState,
  _actor: PlayerId,
  legal: readonly Intent[],
  random: () => number,
): Intent[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const legions = Object.keys(state.legions);
  const ids = state.battle?.characters.map((c) => c.id) ?? ['Bk01-1'];
  const lands = [1, 100, 1000, 42, 6000, ...Object.values(state.legions).map((l) => l.land)];
  const proposal = (): Proposal => ({
    attackerLosses: [pick(CHARACTER_NAMES)],
    defenderLosses: random() < 0.5 ? [] : [pick(CHARACTER_NAMES), pick(CHARACTER_NAMES)],
  });
  const altered = legal.flatMap((i): Intent[] => {
    switch (i.type) {
      case 'split':
        return [
          { ...i, legion: pick(legions) },
          { ...i, groups: i.groups.map((g) => ({ ...g, marker: pick(legions) })) },
          { ...i, groups: [{ marker: i.groups[0]?.marker ?? 'Bk12', characters: ['Hydra', 'Hydra'] }] },
        ];
      case 'moveLegion':
        return [
          { ...i, land: pick(lands) },
          { ...i, via: i.via === 'normal' ? 'titanTeleport' : 'normal' },
          { ...i, entry: pick(['left', 'right', 'bottom'] as const) },
          { ...i, legion: pick(legions) },
          { ...i, reveal: pick(CHARACTER_NAMES) },
        ];
      case 'undoMove':
        return [{ ...i, legion: pick(legions) }];
      case 'muster':
        return [
          { ...i, creature: pick(CHARACTER_NAMES) },
          { ...i, reveal: [pick(CHARACTER_NAMES)] },
        ];
      case 'chooseEngagement':
        return [{ ...i, land: pick(lands) }];
      case 'propose':
        return [{ ...i, proposals: [proposal()] }];
      case 'acceptProposal':
        return [{ ...i, proposal: proposal() }];
      case 'moveCharacter':
        return [
          { ...i, hex: pick(HEX_LABELS) },
          { ...i, character: pick(ids) },
        ];
      case 'strike':
      case 'rangestrike':
        return [
          { ...i, strikeNumber: Math.min(6, i.strikeNumber + 1) },
          { ...i, strikeNumber: Math.max(1, i.strikeNumber - 1) },
          { ...i, dice: i.dice + 1 },
          { ...i, target: pick(ids) },
          { ...i, striker: pick(ids) },
        ];
      case 'assignCarryOver':
        return [
          { ...i, targets: [...i.targets].reverse() },
          { ...i, targets: [pick(ids)] },
        ];
      case 'summon':
        return [
          { ...i, from: pick(legions) },
          { ...i, character: 'Archangel' },
        ];
      case 'reinforce':
        return [
          { ...i, creature: pick(CHARACTER_NAMES) },
          { ...i, reveal: [] },
        ];
      case 'acquireAngel':
        return [{ ...i, character: 'Archangel' }];
      case 'chooseColor':
        return [{ ...i, color: pick(PLAYER_COLORS) }];
      default:
        return [];
    }
  });
  const everyKind: Intent[] = INTENT_TYPES.flatMap((type): Intent[] => {
    switch (type) {
      case 'chooseColor':
        return [{ type, color: pick(PLAYER_COLORS) }];
      case 'split':
        return [
          { type, legion: pick(legions), groups: [{ marker: 'Bk12', characters: ['Titan', 'Angel'] }] },
        ];
      case 'moveLegion':
        return [{ type, legion: pick(legions), land: pick(lands), via: 'normal' }];
      case 'undoMove':
        return [{ type, legion: pick(legions) }];
      case 'chooseEngagement':
        return [{ type, land: pick(lands) }];
      case 'propose':
        return [{ type, proposals: [proposal()] }];
      case 'acceptProposal':
        return [{ type, proposal: proposal() }];
      case 'moveCharacter':
        return [{ type, character: pick(ids), hex: pick(HEX_LABELS) }];
      case 'strike':
      case 'rangestrike':
        return [{ type, striker: pick(ids), target: pick(ids), strikeNumber: 4, dice: 3 }];
      case 'assignCarryOver':
        return [{ type, targets: [pick(ids)] }];
      case 'summon':
        return [{ type, from: pick(legions), character: 'Angel' }];
      case 'reinforce':
      case 'muster':
        return type === 'muster'
          ? [{ type, legion: pick(legions), creature: pick(CHARACTER_NAMES), reveal: [] }]
          : [{ type, creature: pick(CHARACTER_NAMES), reveal: [] }];
      case 'acquireAngel':
        return [{ type, character: 'Angel' }];
      default:
        return [{ type } as Intent];
    }
  });
  return [...altered, ...everyKind];
}

describe('rejections (style 6, engine contract)', () => {
  it('style 6: the catalogue documents every code of the closed list: what the player did, the rule, the fix', () => {
    expect(Object.keys(REJECTION_CATALOGUE).sort()).toEqual([...REJECTION_CODES].sort());
    for (const entry of Object.values(REJECTION_CATALOGUE)) {
      expect(entry.did.length).toBeGreaterThan(10);
      expect(entry.rule.length).toBeGreaterThan(2);
      expect(entry.fix.length).toBeGreaterThan(10);
    }
  });

  it('errata 1.3/1.4, style 6: wrong intents at every step of seeded games leave the state unchanged and cite a rule in a player\u2019s words', () => {
    const codes = new Set<string>();
    const steps = new Set<StepKind>();
    let checked = 0;
    for (let g = 0; g < 6; g++) {
      const players = 2 + (g % 5);
      let state = createGame({
        players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` })),
      }).state;
      const dice = seededDice(900 + g);
      const random = seededRandom(950 + g);
      for (let k = 0; state.result === null && k < 4000; k++) {
        if (state.timeCalled === null && (state.turn?.number ?? 0) > 40) {
          const called = decide(state, DIRECTOR, { type: 'callTime' }, dice);
          if ('rejected' in called) throw new Error(called.rejected.message);
          state = called.events.reduce(evolve, state);
          continue;
        }
        const actor = pending(state).actor;
        if (actor === null) throw new Error('nobody to act');
        if (k % 4 === 0) {
          const before = JSON.stringify(state);
          const legal = legalIntents(state, actor);
          const listed = new Set(legal.map((i) => JSON.stringify(i)));
          const others = state.players.filter((p) => p.id !== actor).map((p) => p.id);
          const tries: [PlayerId, Intent][] = [
            ...battery(state, actor, legal, random)
              .filter((i) => !listed.has(JSON.stringify(i)))
              .map((i): [PlayerId, Intent] => [actor, i]),
            ...legal.slice(0, 3).flatMap((i) => others.map((o): [PlayerId, Intent] => [o, i])),
          ];
          for (const [who, intent] of tries) {
            const d = decide(state, who, intent, seededDice(k));
            if (!('rejected' in d)) continue;
            checkRejection(d.rejected, `${who} ${JSON.stringify(intent)} at ${state.step.kind}`);
            if (who !== actor && intent.type !== 'withdraw') expect(d.rejected.code).toBe('notYourTurn');
            codes.add(d.rejected.code);
            steps.add(state.step.kind);
            checked++;
          }
          expect(JSON.stringify(state)).toBe(before);
        }
        const intent =
          g % 2 === 0
            ? randomPick(legalIntents(state, actor), random, 'fighter')
            : botIntent(state, actor, 'random', random);
        if (intent === null) throw new Error(`no intent at ${state.step.kind}`);
        const decision = decide(state, actor, intent, dice);
        if ('rejected' in decision) throw new Error(decision.rejected.message);
        state = decision.events.reduce(evolve, state);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The sample reaches the engagement and battle steps and most codes of the list.
    for (const kind of [
      'split',
      'move',
      'muster',
      'negotiate',
      'maneuver',
      'strike',
      'counterstrike',
    ] as const)
      expect(steps).toContain(kind);
    expect(codes.size).toBeGreaterThanOrEqual(12);
  });

  it('21.1, 20.5: the tournament director only calls time or stops the game; players may not', () => {
    const { state } = createGame({
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
    });
    for (const [who, intent] of [
      ['p1', { type: 'callTime' }],
      ['p2', { type: 'stopGame' }],
      [DIRECTOR, { type: 'rollTower' }],
    ] as const) {
      const d = decide(state, who, intent, seededDice(1));
      if (!('rejected' in d)) throw new Error('accepted');
      checkRejection(d.rejected, intent.type);
      expect(d.rejected.code).toBe('notAllowed');
    }
  });
});
