// Socket players for whole-game tests: each answers every `legal` message the server sends it with one
// of the offered intents, chosen by the random bot's pick (shared/bot/randomPick.ts).
import { randomPick } from '../../../shared/bot/index';
import type { ServerMessageOf } from '../../../shared/protocol/messages';
import type { TestClient } from './client';

export { seededRandom as seeded } from '../../../shared/engine/random';

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
    if (m.type !== 'legal' || m.game !== game) return;
    const intent = randomPick(m.intents, random);
    if (intent === null) return;
    client.send({ type: 'intent', id: `auto-${session}-${++n}`, game, expectedSeq: m.seq, intent });
  };
  return player;
}
