// 46 REPUBLICAN (CE Titan, rules 004): "You gain power through false information."
import { CHARACTERS, characterPoints } from '../../../data/characters';
import { MASTERCHARTS } from '../../../data/mastercharts';
import type { CharacterName } from '../../../data/types';
import { countOf, withoutCharacters } from '../../contents';
import type { Decision } from '../../events';
import type { Intent } from '../../intents';
import { playerOf, raisedPowers } from '../../lookups';
import { reject } from '../../rejections';
import type { GameState, PlayerId } from '../../types';
import { entry } from '../catalogueEntry';
import type { Power, RecruitContext } from '../power';
import { withReveals } from '../recruitSets';

const REPUBLICAN = 46;
const RULE_B1 = 'CE 46 B1';

/** 18.5: the Guardian needs three identical creatures. */
const GUARDIAN_SET = 3;

/**
 * CE 46 M1: the sets a legion may reveal with one less of a set, each with another character of the legion worth
 * at least the recruit (revealed too): a Masterchart step that needs n >= 2 of the creature below, and the
 * Tower's three identical creatures for a Guardian.
 */
function lessOneSets(ctx: RecruitContext): { creature: CharacterName; reveal: CharacterName[] }[] {
  const characters = ctx.legion.characters;
  const score = playerOf(ctx.state, ctx.legion.owner).score;
  const worth = (c: CharacterName) => characterPoints(c, score, raisedPowers(ctx.state));
  const withBacker = (creature: CharacterName, set: CharacterName[]) => {
    const others = [...new Set(withoutCharacters(characters, set))];
    return others.filter((o) => worth(o) >= worth(creature)).map((o) => ({ creature, reveal: [...set, o] }));
  };
  if (ctx.terrain === 'Tower') {
    return [...new Set(characters)]
      .filter((c) => CHARACTERS[c].class === 'creature' && countOf(characters, c) >= GUARDIAN_SET - 1)
      .flatMap((c) => withBacker('Guardian', Array<CharacterName>(GUARDIAN_SET - 1).fill(c)));
  }
  const chart = MASTERCHARTS[ctx.terrain];
  return chart.flatMap((step, i) => {
    const below = chart[i - 1];
    const n = below?.toMusterNext ?? null;
    if (below === undefined || n === null || n < 2 || countOf(characters, below.creature) < n - 1) return [];
    return withBacker(step.creature, Array<CharacterName>(n - 1).fill(below.creature));
  });
}

/** CE 46 B1: the engagement's points as they are, truncated and rounded up to a multiple of ten. */
function roundings(points: number): number[] {
  return [...new Set([points, Math.floor(points / 10) * 10, Math.ceil(points / 10) * 10])];
}

/** CE 46 B1: the points awaiting his decision (the powerDecision step's). */
function pending(state: GameState, player: PlayerId): { points: number } | null {
  const step = state.step;
  if (step.kind !== 'powerDecision' || step.power !== REPUBLICAN || step.actor !== player) return null;
  return step.scoring === undefined ? null : { points: step.scoring.points };
}

export const republican: Power = {
  ...entry(REPUBLICAN),
  // CE 46 M1: one less of a set to recruit up, revealing another character at least as big in points.
  recruits: (ctx, options) => withReveals(options, lessOneSets(ctx)),
  // CE 46 B1: before the points of an engagement he takes part in are scored (multiples of 10 aside), the
  // Republican chooses them as they are, truncated or rounded up to a multiple of ten.
  scoring: (_state, owner, score) => {
    if (score.points % 10 === 0 || (score.reason !== 'engagement' && score.reason !== 'fled')) return null;
    const choices = roundings(score.points);
    return [
      {
        type: 'powerUsed',
        player: owner,
        power: REPUBLICAN,
        act: 'count',
        words: `The engagement scores ${score.points} points: the Republican may round them to a multiple of ten.`,
        audience: 'all',
        data: { points: score.points },
      },
      {
        type: 'stepBegan',
        step: {
          kind: 'powerDecision',
          actor: owner,
          power: REPUBLICAN,
          question: `Score ${choices.join(' or ')} points for this engagement?`,
          scoring: score,
        },
      },
    ];
  },
  choices: (state, player) => {
    const step = state.step;
    const open = pending(state, player);
    if (step.kind !== 'powerDecision' || step.power !== REPUBLICAN || open === null) return [];
    return roundings(open.points).map(
      (points): Intent => ({ type: 'usePower', act: 'round', args: { points } }),
    );
  },
  decide: (state, player, intent): Decision | null => {
    const open = pending(state, player);
    if (intent.act !== 'round' || state.step.kind !== 'powerDecision' || open === null) return null;
    const points = intent.args?.points;
    if (typeof points !== 'number' || !roundings(open.points).includes(points)) {
      return reject(
        'notAllowed',
        `Score ${roundings(open.points).join(', or ')} points: as they are, truncated or rounded up to a multiple of 10.`,
        RULE_B1,
      );
    }
    // The frame scores `data.points` and goes on with the engagement's resolution (steps.ts powerDecision).
    return {
      events: [
        {
          type: 'powerUsed',
          player,
          power: REPUBLICAN,
          act: 'round',
          words: `The Republican makes it ${points} points.`,
          audience: 'all',
          data: { points },
        },
      ],
    };
  },
  // Nothing to remember: the points awaiting the decision are the step's.
  apply: (state) => state,
};
