// The game table: the board (the Masterboard, or the Battleland while a battle is fought), the players,
// what I may do now, the selected legion, the event history, the connection and the last rejection.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { land } from '../../../shared/data/masterboard';
import type { LandNumber, MarkerId } from '../../../shared/data/types';
import type { Intent } from '../../../shared/engine/index';
import { createGameSession, type GameSession } from '../app/gameSession';
import { currentLegal, type GameClientState } from '../app/gameState';
import { navigate } from '../app/route';
import { LEGION_HIT, MASTERBOARD_BOX, Masterboard } from '../board/Masterboard';
import { landLayout } from '../board/masterboardGeometry';
import { ZoomPan } from '../board/ZoomPan';
import { ActionPanel } from './ActionPanel';
import { ConnectionBadge, RejectionBanner } from './Banners';
import { BattleArea } from './BattleArea';
import { CaretakerPanel } from './CaretakerPanel';
import { ChatPanel } from './ChatPanel';
import { EngagementPanel } from './EngagementPanel';
import { EventLog } from './EventLog';
import { GameOverPanel } from './GameOverPanel';
import { KnowledgePanel } from './KnowledgePanel';
import { LegionPanel } from './LegionPanel';
import { legionMoveOptions, MoveChooser, type MoveOption, moveIntent } from './MoveChooser';
import { PlayersPanel } from './PlayersPanel';
import { PowersPanel } from './PowersPanel';
import { TurnInfo } from './TurnInfo';
import { legalOf, makeTable, masterLegions, recruitPreview, TableContext } from './table';
import { AlertSwitches, useTurnSignals } from './turnSignals';

declare global {
  interface Window {
    /** Only in test builds (vite --mode test): the end-to-end tests drive the game through it. */
    __titan?: { session: GameSession };
  }
}

function useSession(
  game: string,
  as: 'player' | 'spectator',
  invite: string | undefined,
): GameSession | null {
  const [session, setSession] = useState<GameSession | null>(null);
  useEffect(() => {
    const s = createGameSession({ game, as, ...(invite ? { inviteCode: invite } : {}) });
    setSession(s);
    if (__TITAN_TEST_HOOKS__) globalThis.window.__titan = { session: s };
    return () => s.close();
  }, [game, as, invite]);
  return session;
}

export function GameTable(props: { game: string; as: 'player' | 'spectator'; invite?: string }) {
  const session = useSession(props.game, props.as, props.invite);
  return session === null ? <Joining /> : <Joined session={session} />;
}

function Joined({ session }: { session: GameSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return state.view === null ? <Joining state={state} /> : <Table session={session} />;
}

function Joining({ state }: { state?: GameClientState }) {
  return (
    <main className="centered">
      {state !== undefined && state.joins > 0 && state.role === 'spectator' ? (
        <p>The game is broadcast with a delay: it appears here once its first moves are old enough.</p>
      ) : (
        <p>Joining the game…</p>
      )}
      {state !== undefined && <ConnectionBadge state={state} />}
      {state?.error != null && (
        <p className="error" role="alert">
          {state.error.message}
        </p>
      )}
    </main>
  );
}

function Table({ session }: { session: GameSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const view = state.view;
  if (view === null) throw new Error('Table needs a view');
  const legal = currentLegal(state);
  const table = useMemo(
    () =>
      makeTable(
        state,
        view,
        legal,
        (intent: Intent) => session.send(intent),
        () => session.sync(),
      ),
    [state, view, legal, session],
  );
  useTurnSignals(view, table.me, table.name);
  const [selected, setSelected] = useState<MarkerId | null>(null);
  const [choice, setChoice] = useState<{ land: LandNumber; moves: readonly MoveOption[] } | null>(null);
  const [showMasterboard, setShowMasterboard] = useState(false);

  // The selection goes when its legion does.
  const selectedLegion = view.legions.find((l) => l.marker === selected) ?? null;
  useEffect(() => {
    if (selected !== null && selectedLegion === null) setSelected(null);
  }, [selected, selectedLegion]);

  // One option per legal moveLegion intent: a Tower Teleport comes once per Lord it may reveal (8.1).
  const moves = legionMoveOptions(legal, selected);
  const engagementLands = legalOf(legal, 'chooseEngagement').map((i) => i.land);
  const pendingEngagements = view.turn?.engagements.map((e) => e.land) ?? [];

  const sendMove = (move: MoveOption) => {
    if (selected === null) return;
    table.send(moveIntent(selected, move));
    setChoice(null);
    setSelected(null);
  };
  const onDestination = (land: LandNumber, ms: readonly MoveOption[]) => {
    if (ms.length === 1 && ms[0] !== undefined) sendMove(ms[0]);
    else setChoice({ land, moves: ms });
  };
  const onLegionClick = (marker: MarkerId) => {
    const legion = view.legions.find((l) => l.marker === marker);
    // Clicking an enemy (or any) legion standing on a destination moves there.
    if (legion !== undefined && selected !== null && marker !== selected) {
      const there = moves.filter((m) => m.land === legion.land);
      if (there.length > 0) {
        onDestination(legion.land, there);
        return;
      }
    }
    // During the choice of an engagement, clicking a legion in an engaged land chooses that engagement.
    if (legion !== undefined && engagementLands.includes(legion.land)) {
      table.send({ type: 'chooseEngagement', land: legion.land });
      return;
    }
    setSelected(marker === selected ? null : marker);
  };
  const onLandClick = (land: LandNumber) => {
    if (engagementLands.includes(land)) table.send({ type: 'chooseEngagement', land });
  };

  const legions = masterLegions(table);

  // A phone opens the board zoomed on the selected legion, or on one of the player's own.
  const focus = selectedLegion ?? view.legions.find((l) => l.owner === table.me) ?? view.legions[0];
  const battle = view.battle;
  const boardIsBattle = battle !== null && !showMasterboard;
  return (
    <TableContext.Provider value={table}>
      <main className="table">
        <div className="table-bar">
          <ConnectionBadge state={state} />
          <TurnInfo />
          {battle !== null && (
            <button type="button" onClick={() => setShowMasterboard(!showMasterboard)}>
              {showMasterboard ? 'Show the battle' : 'Show the Masterboard'}
            </button>
          )}
          {table.me !== null && <AlertSwitches />}
          <button type="button" className="link" onClick={() => navigate({ page: 'lobby' })}>
            Lobby
          </button>
        </div>
        {state.rejection !== null && (
          <RejectionBanner rejection={state.rejection} onDismiss={() => session.dismissRejection()} />
        )}
        <div className="board-area">
          {boardIsBattle ? (
            <BattleArea />
          ) : (
            <ZoomPan
              box={MASTERBOARD_BOX}
              target={LEGION_HIT}
              focus={focus === undefined ? null : landLayout(land(focus.land)).legions}
              label="Masterboard"
            >
              <Masterboard
                legions={legions}
                selectedLegion={selected}
                moves={moves}
                engagedLands={pendingEngagements}
                markedLands={engagementLands}
                onLegionClick={onLegionClick}
                onDestinationClick={onDestination}
                onMoveClick={sendMove}
                onLandClick={onLandClick}
                recruits={recruitPreview(table, selectedLegion)}
              />
            </ZoomPan>
          )}
        </div>
        <aside className="sidebar">
          {view.result !== null && <GameOverPanel />}
          <PlayersPanel />
          <PowersPanel />
          {view.engagement !== null && <EngagementPanel />}
          <ActionPanel selected={selectedLegion} onSelect={setSelected} />
          {selectedLegion !== null && <LegionPanel legion={selectedLegion} />}
          <KnowledgePanel />
          <CaretakerPanel />
          <EventLog />
          <ChatPanel chat={state.chat} session={session} />
        </aside>
        {choice !== null && (
          <MoveChooser
            land={choice.land}
            moves={choice.moves}
            characters={selectedLegion?.characters ?? null}
            onChoose={sendMove}
            onClose={() => setChoice(null)}
          />
        )}
      </main>
    </TableContext.Provider>
  );
}
