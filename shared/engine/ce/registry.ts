// The powers built so far, one module each (power.ts). Only these are drawn for the bidding (issue 17: powers not
// built are simply not drawn). Adding a power: write its module in powers/, then list it here.
import type { IntentOf } from '../intents';
import type { ActNames, Power, PowerId } from './power';
import { colossus } from './powers/colossus';
import { communist } from './powers/communist';
import { democrat } from './powers/democrat';
import { dwarf } from './powers/dwarf';
import { ent } from './powers/ent';
import { ghoul } from './powers/ghoul';
import { gladiator } from './powers/gladiator';
import { gypsy } from './powers/gypsy';
import { halflings } from './powers/halflings';
import { hiLois } from './powers/hiLois';
import { immobiliser } from './powers/immobiliser';
import { knights } from './powers/knights';
import { ladyLuck } from './powers/ladyLuck';
import { marines } from './powers/marines';
import { multiChoice } from './powers/multiChoice';
import { ninja } from './powers/ninja';
import { regenerator } from './powers/regenerator';
import { republican } from './powers/republican';
import { valkyrie } from './powers/valkyrie';
import { viper } from './powers/viper';
import { zombie } from './powers/zombie';

export const BUILT_POWERS: readonly Power[] = [
  colossus,
  communist,
  democrat,
  ent,
  marines,
  knights,
  multiChoice,
  viper,
  regenerator,
  republican,
  immobiliser,
  ladyLuck,
  gypsy,
  gladiator,
  ghoul,
  hiLois,
  ninja,
  dwarf,
  halflings,
  valkyrie,
  zombie,
].sort((a, b) => a.id - b.id);

const BY_ID: ReadonlyMap<PowerId, Power> = new Map(BUILT_POWERS.map((p) => [p.id, p]));

/** A built power by its number; throws for one not built (a power in play is always built: a bug otherwise). */
export function powerById(id: PowerId): Power {
  const power = BY_ID.get(id);
  if (power === undefined) throw new Error(`power ${id} is not built`);
  return power;
}

export function isBuilt(id: PowerId): boolean {
  return BY_ID.has(id);
}

/** Names that are the ids themselves (tests, and a client that has no names to give). */
const ID_NAMES: ActNames = { player: (id) => id, character: (id) => id };

/** The words of a button sending a power's act (the web client's label): the built power whose act it is. */
export function powerActWords(intent: IntentOf<'usePower'>, names: ActNames = ID_NAMES): string | null {
  for (const power of BUILT_POWERS) {
    const words = power.actWords?.(intent, names) ?? null;
    if (words !== null) return words;
  }
  return null;
}
