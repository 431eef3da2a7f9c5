// A client written the way a stranger would write one: from docs/protocol.md and what the server
// publishes (/protocol.json, /openapi.json) alone. It imports nothing of this repository (no shared/,
// no server/): the websocket package, and Ajv for the JSON Schema (the most used and maintained
// validator for JavaScript, with draft 2020-12, the dialect /protocol.json is written in).
// It signs up as a guest, opens a game against bots over REST, plays it to the end over the websocket
// answering each `legal` with one of the intents offered, drops its socket once mid-game and resumes
// from its last seq, and checks every frame it receives against the published schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import WebSocket from 'ws';

// The little of the protocol this client reads, typed by hand from the guide.
type Json = Record<string, unknown>;
interface Frame extends Json {
  readonly type: string;
}

export interface StrangerReport {
  /** Every frame received, in order, as parsed JSON. */
  readonly frames: Frame[];
  /** The frames the published schema refused, with Ajv's reasons. */
  readonly invalid: { readonly frame: Frame; readonly errors: string }[];
  readonly rejected: Frame[];
  accepted: number;
  /** The event seqs received, in order (over both sockets). */
  readonly eventSeqs: number[];
  /** The last event received: `gameOver` when the game was played to its end. */
  lastEvent: Frame | null;
  /** How the one resumption went: the `joined` frame of the second socket. */
  resumed: Frame | null;
}

async function rest<T>(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Compiles the server-to-client schema of /protocol.json. */
export async function serverFrameValidator(base: string): Promise<ValidateFunction> {
  const doc = await rest<{ protocolVersion: number; serverMessage: Json }>(base, 'GET', '/protocol.json');
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(ajv);
  return ajv.compile(doc.serverMessage);
}

/** A guest, and a started game of `seats` seats: the guest in the first, bots in the others. */
export async function gameAgainstBots(base: string, seats: number) {
  const me = await rest<{ accessToken: string }>(base, 'POST', '/api/auth/guest', undefined, {
    displayName: 'Stranger',
  });
  const token = me.accessToken;
  const game = await rest<{ id: string }>(base, 'POST', '/api/games', token, { seats, takeSeat: true });
  for (let i = 1; i < seats; i++) await rest(base, 'POST', `/api/games/${game.id}/bots`, token, {});
  await rest(base, 'POST', `/api/games/${game.id}/start`, token);
  return { token, game: game.id };
}

/** The game's history as this player may read it (guide, section 2): page after page, `after` = the last seq
 *  received, while the history's `seq` is larger. Its seqs are his own, the socket's (guide, section 5). */
export async function historyOf(base: string, auth: { token: string; game: string }, limit = 100) {
  const events: { seq: number; event: Json }[] = [];
  for (;;) {
    const after = events.at(-1)?.seq ?? 0;
    const page = await rest<{ seq: number; events: { seq: number; event: Json }[] }>(
      base,
      'GET',
      `/api/games/${auth.game}/history?after=${after}&limit=${limit}`,
      auth.token,
    );
    events.push(...page.events);
    if (page.events.length === 0 || (events.at(-1)?.seq ?? 0) >= page.seq) return events;
  }
}

/** A small seeded generator (mulberry32), so that a failing game can be played again. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the offered intents: a kind at random, then one of that kind; never `withdraw` while
 *  something else is offered, and rarely a step back (`undoMove`, `resetManeuver`). */
function pick(intents: readonly Json[], random: () => number): Json {
  const forward = intents.filter((i) => i.type !== 'withdraw');
  const usual = forward.filter((i) => i.type !== 'undoMove' && i.type !== 'resetManeuver');
  const pool = usual.length > 0 && random() >= 0.02 ? usual : forward.length > 0 ? forward : intents;
  const kinds = [...new Set(pool.map((i) => i.type))];
  const kind = kinds[Math.floor(random() * kinds.length)];
  const ofKind = pool.filter((i) => i.type === kind);
  return ofKind[Math.floor(random() * ofKind.length)]!;
}

/**
 * Plays the game to its end. The rules of the guide it follows: the seq it holds is the last event's
 * (or the `state`'s); a `legal` is answered only when its seq is the seq held (an older one was
 * overtaken), at most once per seq, with that seq as `expectedSeq`, and with an id never used before.
 * After `dropAfter` events it closes its socket and joins again with `lastSeq`.
 */
export async function playToTheEnd(
  wsBase: string,
  auth: { token: string; game: string },
  validate: ValidateFunction,
  options: { seed: number; dropAfter: number },
): Promise<StrangerReport> {
  const random = seeded(options.seed);
  const report: StrangerReport = {
    frames: [],
    invalid: [],
    rejected: [],
    accepted: 0,
    eventSeqs: [],
    lastEvent: null,
    resumed: null,
  };
  let seq: number | null = null;
  /** The intent sent at the seq held and not yet answered: sent again, same id, after a reconnection. */
  let unanswered: { seq: number; id: string; frame: string } | null = null;
  let answeredSeq: number | null = null;
  let counter = 0;
  let dropped = false;

  const connect = (lastSeq: number | null) =>
    new Promise<'over' | 'dropped'>((resolve, reject) => {
      const socket = new WebSocket(`${wsBase}?token=${encodeURIComponent(auth.token)}`);
      socket.on('error', reject);
      socket.on('close', (code, reason) => {
        if (dropped && report.resumed === null) resolve('dropped');
        else reject(new Error(`socket closed: ${code} ${reason.toString()}`));
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Frame;
        report.frames.push(frame);
        if (!validate(frame)) {
          report.invalid.push({ frame, errors: JSON.stringify(validate.errors) });
        }
        switch (frame.type) {
          case 'welcome':
            socket.send(
              JSON.stringify({
                type: 'join',
                game: auth.game,
                as: 'player',
                ...(lastSeq === null ? {} : { lastSeq }),
              }),
            );
            return;
          case 'joined':
            if (lastSeq !== null) report.resumed = frame;
            return;
          case 'state':
            seq = frame.seq as number;
            return;
          case 'event': {
            seq = frame.seq as number;
            report.eventSeqs.push(seq);
            report.lastEvent = frame.event as Frame;
            if (!dropped && report.eventSeqs.length >= options.dropAfter) {
              dropped = true;
              socket.close();
            }
            return;
          }
          case 'legal': {
            const at = frame.seq as number;
            const intents = frame.intents as Json[];
            if (at !== seq || intents.length === 0) return;
            if (unanswered !== null && unanswered.seq === at) {
              socket.send(unanswered.frame);
              return;
            }
            if (answeredSeq === at) return;
            answeredSeq = at;
            const id = `stranger-${options.seed}-${++counter}`;
            const intent = {
              type: 'intent',
              id,
              game: auth.game,
              expectedSeq: at,
              intent: pick(intents, random),
            };
            const sent = { seq: at, id, frame: JSON.stringify(intent) };
            unanswered = sent;
            socket.send(sent.frame);
            return;
          }
          case 'accepted':
            if (frame.id === unanswered?.id) unanswered = null;
            report.accepted += 1;
            return;
          case 'rejected':
            if (frame.id === unanswered?.id) unanswered = null;
            report.rejected.push(frame);
            return;
          case 'diceRevealed':
            socket.removeAllListeners('close');
            socket.close();
            resolve('over');
            return;
          default:
            return;
        }
      });
    });

  if ((await connect(null)) === 'dropped') await connect(seq);
  return report;
}
