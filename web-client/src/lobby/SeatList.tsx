// The seats of an open game, with the lobby actions: take a seat, leave it, seat or remove a bot and start
// (the creator).
import { useState } from 'react';
import { BOT_LEVELS, type BotLevel, isBotLevel } from '../../../shared/bot/index';
import type { GameSummary, UserDto } from '../../../shared/protocol/rest';
import { ApiError, api } from '../app/api';

export function SeatList(props: {
  game: GameSummary;
  user: UserDto;
  invite?: string;
  onChange: (game: GameSummary) => void;
}) {
  const { game, user } = props;
  const [error, setError] = useState<string | null>(null);
  // Issue 15: the level of the bot each empty seat would get.
  const [levels, setLevels] = useState<Readonly<Record<string, BotLevel>>>({});
  const creator = game.creator.id === user.id;
  const full = game.seats.every((s) => s.occupant.kind !== 'empty');
  const act = async (action: () => Promise<GameSummary>) => {
    setError(null);
    try {
      props.onChange(await action());
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The server cannot be reached.');
    }
  };
  return (
    <div className="seats">
      <ol>
        {game.seats.map((s) => (
          <li key={s.seat} data-seat={s.seat}>
            <span className="seat-name">Seat {s.seat.slice(1)}: </span>
            {s.occupant.kind === 'empty' ? (
              <>
                <em>empty</em>
                {game.yourSeat === null && (
                  <button
                    type="button"
                    onClick={() =>
                      void act(() =>
                        api.joinGame(game.id, {
                          seat: s.seat,
                          ...(props.invite ? { inviteCode: props.invite } : {}),
                        }),
                      )
                    }
                  >
                    Sit here
                  </button>
                )}
                {creator && (
                  <>
                    <select
                      aria-label={`Bot level for seat ${s.seat.slice(1)}`}
                      value={levels[s.seat] ?? 'normal'}
                      onChange={(e) => {
                        const level = e.target.value;
                        if (isBotLevel(level)) setLevels({ ...levels, [s.seat]: level });
                      }}
                    >
                      {BOT_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {level}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      onClick={() =>
                        void act(() =>
                          api.addBot(game.id, { seat: s.seat, level: levels[s.seat] ?? 'normal' }),
                        )
                      }
                    >
                      Add a bot
                    </button>
                  </>
                )}
              </>
            ) : s.occupant.kind === 'bot' ? (
              <>
                {s.occupant.name} <span className="tag">{s.occupant.level} bot</span>
                {creator && (
                  <button type="button" onClick={() => void act(() => api.removeBot(game.id, s.seat))}>
                    Remove
                  </button>
                )}
              </>
            ) : (
              <>
                {s.occupant.name}
                {s.seat === game.yourSeat && <span className="tag">you</span>}
                {s.seat === game.yourSeat && (
                  <button type="button" onClick={() => void act(() => api.leaveGame(game.id))}>
                    Leave
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {creator && (
        <button
          type="button"
          className="primary"
          disabled={!full}
          onClick={() => void act(() => api.startGame(game.id))}
        >
          {full ? 'Start the game' : 'Start (when every seat is taken)'}
        </button>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
