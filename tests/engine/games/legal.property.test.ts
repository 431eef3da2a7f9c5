// `legal` is complete (issue 13; Complete Sequence of Play, errata 1.3/1.4, 4.2, 8.1, 8.2, 9.3, 20.4): at states
// met in seeded bot games, every intent `decide` accepts from the actor is one `legalIntents` lists, or one
// `describedChoices` describes exactly (a split's markers, a set of proposals). The intents tried are the
// listed ones varied (other markers, characters in another order, an entry side left out or changed, a Lord
// named, sets of agreements) and plain intents of every kind (fast-check).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CharacterName } from '../../../shared/data/types';
import { CHARACTER_NAMES } from '../../../shared/data/types';
import { decide } from '../../../shared/engine/decide';
import type { Intent, Proposal } from '../../../shared/engine/intents';
import { type DescribedChoice, describedChoices, legalIntents } from '../../../shared/engine/legal';
import { towerTeleportLord } from '../../../shared/engine/movement';
import { seededDice } from '../../../shared/engine/random';
import type { GameState } from '../../../shared/engine/types';
import { legalMessage } from '../../../shared/protocol/messages';
import { type BotGame, botGames } from '../support/botGames';

interface Sample {
  readonly state: GameState;
  readonly actor: string;
  readonly legal: readonly Intent[];
  readonly described: readonly DescribedChoice[];
}

const sorted = (cs: readonly CharacterName[]) => [...cs].sort();
const sameList = (a: readonly CharacterName[], b: readonly CharacterName[]) =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sameProposal = (a: Proposal, b: Proposal) =>
  sameList(a.attackerLosses, b.attackerLosses) && sameList(a.defenderLosses, b.defenderLosses);

/** An intent in one canonical form: character lists sorted, an omitted optional field left out. */
function canonical(intent: Intent): string {
  switch (intent.type) {
    case 'muster':
    case 'reinforce':
      return JSON.stringify({ ...intent, reveal: sorted(intent.reveal) });
    case 'acceptProposal':
      return JSON.stringify({
        ...intent,
        proposal: {
          attackerLosses: sorted(intent.proposal.attackerLosses),
          defenderLosses: sorted(intent.proposal.defenderLosses),
        },
      });
    default:
      return JSON.stringify(intent);
  }
}

/** Is `intent` among what `legal` offered, or described by it? */
function offered(sample: Sample, intent: Intent): boolean {
  const { legal, described } = sample;
  if (legal.some((l) => canonical(l) === canonical(intent))) return true;
  switch (intent.type) {
    case 'moveLegion': {
      // 8.1, 8.2: naming the Lord a teleport shows by default (the least telling one; the Titan for a Titan
      // Teleport) is the listed unnamed move.
      const legion = sample.state.legions[intent.legion];
      const byDefault =
        intent.via === 'titanTeleport'
          ? 'Titan'
          : intent.via === 'towerTeleport' && legion !== undefined
            ? towerTeleportLord(legion.characters)
            : null;
      if (intent.reveal !== undefined && intent.reveal === byDefault) {
        const { reveal: _named, ...unnamed } = intent;
        return offered(sample, unnamed);
      }
      // The entry side may be left out (or null) when only one is possible (intents.ts: `entry` optional).
      if (intent.entry !== undefined && intent.entry !== null) return false;
      const same = legal.filter(
        (l) =>
          l.type === 'moveLegion' &&
          l.legion === intent.legion &&
          l.land === intent.land &&
          l.via === intent.via &&
          l.reveal === intent.reveal,
      );
      return same.length === 1;
    }
    case 'split': {
      const markers = described.find((d) => d.type === 'split')?.markers ?? [];
      const chosen = intent.groups.map((g) => g.marker);
      if (new Set(chosen).size !== chosen.length || !chosen.every((m) => markers.includes(m))) return false;
      const contents = (groups: readonly { readonly characters: readonly CharacterName[] }[]) =>
        JSON.stringify(groups.map((g) => sorted(g.characters).join()).sort());
      return legal.some(
        (l) =>
          l.type === 'split' && l.legion === intent.legion && contents(l.groups) === contents(intent.groups),
      );
    }
    case 'propose': {
      const d = described.find((x) => x.type === 'propose');
      if (d === undefined || d.type !== 'propose') return false;
      const ps = intent.proposals;
      return (
        ps.length >= 1 &&
        ps.length <= d.maxProposals &&
        ps.every((p) => d.agreements.some((a) => sameProposal(a, p))) &&
        ps.some((p) => !d.made.some((m) => sameProposal(m, p)))
      );
    }
    default:
      return false;
  }
}

const PLAIN: Intent[] = [
  { type: 'rollTower' },
  { type: 'rollMovement' },
  { type: 'takeMulligan' },
  { type: 'doneMoving' },
  { type: 'flee' },
  { type: 'noMoreProposals' },
  { type: 'fight' },
  { type: 'concede' },
  { type: 'acceptConcession' },
  { type: 'pass' },
  { type: 'resetManeuver' },
  { type: 'doneManeuvering' },
  { type: 'doneStriking' },
  { type: 'assignCarryOver', targets: [] },
  { type: 'endTurn' },
  { type: 'withdraw' },
  { type: 'acquireAngel', character: 'Angel' },
  { type: 'acquireAngel', character: 'Archangel' },
];

function shuffled<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

/** Variations of a listed intent that `decide` may accept too. */
function variants(sample: Sample, base: Intent): fc.Arbitrary<Intent> {
  const { state, actor } = sample;
  const markers = state.players.find((p) => p.id === actor)?.markersAvailable ?? [];
  switch (base.type) {
    case 'split':
      return fc
        .tuple(
          fc.array(fc.constantFrom(...(markers.length > 0 ? markers : [base.groups[0]?.marker ?? 'Bk01'])), {
            minLength: base.groups.length,
            maxLength: base.groups.length,
          }),
          fc.tuple(...base.groups.map((g) => shuffled(g.characters))),
          fc.boolean(),
        )
        .map(([ms, contents, swap]): Intent => {
          const groups = base.groups.map((g, i) => ({
            marker: ms[i] ?? g.marker,
            characters: contents[i] ?? [],
          }));
          return { ...base, groups: swap ? [...groups].reverse() : groups };
        });
    case 'moveLegion': {
      const legion = state.legions[base.legion];
      return fc
        .record({
          entry: fc.constantFrom(undefined, null, 'bottom', 'left', 'right', base.entry),
          reveal: fc.constantFrom(undefined, base.reveal, ...(legion?.characters ?? [])),
        })
        .map(({ entry, reveal }): Intent => {
          const { entry: _e, reveal: _r, ...rest } = base;
          return {
            ...rest,
            ...(entry === undefined ? {} : { entry: entry as NonNullable<typeof base.entry> | null }),
            ...(reveal === undefined ? {} : { reveal }),
          };
        });
    }
    case 'propose': {
      const d = sample.described.find((x) => x.type === 'propose');
      const pool: Proposal[] = d?.type === 'propose' ? [...d.agreements, ...d.made] : [];
      const engagement = state.engagement;
      const attacker = engagement ? (state.legions[engagement.attacker]?.characters ?? []) : [];
      const defender = engagement ? (state.legions[engagement.defender]?.characters ?? []) : [];
      const any = fc.record({
        attackerLosses: fc.subarray([...attacker]),
        defenderLosses: fc.subarray([...defender]),
      });
      const proposal = pool.length > 0 ? fc.oneof(fc.constantFrom(...pool), any) : any;
      return fc
        .array(proposal, { minLength: 1, maxLength: 4 })
        .map((proposals): Intent => ({ type: 'propose', proposals }));
    }
    case 'muster':
      return fc
        .tuple(shuffled(base.reveal), fc.option(fc.constantFrom(...CHARACTER_NAMES), { nil: undefined }))
        .map(
          ([reveal, extra]): Intent => ({
            ...base,
            reveal: extra === undefined ? reveal : [...reveal, extra],
          }),
        );
    default:
      return fc.constant(base);
  }
}

function candidates(sample: Sample): fc.Arbitrary<Intent> {
  const listed =
    sample.legal.length > 0 ? [fc.constantFrom(...sample.legal).chain((b) => variants(sample, b))] : [];
  return fc.oneof(fc.constantFrom(...PLAIN), ...listed);
}

let samples: Sample[] = [];

beforeAll(() => {
  const games: BotGame[] = botGames(120, 1);
  samples = games.flatMap((g) =>
    g.samples.map(({ state, actor }) => ({
      state,
      actor,
      legal: legalIntents(state, actor),
      described: describedChoices(state, actor),
    })),
  );
});

describe('legal is complete (Complete Sequence of Play, errata 4.2, 8.1, 8.2, 9.3, 20.4)', () => {
  it('errata 1.3/1.4, 9.3: every intent decide accepts from the actor is listed by legalIntents or described by describedChoices', () => {
    expect(samples.length).toBeGreaterThan(300);
    const steps = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat({ max: samples.length - 1 }).chain((i) => {
          const sample = samples[i] as Sample;
          return candidates(sample).map((intent) => ({ sample, intent }));
        }),
        ({ sample, intent }) => {
          const d = decide(sample.state, sample.actor, intent, seededDice(7));
          if ('rejected' in d) return;
          steps.add(`${sample.state.step.kind}:${intent.type}`);
          expect(offered(sample, intent), `${sample.state.step.kind}: ${JSON.stringify(intent)}`).toBe(true);
        },
      ),
      { numRuns: 4000, seed: 13 },
    );
    // The runs reached the parameterised choices and the engagement steps.
    for (const kind of ['split:split', 'move:moveLegion', 'negotiate:propose'])
      expect([...steps]).toContain(kind);
    // A strike step waits only with something to do in it (issue 14), in the strikes or the counterstrikes.
    expect([...steps].some((k) => k === 'strike:strike' || k === 'counterstrike:strike')).toBe(true);
  });

  it('errata 20.4: withdraw is offered, and accepted, only at the steps that allow it, never in the engagement phase', () => {
    for (const { state, actor, legal } of samples) {
      const offers = legal.some((i) => i.type === 'withdraw');
      expect(offers).toBe(['chooseColor', 'split', 'move', 'muster'].includes(state.step.kind));
      const d = decide(state, actor, { type: 'withdraw' }, seededDice(1));
      expect('events' in d).toBe(offers);
    }
  });

  it('the protocol: a legal message carries the described choices as the schema says', () => {
    const described = samples.filter((x) => x.described.length > 0);
    expect(described.length).toBeGreaterThan(10);
    for (const { legal, described: d } of described) {
      const frame = {
        type: 'legal',
        game: '00000000-0000-4000-8000-000000000013',
        seq: 1,
        intents: legal,
        described: d,
      };
      expect(legalMessage.safeParse(frame).success).toBe(true);
    }
  });
});
