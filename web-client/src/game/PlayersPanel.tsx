// Each player: colour (swatch, code and glyph), name, tower, score, titan power, markers and mulligans left,
// whether connected, whose turn it is and who must act.
import { PLAYER_FILL } from '../board/palette';
import { Clocks } from './Clocks';
import { useTable } from './table';

export function PlayersPanel() {
  const { view, me, state } = useTable();
  const connected = new Map<string, { bot: boolean; connected: boolean; absent: boolean }>(
    (state.presence?.seats ?? []).map((s) => [s.seat, s]),
  );
  return (
    <section className="panel players" aria-label="Players">
      <table>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" title="Score">
              Pts
            </th>
            <th scope="col" title="Titan power">
              Titan
            </th>
            <th scope="col" title="Legion markers left">
              Mkrs
            </th>
            <th scope="col" title="Mulligans left">
              Mull
            </th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((p) => {
            const fill = p.color === null ? null : PLAYER_FILL[p.color];
            const presence = connected.get(p.id);
            return (
              <tr
                key={p.id}
                data-player={p.id}
                className={`${p.eliminated ? 'eliminated' : ''}${view.pending.actor === p.id ? ' acting' : ''}`}
              >
                <th scope="row">
                  {fill !== null && (
                    <span
                      className="swatch"
                      style={{ background: fill.fill, color: fill.ink }}
                      title={p.color ?? ''}
                    >
                      {fill.glyph}
                    </span>
                  )}
                  <span className="pname">{p.name}</span>
                  {p.id === me && <span className="tag">you</span>}
                  {presence?.bot && <span className="tag">bot</span>}
                  <span className="sub">
                    {presence !== undefined && !presence.bot && (
                      <span className={`presence ${presence.connected ? 'on' : 'off'}`}>
                        {presence.connected ? 'online · ' : 'offline · '}
                      </span>
                    )}
                    {presence?.absent && <span className="tag absent">absent: played for him · </span>}
                    {p.color ?? 'no colour yet'}
                    {p.tower !== null ? ` · tower ${p.tower}` : ''}
                    {view.turn?.player === p.id ? ' · ▶ turn' : ''}
                    {p.eliminated ? ' · out' : ''}
                  </span>
                </th>
                <td>{p.score}</td>
                <td>{p.titanPower}</td>
                <td>{p.markersAvailableCount}</td>
                <td>{p.mulligansLeft}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Clocks />
      {state.presence !== null && state.presence.spectators > 0 && (
        <p className="sub">{state.presence.spectators} watching</p>
      )}
      {state.notices.length > 0 && <p className="notice">{state.notices[state.notices.length - 1]}</p>}
    </section>
  );
}
