// A finished game, replayed (issue 14): step through it move by move, turn by turn or with the slider, from
// any player's seat or as the public saw it. After the game everything is public, so the whole log comes from
// the server (`replay`); each position is the engine's fold of it and what a viewer sees there is the engine's
// `view`, drawn with the game table's own board and panels (nothing can be played).
import { useEffect, useMemo, useState } from 'react';
import type { MarkerId } from '../../../shared/data/types';
import { type GameView, seqSeenBy, type Viewer, view as viewOf } from '../../../shared/engine/index';
import type { GameSummary } from '../../../shared/protocol/rest';
import { ApiError, api } from '../app/api';
import { type GameClientState, initialGameState } from '../app/gameState';
import { navigate } from '../app/route';
import { Masterboard } from '../board/Masterboard';
import { BattleArea } from '../game/BattleArea';
import { CaretakerPanel } from '../game/CaretakerPanel';
import { describeEvent } from '../game/describe';
import { EngagementPanel } from '../game/EngagementPanel';
import { EventLog } from '../game/EventLog';
import { GameOverPanel } from '../game/GameOverPanel';
import { KnowledgePanel } from '../game/KnowledgePanel';
import { LegionPanel } from '../game/LegionPanel';
import { PlayersPanel } from '../game/PlayersPanel';
import { TurnInfo } from '../game/TurnInfo';
import { makeTable, masterLegions, recruitPreview, TableContext } from '../game/table';
import { Loading } from '../ui/Loading';
import {
  deliveredTo,
  type LoggedEvent,
  moveStops,
  nextStop,
  numbering,
  positions,
  previousStop,
  turnStops,
} from './replayLog';

/** The whole log, page after page. */
async function loadLog(game: string, invite: string | undefined): Promise<LoggedEvent[]> {
  const log: LoggedEvent[] = [];
  for (;;) {
    const page = await api.replay(game, log.length, invite);
    log.push(...page.events);
    if (page.events.length === 0 || log.length >= page.seq) return log;
  }
}

export function ReplayScreen(props: { game: string; invite?: string }) {
  const [loaded, setLoaded] = useState<{ summary: GameSummary; log: LoggedEvent[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    Promise.all([api.getGame(props.game, props.invite), loadLog(props.game, props.invite)]).then(
      ([summary, log]) => {
        if (!stopped) setLoaded({ summary, log });
      },
      (e: unknown) => {
        if (!stopped) setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
      },
    );
    return () => {
      stopped = true;
    };
  }, [props.game, props.invite]);
  if (loaded === null || loaded.log.length === 0) {
    return <Loading what="the replay" error={error} />;
  }
  return <Replay summary={loaded.summary} log={loaded.log} />;
}

const PUBLIC = 'public';

function Replay({ summary, log }: { summary: GameSummary; log: readonly LoggedEvent[] }) {
  const states = useMemo(() => positions(log), [log]);
  const players = states[0]?.players ?? [];
  // The seat of the one who opens it, if he played; the public view otherwise.
  const [seat, setSeat] = useState<string>(summary.yourSeat ?? PUBLIC);
  const viewer: Viewer = useMemo(() => (seat === PUBLIC ? { spectator: true } : { player: seat }), [seat]);
  const numbered = useMemo(() => numbering(log), [log]);
  const stops = useMemo(() => moveStops(log, viewer), [log, viewer]);
  const turns = useMemo(() => turnStops(log), [log]);
  const last = log.length - 1;
  const [at, setAt] = useState(last);
  const [selected, setSelected] = useState<MarkerId | null>(null);
  const [showMasterboard, setShowMasterboard] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === 'ArrowRight') setAt((i) => nextStop(stops, i));
      if (e.key === 'ArrowLeft') setAt((i) => previousStop(stops, i));
    };
    globalThis.addEventListener('keydown', onKey);
    return () => globalThis.removeEventListener('keydown', onKey);
  }, [stops]);

  const state = states[at];
  const entry = log[at];
  if (state === undefined || entry === undefined) throw new Error('a replay position out of the log');
  const view: GameView = viewOf(state, viewer);
  const client: GameClientState = {
    ...initialGameState(summary.id, 'player' in viewer ? 'player' : 'spectator'),
    status: 'closed',
    seat: 'player' in viewer ? viewer.player : null,
    view,
    viewSeq: seqSeenBy(numbered, viewer, entry.seq),
    seq: seqSeenBy(numbered, viewer, entry.seq),
    events: log.slice(0, at + 1).flatMap((e) => deliveredTo(viewer, numbered, e) ?? []),
    dice: summary.dice,
  };
  const table = makeTable(
    client,
    view,
    [],
    () => undefined,
    () => undefined,
  );
  const name = table.name;
  const move = stops.filter((s) => s <= at).length;
  const delivered = deliveredTo(viewer, numbered, entry);
  const line = delivered === null ? null : describeEvent(delivered.event, name);
  const selectedLegion = view.legions.find((l) => l.marker === selected) ?? null;
  const boardIsBattle = view.battle !== null && !showMasterboard;

  return (
    <TableContext.Provider value={table}>
      <main className="table replay" aria-label="Replay">
        <div className="table-bar replay-bar">
          <strong>Replay</strong>
          <label>
            Seen by{' '}
            <select value={seat} onChange={(e) => setSeat(e.target.value)} aria-label="Seen by">
              <option value={PUBLIC}>everybody (the public view)</option>
              {players.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <span className="replay-steps">
            <button type="button" onClick={() => setAt(0)} disabled={at === 0} aria-label="The start">
              ⏮
            </button>
            <button
              type="button"
              onClick={() => setAt(previousStop(turns, at))}
              disabled={at === 0}
              aria-label="Previous turn"
            >
              ⏪
            </button>
            <button
              type="button"
              onClick={() => setAt(previousStop(stops, at))}
              disabled={at === 0}
              aria-label="Previous move"
            >
              ◀
            </button>
            <button
              type="button"
              onClick={() => setAt(nextStop(stops, at))}
              disabled={at === last}
              aria-label="Next move"
            >
              ▶
            </button>
            <button
              type="button"
              onClick={() => setAt(nextStop(turns, at) > at ? nextStop(turns, at) : last)}
              disabled={at === last}
              aria-label="Next turn"
            >
              ⏩
            </button>
            <button type="button" onClick={() => setAt(last)} disabled={at === last} aria-label="The end">
              ⏭
            </button>
          </span>
          <input
            type="range"
            min={0}
            max={last}
            value={at}
            onChange={(e) => setAt(Number(e.target.value))}
            aria-label="Position in the game"
          />
          <span className="replay-position" data-seq={entry.seq}>
            Move {move} of {stops.length}
          </span>
          <TurnInfo />
          {view.battle !== null && (
            <button type="button" onClick={() => setShowMasterboard(!showMasterboard)}>
              {showMasterboard ? 'Show the battle' : 'Show the Masterboard'}
            </button>
          )}
          <button type="button" className="link" onClick={() => navigate({ page: 'lobby' })}>
            Lobby
          </button>
        </div>
        {line !== null && (
          <p className="replay-line" aria-live="polite">
            {line}
          </p>
        )}
        <div className="board-area">
          {boardIsBattle ? (
            <BattleArea />
          ) : (
            <Masterboard
              legions={masterLegions(table)}
              selectedLegion={selected}
              engagedLands={view.turn?.engagements.map((e) => e.land) ?? []}
              onLegionClick={(marker) => setSelected(marker === selected ? null : marker)}
              recruits={recruitPreview(table, selectedLegion)}
            />
          )}
        </div>
        <aside className="sidebar">
          {view.result !== null && <GameOverPanel replayLink={false} />}
          <PlayersPanel />
          {view.engagement !== null && <EngagementPanel />}
          {selectedLegion !== null && <LegionPanel legion={selectedLegion} />}
          <KnowledgePanel />
          <CaretakerPanel />
          <EventLog />
        </aside>
      </main>
    </TableContext.Provider>
  );
}
