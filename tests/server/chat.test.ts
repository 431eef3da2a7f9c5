// Table chat (issue 14) through a listening server: the players' channel and the spectators' channel are
// kept apart during the game (a spectator's message never reaches a player, even one who joined as a
// spectator), untrusted text is normalised or refused, authors are rate-limited, mutes hold, and the chat
// is kept with the game across a restart. The chat's own rules (both channels once the game is over) are
// tested on TableChat with an in-memory log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatLog, TableChat } from '../../server/rooms/tableChat';
import { CHAT, type ChatEntry } from '../../shared/protocol/messages';
import type { Tokens } from '../../shared/protocol/rest';
import { cleanText } from '../../shared/protocol/text';
import { guest, startedGame } from './support/api';
import { TestClient } from './support/client';
import { startServer, type TestServer, testConfig } from './support/server';

const config = testConfig();
let server: TestServer;
beforeAll(async () => {
  server = await startServer(config);
});
afterAll(async () => {
  await server.close();
});

async function joined(game: string, who: Tokens, as: 'player' | 'spectator') {
  const client = await TestClient.open(server.wsUrl, { token: who.accessToken });
  client.send({ type: 'join', game, as });
  await client.next('joined');
  const history = await client.next('chatHistory');
  return { client, history };
}

const chats = (c: TestClient, game: string) =>
  c.received.flatMap((m) => (m.type === 'chat' && m.game === game ? [m.message] : []));

/** Sends and waits until `reader` has it (as `shown`: the text after normalisation). */
async function say(from: TestClient, game: string, text: string, reader: TestClient, shown = text) {
  from.send({ type: 'chat', game, text });
  return (await reader.next('chat', (m) => m.game === game && m.message.text === shown)).message;
}

describe('table chat', () => {
  it("keeps the players' and the spectators' channels apart during the game", async () => {
    const { game, players } = await startedGame(server.app, 2, 2);
    const [ann, bob] = players as [Tokens, Tokens];
    const sam = await guest(server.app, 'Sam');
    const eve = await guest(server.app, 'Eve');
    const a = await joined(game.id, ann, 'player');
    const b = await joined(game.id, bob, 'player');
    // Ann also watches as a spectator in another tab: her seat, not how she joined, picks her channel.
    const a2 = await joined(game.id, ann, 'spectator');
    const s = await joined(game.id, sam, 'spectator');
    const e = await joined(game.id, eve, 'spectator');
    expect(a.history).toMatchObject({ writes: 'players', reads: ['players'], messages: [] });
    expect(a2.history).toMatchObject({ writes: 'players', reads: ['players'] });
    expect(s.history).toMatchObject({ writes: 'spectators', reads: ['spectators'] });

    const tip = await say(s.client, game.id, "Bob's legion in the Tower holds his Titan!", e.client);
    expect(tip).toMatchObject({
      channel: 'spectators',
      from: { user: sam.user.id, name: 'Sam', seat: null },
    });
    const hello = await say(a.client, game.id, 'Good luck, Bob.', b.client);
    expect(hello).toMatchObject({ channel: 'players', from: { name: 'Player 1', seat: 'p1' } });
    await a2.client.next('chat', (m) => m.message.id === hello.id);
    // The room passes messages on in order: Bob has Ann's later message, so Sam's never came.
    for (const player of [a.client, b.client, a2.client]) {
      expect(chats(player, game.id).map((m) => m.channel)).toEqual(['players']);
    }
    // Eve's own later message comes back to her after anything the room sent her before it.
    await say(e.client, game.id, 'Quiet game.', e.client);
    expect(chats(e.client, game.id).map((m) => m.text)).toEqual([
      "Bob's legion in the Tower holds his Titan!",
      'Quiet game.',
    ]);
    await s.client.next('chat', (m) => m.message.text === 'Quiet game.');
    expect(chats(s.client, game.id).length).toBe(2);
    for (const c of [a, b, a2, s, e]) await c.client.close();
  });

  it('normalises the text and refuses what is empty, too long or holds control or bidi characters', async () => {
    const { game, players } = await startedGame(server.app, 2, 2);
    const a = await joined(game.id, players[0]!, 'player');
    const b = await joined(game.id, players[1]!, 'player');
    const refusals: [string, string][] = [
      ['   ', 'empty'],
      ['x'.repeat(CHAT.maxLength + 1), 'tooLong'],
      ['ring\u0007', 'forbiddenCharacters'],
      ['two\nlines', 'forbiddenCharacters'],
      ['I concede \u202Eeerf\u202C', 'forbiddenCharacters'],
      ['\u2066hidden\u2069', 'forbiddenCharacters'],
    ];
    for (const [text, reason] of refusals) {
      a.client.send({ type: 'chat', game: game.id, text });
      const refused = await a.client.next('chatRefused');
      expect(refused.reason).toBe(reason);
      expect(refused.message).not.toMatch(/zod|invalid_|seq/i);
    }
    const said = await say(a.client, game.id, '  Cafe\u0301   au   lait  ', b.client, 'Caf\u00e9 au lait');
    expect(said.text).toBe('Caf\u00e9 au lait');
    expect(chats(b.client, game.id).map((m) => m.text)).toEqual(['Caf\u00e9 au lait']);
    await a.client.close();
    await b.client.close();
  });

  it(`lets an author send ${CHAT.burst} messages in a row, no more`, async () => {
    const { game, players } = await startedGame(server.app, 2, 2);
    const a = await joined(game.id, players[0]!, 'player');
    for (let i = 0; i < CHAT.burst; i++) await say(a.client, game.id, `message ${i}`, a.client);
    a.client.send({ type: 'chat', game: game.id, text: 'one too many' });
    expect(await a.client.next('chatRefused')).toMatchObject({ reason: 'rateLimited' });
    expect(chats(a.client, game.id).length).toBe(CHAT.burst);
    await a.client.close();
  });

  it(`issue 12: a spectator's mutes are refused past ${CHAT.burst} in a row, written down and answered only within it`, async () => {
    const { game } = await startedGame(server.app, 2, 2);
    const eve = await guest(server.app, 'Eve');
    const e = await joined(game.id, eve, 'spectator');
    const writes = () => server.app.titan.db.prisma.chatMute.count({ where: { gameId: game.id } });
    const someone = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < CHAT.burst; i++) {
      e.client.send({ type: 'chatMute', game: game.id, user: someone(i), muted: true });
      expect((await e.client.next('chatHistory')).muted).toHaveLength(i + 1);
    }
    const histories = () => e.client.received.filter((m) => m.type === 'chatHistory').length;
    const answered = histories();
    for (let i = CHAT.burst; i < 3 * CHAT.burst; i++) {
      e.client.send({ type: 'chatMute', game: game.id, user: someone(i), muted: true });
      expect(await e.client.next('chatRefused')).toMatchObject({ game: game.id, reason: 'rateLimited' });
    }
    expect(histories()).toBe(answered);
    expect(await writes()).toBe(CHAT.burst);
    await e.client.close();
  });

  it('a muted author is not passed on to whoever muted him, and the chat and mutes outlive a restart', async () => {
    const { game, players } = await startedGame(server.app, 2, 2);
    const sam = await guest(server.app, 'Sam');
    const eve = await guest(server.app, 'Eve');
    const s = await joined(game.id, sam, 'spectator');
    const e = await joined(game.id, eve, 'spectator');
    await say(s.client, game.id, 'first', e.client);
    e.client.send({ type: 'chatMute', game: game.id, user: sam.user.id, muted: true });
    expect((await e.client.next('chatHistory')).muted).toEqual([sam.user.id]);
    const second = await say(s.client, game.id, 'second', s.client);
    const eveHas = await say(e.client, game.id, 'anyone there?', s.client);
    await e.client.next('chat', (m) => m.message.id === eveHas.id);
    expect(chats(e.client, game.id).map((m) => m.text)).toEqual(['first', 'anyone there?']);
    expect(chats(e.client, game.id).some((m) => m.id === second.id)).toBe(false);
    for (const c of [s, e]) await c.client.close();

    await server.close();
    server = await startServer(config);
    const again = await joined(game.id, eve, 'spectator');
    expect(again.history.muted).toEqual([sam.user.id]);
    // Muting hides the author's earlier messages too; the others are kept.
    expect(again.history.messages.map((m) => m.text)).toEqual(['anyone there?']);
    const watcher = await joined(game.id, await guest(server.app, 'Tom'), 'spectator');
    expect(watcher.history.messages.map((m) => m.text)).toEqual(['first', 'second', 'anyone there?']);
    await watcher.client.close();
    const player = await joined(game.id, players[0]!, 'player');
    expect(player.history.messages).toEqual([]);
    await again.client.close();
    await player.client.close();
  });
});

describe('TableChat', () => {
  function memoryChat(): ChatLog {
    const rows: ChatEntry[] = [];
    const mutes: { user: string; muted: string }[] = [];
    return {
      latest: async (_g, limit) => rows.slice(-limit),
      add: async (_g, e) => {
        rows.push(e);
      },
      mutes: async () => mutes,
      setMute: async (_g, user, muted, on) => {
        if (on) mutes.push({ user, muted });
      },
    };
  }
  const ANN = '00000000-0000-4000-8000-0000000000a1';
  const SAM = '00000000-0000-4000-8000-0000000000b1';

  it('once the game is over everyone reads both channels', async () => {
    let over = false;
    const chat = await TableChat.load(
      'g',
      memoryChat(),
      (u) => (u === ANN ? 'p1' : null),
      () => over,
    );
    const fromSam = await chat.say(SAM, 'Sam', 'well played');
    const fromAnn = await chat.say(ANN, 'Ann', 'thanks');
    if (!('entry' in fromSam) || !('entry' in fromAnn)) throw new Error('refused');
    expect(chat.reaches({ user: ANN }, fromSam.entry)).toBe(false);
    expect(chat.reaches({ user: SAM }, fromAnn.entry)).toBe(false);
    expect(chat.history({ user: null }).messages.map((m) => m.text)).toEqual(['well played']);
    over = true;
    expect(chat.reaches({ user: ANN }, fromSam.entry)).toBe(true);
    expect(chat.history({ user: SAM })).toMatchObject({
      writes: 'spectators',
      reads: ['players', 'spectators'],
    });
    expect(chat.history({ user: SAM }).messages.length).toBe(2);
  });

  it(`an author refused for his rate may write again ${CHAT.windowSeconds / CHAT.burst} seconds later`, async () => {
    const chat = await TableChat.load(
      'g',
      memoryChat(),
      () => null,
      () => false,
    );
    const t = Date.now();
    for (let i = 0; i < CHAT.burst; i++)
      expect(await chat.say(SAM, 'Sam', `m${i}`, t)).toHaveProperty('entry');
    expect(await chat.say(SAM, 'Sam', 'again', t + 1000)).toMatchObject({
      refused: { reason: 'rateLimited' },
    });
    // Another author is not held back by Sam's rate.
    expect(await chat.say(ANN, 'Ann', 'hello', t + 1000)).toHaveProperty('entry');
    const every = (CHAT.windowSeconds / CHAT.burst) * 1000;
    expect(await chat.say(SAM, 'Sam', 'again', t + every)).toHaveProperty('entry');
    // A refused text does not cost a message.
    expect(await chat.say(SAM, 'Sam', '\u0007', t + every)).toMatchObject({
      refused: { reason: 'forbiddenCharacters' },
    });
  });

  it('cleanText: NFC, one space, trimmed; the limit counts characters, not UTF-16 units', () => {
    expect(cleanText(' a\u00a0\u00a0b ', 10)).toEqual({ text: 'a b' });
    expect(cleanText('🐉'.repeat(10), 10)).toEqual({ text: '🐉'.repeat(10) });
    expect(cleanText('\ud800', 10)).toMatchObject({ problem: 'forbiddenCharacters' });
    expect(cleanText('\u200fabc', 10)).toMatchObject({ problem: 'forbiddenCharacters' });
  });
});
