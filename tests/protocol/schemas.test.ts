// The protocol's schemas of the engine's payloads (shared/protocol/game.ts) against what the engine really
// produces: every event of seeded bot games (standard and Cosmic Encounter Titan), each recipient's delivered
// form of it, the views of every player and of a spectator, and the whole states a snapshot stores. The schemas are strict: a field the
// schema does not describe fails as surely as a wrong value.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evolve } from '../../shared/engine/evolve';
import { createGame, type GameState, view, visibleTo } from '../../shared/engine/index';
import {
  deliveredEventSchema,
  gameEventSchema,
  gameStateSchema,
  gameViewSchema,
} from '../../shared/protocol/game';
import { clientMessageSchema, protocolJsonSchema, serverMessageSchema } from '../../shared/protocol/messages';
import { openApiDocument } from '../../shared/protocol/rest';
import { type BotGame, botGames } from '../engine/support/botGames';

let games: BotGame[] = [];
beforeAll(() => {
  games = [...botGames(150, 25), ...botGames(200, 10, 50_000, undefined, { variant: 'ceTitan' })];
});

const problems = (result: { success: boolean; error?: { message: string } }) =>
  result.success ? null : result.error?.message;

describe('the protocol schemas describe what the engine produces', () => {
  it('every event of the bot games, as logged and as each recipient receives it', () => {
    const types = new Set<string>();
    for (const game of games) {
      const players = game.state.players.map((p) => p.id);
      for (const event of game.events) {
        types.add(event.type);
        expect(problems(gameEventSchema.safeParse(event)), JSON.stringify(event)).toBeNull();
        const audience = visibleTo(event);
        for (const p of players) {
          const delivered = audience === 'all' || audience.includes(p) ? event : { type: 'hidden' };
          expect(problems(deliveredEventSchema.safeParse(delivered))).toBeNull();
        }
      }
    }
    // The games went through battles, negotiations and private events.
    for (const t of [
      'battleStarted',
      'strikeRolled',
      'splitContents',
      'legionInspected',
      'gameOver',
      'bidSubmitted',
      'powerUsed',
    ])
      expect(types).toContain(t);
  });

  it('every view of the sampled states, for each player and a spectator, and the states themselves', () => {
    let views = 0;
    for (const game of games) {
      for (const { state } of game.samples) {
        expect(problems(gameStateSchema.safeParse(state))).toBeNull();
        for (const viewer of [
          ...state.players.map((p) => ({ player: p.id })),
          { spectator: true as const },
        ]) {
          expect(problems(gameViewSchema.safeParse(view(state, viewer)))).toBeNull();
          views++;
        }
      }
      expect(problems(gameStateSchema.safeParse(game.state))).toBeNull();
    }
    expect(views).toBeGreaterThan(100);
  });

  it('refuses what the engine never sends: an unknown field, a die of 7, an unknown event', () => {
    const state: GameState = createGame({
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Bob' },
      ],
    }).state;
    const spectatorView = view(state, { spectator: true });
    expect(gameViewSchema.safeParse(spectatorView).success).toBe(true);
    expect(gameViewSchema.safeParse({ ...spectatorView, secret: 1 }).success).toBe(false);
    expect(gameEventSchema.safeParse({ type: 'towerRolled', player: 'p1', roll: 7 }).success).toBe(false);
    expect(deliveredEventSchema.safeParse({ type: 'hidden', player: 'p1' }).success).toBe(false);
    expect(deliveredEventSchema.safeParse({ type: 'somethingElse' }).success).toBe(false);
    const rolled = evolve(state, { type: 'towerRolled', player: 'p1', roll: 4 });
    expect(gameStateSchema.safeParse(rolled).success).toBe(true);
    expect(gameStateSchema.safeParse({ ...rolled, legions: { Bk01: { id: 'Bk01' } } }).success).toBe(false);
  });

  it('/protocol.json publishes every event variant, the hidden stub and the view', () => {
    const doc = protocolJsonSchema() as {
      serverMessage: { $defs: Record<string, { oneOf?: { properties: { type: { const: string } } }[] }> };
    };
    const defs = doc.serverMessage.$defs;
    const published = new Set(defs.DeliveredEvent?.oneOf?.map((v) => v.properties.type.const));
    for (const game of games.slice(0, 5)) for (const e of game.events) expect(published).toContain(e.type);
    expect(published).toContain('hidden');
    // Each says what it means.
    for (const v of defs.DeliveredEvent?.oneOf ?? [])
      expect((v as { description?: string }).description).toBeTruthy();
    expect(JSON.stringify(defs.GameView)).toContain('"legions"');
  });
});

describe('every reference resolves', () => {
  /** The `$ref`s of a document that point nowhere in it (JSON pointers from its root). */
  const dangling = (doc: unknown, root: unknown = doc): string[] => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#([^"]*)"/g)].map((m) => m[1] ?? '');
    return refs.filter((pointer) => {
      let at: unknown = root;
      for (const key of pointer.split('/').slice(1)) at = (at as Record<string, unknown> | undefined)?.[key];
      return at === undefined;
    });
  };
  it("in /openapi.json (the history holds the protocol's events) and in /protocol.json", () => {
    const openapi = openApiDocument('test');
    expect(JSON.stringify(openapi)).toContain('#/components/schemas/DeliveredEvent');
    expect(dangling(openapi)).toEqual([]);
    const protocol = protocolJsonSchema() as { clientMessage: unknown; serverMessage: unknown };
    expect(dangling(protocol.serverMessage)).toEqual([]);
    expect(dangling(protocol.clientMessage)).toEqual([]);
  });
});

describe('the protocol guide (docs/protocol.md)', () => {
  it('names every message of the protocol, both ways (a message added to the schemas is documented too)', () => {
    const guide = readFileSync(path.join(import.meta.dirname, '../../docs/protocol.md'), 'utf8');
    const types = [...clientMessageSchema.options, ...serverMessageSchema.options].map(
      (o) => o.shape.type.value,
    );
    expect(types.length).toBeGreaterThan(15);
    // Named as `type`, `type {fields}`, or in an example frame.
    const named = (t: string) => new RegExp(`\`${t}[\` ]|type: '${t}'|"type": "${t}"`).test(guide);
    const missing = types.filter((t) => !named(t));
    expect(missing).toEqual([]);
  });
});
