// Socket players for whole-game tests: each answers every `legal` message the server sends it with one
// of the offered intents, chosen the way the engine's random-legal bot chooses (a kind at random, then
// one intent of that kind; never withdraw unless nothing else is legal, rarely take a move back).
import type { Intent } from '../../../shared/engine/intents';
import type { ServerMessageOf } from '../../../shared/protocol/messages';
import type { TestClient } from './client';

export { seededRandom as seeded } from '../../../shared/engine/random';

const RARELY = new Set(['undoMove', 'resetManeuver']);

export function pickIntent(intents: readonly Intent[], random: () => number): Intent {
  const forward = intents.filter((i) => i.type !== 'withdraw');
  const usual = forward.filter((i) => !RARELY.has(i.type));
  const pool = usual.length > 0 && random() >= 0.02 ? usual : forward.length > 0 ? forward : intents;
  const kinds = [...new Set(pool.map((i) => i.type))];
  const kind = kinds[Math.floor(random() * kinds.length)];
  const ofKind = pool.filter((i) => i.type === kind);
  return ofKind[Math.floor(random() * ofKind.length)]!;
}

export interface AutoPlayer {
  readonly rejections: ServerMessageOf<'rejected'>[];
  /** How many intents this player had accepted. */
  accepted: number;
  stop(): void;
}

/** Makes `client` play `game`: every `legal` message is answered with one intent (expectedSeq set). */
export function autoPlay(client: TestClient, game: string, random: () => number): AutoPlayer {
  const player: AutoPlayer = { rejections: [], accepted: 0, stop: () => (active = false) };
  let active = true;
  let n = 0;
  // Intent ids must be unique per user and game for good: a reused id is answered, never applied.
  const session = Math.floor(random() * 2 ** 32).toString(36);
  client.onMessage = (m) => {
    if (!active) return;
    if (m.type === 'rejected' && m.game === game) player.rejections.push(m);
    if (m.type === 'accepted' && m.game === game) player.accepted += 1;
    if (m.type !== 'legal' || m.game !== game || m.intents.length === 0) return;
    const intent = pickIntent(m.intents, random);
    client.send({ type: 'intent', id: `auto-${session}-${++n}`, game, expectedSeq: m.seq, intent });
  };
  return player;
}
