// 13 ZOMBIE (CE Titan, rules 004): "The casualties of battle fights for you, the undead."

import { isRaisedTitan, raisedTitan, titanPower } from '../../../data/characters';
import { legionName } from '../../../data/markers';
import { land as landOf } from '../../../data/masterboard';
import { strikeNumber } from '../../../data/strikeChart';
import type { CharacterName, LandNumber, MarkerId } from '../../../data/types';
import { skillOf } from '../../battle/hazards';
import { type BattleSide, isSlain, opponent } from '../../battle/position';
import { isSubMultiset, withoutCharacters } from '../../contents';
import { decided, fromLossesInto } from '../../engagementFold';
import { lossesOf, ownerOfSide, requireBattle, requireEngagement } from '../../engagementState';
import type { Decision, GameEvent } from '../../events';
import { updatePlayer, withLegion } from '../../fold';
import type { Intent } from '../../intents';
import { playerOf, requireLegion } from '../../lookups';
import { MAX_LEGION_HEIGHT } from '../../muster';
import { reject } from '../../rejections';
import type { Dice, EngagementScore, Fallen, GameState, PlayerId, PowerMemory, Step } from '../../types';
import { applyHits, type HitChange, hitsEvents } from '../battleEffects';
import { entry } from '../catalogueEntry';
import type { Power } from '../power';

const ZOMBIE = 13;

/** The default fold of a power's act: its data merged into his memory (ce/fold.ts). */
function remembered(state: GameState, player: PlayerId, data: PowerMemory): GameState {
  const ce = state.ce;
  if (ce === null) return state;
  return { ...state, ce: { ...ce, memory: { ...ce.memory, [player]: { ...ce.memory[player], ...data } } } };
}

// ---------------------------------------------------------------- B1: the corpses

/** CE 13 B1: a corpse's Skill-factor in its attack: (its points % 12) + 2, its points its Power-factor where it fell
 *  times its Skill-factor (16.0). */
export function corpseSkill(corpse: Fallen): number {
  return ((corpse.power * skillOf(corpse.type)) % 12) + 2;
}

/** CE 13 B1: the corpses' attacks as the enemy side ends maneuvering: each enemy that ended a move of this maneuver
 *  phase on a hex where characters fell is struck by each corpse there, one die at the corpse's skill against its
 *  Skill-factor on the Strike Chart (12.7), no hazard or power changing it. */
function corpseAttacks(state: GameState, side: BattleSide, dice: Dice): GameEvent[] {
  const battle = requireBattle(state);
  const corpses = battle.fallen ?? [];
  const struck = battle.characters.filter(
    (c) => c.side !== side && c.hex !== null && battle.movedThisPhase.includes(c.id) && !isSlain(c),
  );
  const changes: HitChange[] = [];
  const rolls: number[] = [];
  const words: string[] = [];
  for (const c of struck) {
    for (const corpse of corpses.filter((x) => x.hex === c.hex)) {
      const skill = corpseSkill(corpse);
      const needs = strikeNumber(skill, skillOf(c.type));
      const roll = dice.roll(1)[0] ?? 1;
      rolls.push(roll);
      const hit = roll >= needs ? 1 : 0;
      changes.push({ id: c.id, hits: hit });
      words.push(
        `the ${corpse.type}'s corpse on ${c.hex} strikes ${c.type} ${c.id} at skill ${skill} (${needs}+): ${roll}${hit > 0 ? ', a hit' : ''}`,
      );
    }
  }
  if (rolls.length === 0) return [];
  const merged = [...new Set(changes.map((x) => x.id))].map((id) => ({
    id,
    hits: changes.filter((x) => x.id === id).reduce((n, x) => n + x.hits, 0),
  }));
  return hitsEvents(state, side, ZOMBIE, 'corpses', `The corpses rise: ${words.join('; ')}.`, merged, rolls);
}

// ---------------------------------------------------------------- B3: raising the dead

/** The engagement's side the Zombie fought on. */
function sideOf(state: GameState, owner: PlayerId) {
  return requireEngagement(state).attackerOwner === owner ? 'attacker' : 'defender';
}

/** CE 13 B3: "chars involved therein": the engagement's losses of both sides (his own first), an enemy Titan as
 *  the raised Titan of its colour ("it becomes an ordinary Lord"). */
function raisable(state: GameState, owner: PlayerId): CharacterName[] {
  const engagement = requireEngagement(state);
  const mine = sideOf(state, owner);
  const enemy = playerOf(state, ownerOfSide(engagement, opponent(mine)));
  const enemyLosses = lossesOf(engagement, opponent(mine)).map((c) =>
    c === 'Titan' && enemy.color !== null ? raisedTitan(enemy.color) : c,
  );
  return [...lossesOf(engagement, mine), ...enemyLosses].filter((c) => c !== 'Titan');
}

/** CE 13 B3 (reading): the new legion stands in the engagement's land when no legion of his does, else in a land
 *  bordering it that no legion stands in (his choice). */
function raiseLands(state: GameState, owner: PlayerId): LandNumber[] {
  const at = requireEngagement(state).land;
  const legions = Object.values(state.legions);
  if (!legions.some((l) => l.land === at && l.owner === owner)) return [at];
  return [...landOf(at).neighbours].filter((n) => !legions.some((l) => l.land === n)).sort((a, b) => a - b);
}

/** The characters chosen so far (his memory between the decisions). */
function chosenOf(state: GameState, player: PlayerId): CharacterName[] {
  const raising = state.ce?.memory[player]?.raising;
  return Array.isArray(raising) ? (raising as CharacterName[]) : [];
}

/** His raising decision now (the points scored it follows), or null when no step of his is open. */
function pending(state: GameState, player: PlayerId): EngagementScore | null {
  const step = state.step;
  if (step.kind !== 'powerDecision' || step.power !== ZOMBIE || step.actor !== player) return null;
  return step.scored ?? null;
}

function question(player: PlayerId, chosen: readonly CharacterName[], scored: EngagementScore): Step {
  const text =
    chosen.length === 0
      ? 'Raise the dead of this engagement into a new legion (up to 7)?'
      : `Raise more (${chosen.join(', ')} so far), or form the new legion?`;
  return { kind: 'powerDecision', actor: player, power: ZOMBIE, question: text, scored };
}

/** What he may still raise: each kind of the engagement's dead not yet chosen, while the legion has room. */
function raiseChoices(state: GameState, player: PlayerId): CharacterName[] {
  const chosen = chosenOf(state, player);
  if (chosen.length >= MAX_LEGION_HEIGHT) return [];
  const left = withoutCharacters(raisable(state, player), chosen);
  return [...new Set(left)];
}

function used(player: PlayerId, act: string, words: string, data: PowerMemory): GameEvent {
  return { type: 'powerUsed', player, power: ZOMBIE, act, words, audience: 'all', data };
}

/** CE 13 B3: the new legion formed: the raised leave the engagement's losses (they go to no dead pile), an enemy
 *  Titan raised keeping its place there (its player is eliminated all the same, 19.3) and its Power-factor kept
 *  for the game (`raised`). */
function formed(state: GameState, player: PlayerId, data: PowerMemory): GameState {
  const marker = String(data.legion) as MarkerId;
  const characters = (Array.isArray(data.characters) ? data.characters : []) as CharacterName[];
  const land = Number(data.land);
  let s = updatePlayer(state, player, (p) => ({
    ...p,
    markersAvailable: p.markersAvailable.filter((m) => m !== marker),
  }));
  s = withLegion(s, { id: marker, owner: player, land, characters: [], known: [] });
  const mine = sideOf(s, player);
  for (const c of characters) {
    const e = requireEngagement(s);
    const side = lossesOf(e, mine).includes(c)
      ? mine
      : lossesOf(e, opponent(mine)).includes(c)
        ? opponent(mine)
        : null;
    if (side !== null) {
      s = fromLossesInto(s, side, marker, c);
    } else {
      // An enemy Titan raised: its Titan stays among the losses (its player is out, 19.3).
      const legion = requireLegion(s, marker);
      s = withLegion(s, { ...legion, characters: [...legion.characters, c], known: [...legion.known, c] });
    }
  }
  const ce = s.ce;
  if (ce === null) return s;
  const raisedNow = characters.find((c) => isRaisedTitan(c) && typeof data.power === 'number');
  return {
    ...s,
    ce: {
      ...ce,
      memory: { ...ce.memory, [player]: { ...ce.memory[player], raising: [] } },
      ...(raisedNow === undefined ? {} : { raised: { ...ce.raised, [raisedNow]: Number(data.power) } }),
    },
  };
}

export const zombie: Power = {
  ...entry(ZOMBIE),
  // CE 13 M1: "You may recruit from the dead": any creature the caretaker has none left of, from the dead pile
  // (musters and reinforcements alike).
  fromTheDead: () => true,
  // CE 13 B2: "You win all mutuals, and can collect points if you win on time." A mutual elimination (by battle,
  // concession or agreement) is his win, scored on the enemy's losses, his emptied legion eliminated all the same
  // (4.4); a win on time (his defending legion outlasting the attacker's 7th turn, 10.5) scores the attacker's
  // losses (all its characters).
  winsMutual: (state, owner, side) => [
    used(
      owner,
      'winsMutual',
      `${playerOf(state, owner).name} wins the mutual elimination (the Zombie wins all mutuals).`,
      {
        side,
      },
    ),
  ],
  scoresOnTime: true,
  // CE 13 B1: "All dead chars in battle involving you stays on the board to the end of the battle. Corpses do not
  // hinder movement or rangestrikes but attack enemies on entry with 1 die at skill (corpse points % 12) + 2 for
  // each corpse." Every character slain in his battles (either side's) stays where it fell (none for one left off,
  // 10.1) to the battle's end (BattleState.fallen), blocking no move and no line of sight (it is no character of
  // the battle); an enemy that ends a move of its maneuver phase on a corpse's hex (entering the battleland onto it
  // included; passing through is not entering) is struck by each corpse there as its side's strikes begin.
  atMoment: (state, side, moment, dice) => {
    if (moment.kind !== 'strikes' || moment.side === side || dice === null) return [];
    return corpseAttacks(state, side, dice);
  },
  // CE 13 T1: "If your titan dies in battle you lose (even if you win the battle)": the engagement's end eliminates
  // every player whose Titan fell in it (resolution.ts afterAngels), the victor too (a mutual he wins, B2); and he
  // raises nothing (B3).
  //
  // CE 13 B3: "Anytime you gain points from a battle, you may select any collection up to 7 from chars involved
  // therein, and form a new stack, prior to aquiring or summing of angels and recruiting." Reading: after he scores
  // an engagement's points (any engagement, a flight's half points too), before their Angels and the muster phase
  // (the victor's 2.5.6.5 summons come before the points in the Complete Sequence), he raises the engagement's
  // losses of both sides one at a time, up to 7, into a new legion under his first available marker, public, in
  // the engagement's land when no legion of his stands there, else in a free land bordering it (his choice). "If
  // you raise an enemy Titan, it becomes an ordinary Lord (can be summoned and teleport) at its last pointage": the
  // Raised Titan of its colour (data/characters.ts), a Lord of Skill-factor 4 whose Power-factor is the slain
  // Titan's last one (6 + its player's score / 100), summoned like an Angel (15.0) and letting its legion Tower
  // Teleport (8.1) as any Lord (not Titan Teleport).
  scored: (state, owner, score) => {
    if (score.player !== owner) return null;
    const engagement = requireEngagement(state);
    if (lossesOf(engagement, sideOf(state, owner)).includes('Titan')) return null; // CE 13 T1
    if (raisable(state, owner).length === 0) return null;
    if (playerOf(state, owner).markersAvailable.length === 0 || raiseLands(state, owner).length === 0)
      return null;
    return [
      used(owner, 'mayRaise', `${playerOf(state, owner).name} may raise the dead of this engagement.`, {
        raising: [],
      }),
      { type: 'stepBegan', step: question(owner, [], score) },
    ];
  },
  choices: (state, player) => {
    if (pending(state, player) === null) return [];
    const chosen = chosenOf(state, player);
    return [
      { type: 'usePower', act: 'noRaise' },
      ...raiseChoices(state, player).map(
        (character): Intent => ({ type: 'usePower', act: 'raise', args: { character } }),
      ),
      ...(chosen.length === 0
        ? []
        : raiseLands(state, player).map(
            (land): Intent => ({ type: 'usePower', act: 'raiseInto', args: { land } }),
          )),
    ];
  },
  decide: (state, player, intent): Decision | null => {
    const scored = pending(state, player);
    if (scored === null) return null;
    const name = playerOf(state, player).name;
    const chosen = chosenOf(state, player);
    const args = intent.args ?? {};
    if (intent.act === 'noRaise') {
      return { events: [used(player, 'noRaise', `${name} raises no one.`, { raising: [] })] };
    }
    if (intent.act === 'raise') {
      const character = raiseChoices(state, player).find((c) => c === args.character);
      if (character === undefined) {
        return reject(
          'notAllowed',
          `Raise one of this engagement's dead not yet chosen, up to ${MAX_LEGION_HEIGHT}.`,
          'CE 13 B3',
        );
      }
      const raising = [...chosen, character];
      return {
        events: [
          used(player, 'raise', `${name} raises a ${character}.`, { raising }),
          { type: 'stepBegan', step: question(player, raising, scored) },
        ],
      };
    }
    if (intent.act === 'raiseInto') {
      const land = raiseLands(state, player).find((l) => l === args.land);
      const marker = playerOf(state, player).markersAvailable[0];
      if (chosen.length === 0 || land === undefined || marker === undefined) {
        return reject(
          'notAllowed',
          "Choose who to raise first, then the land of the new legion: the engagement's land when no legion of yours stands there, else a free land bordering it.",
          'CE 13 B3',
        );
      }
      if (!isSubMultiset(chosen, raisable(state, player)))
        throw new Error('raised characters not among the dead');
      const titan = chosen.find(isRaisedTitan);
      const enemy = playerOf(state, ownerOfSide(requireEngagement(state), opponent(sideOf(state, player))));
      // "at its last pointage": the power of the slain Titan (its player's score, final: he is eliminated).
      const fresh = titan !== undefined && enemy.color !== null && titan === raisedTitan(enemy.color);
      const power: PowerMemory = fresh ? { power: titanPower(enemy.score) } : {};
      return {
        events: [
          used(
            player,
            'raised',
            `${name} raises ${chosen.join(', ')} into a new legion, ${legionName(marker)}, in land ${land}.`,
            { legion: marker, land, characters: chosen, ...power },
          ),
        ],
      };
    }
    return reject('notAllowed', 'Raise the dead, form the new legion, or raise no one.', 'CE 13 B3');
  },
  actWords: (intent) => {
    const { character, land } = intent.args ?? {};
    if (intent.act === 'noRaise' && character === undefined && land === undefined) return 'Raise no one';
    if (intent.act === 'raise' && typeof character === 'string') return `Raise the ${character}`;
    if (intent.act === 'raiseInto' && typeof land === 'number')
      return `Form the raised legion in ${landOf(land).terrain} ${land}`;
    return null;
  },
  apply: (state, event) => {
    if (event.act === 'winsMutual') {
      const side = event.data.side === 'attacker' ? 'attacker' : 'defender';
      const result = requireEngagement(state).result;
      return decided(state, result?.outcome ?? 'mutualElimination', side);
    }
    if (event.act === 'raised') return formed(state, event.player, event.data);
    if (event.act === 'corpses') return applyHits(state, event);
    return remembered(state, event.player, event.data);
  },
};
