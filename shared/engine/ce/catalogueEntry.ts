import { CATALOGUE } from './catalogue';
import type { PowerEntry, PowerId } from './power';

/** The catalogue entry of a power (its number, name, mark, kinds and text as rules 004 give them). */
export function entry(id: PowerId): PowerEntry {
  const found = CATALOGUE.find((p) => p.id === id);
  if (found === undefined) throw new Error(`no power number ${id} in rules 004`);
  return found;
}
