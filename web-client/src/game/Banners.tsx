// The connection's state (with automatic reconnection in progress) and the last rejected intent, in the
// server's words with the rule it cites.
import type { GameClientState, Rejection } from '../app/gameState';

const STATUS_WORDS = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
} as const;

export function ConnectionBadge({ state }: { state: GameClientState }) {
  return (
    <span
      className={`connection ${state.status}`}
      role="status"
      aria-live="polite"
      data-status={state.status}
    >
      <span className="dot" aria-hidden="true" />
      {STATUS_WORDS[state.status]}
      {state.statusDetail !== null && state.status !== 'open' ? ` — ${state.statusDetail}` : ''}
      {state.role === 'spectator' ? ' · watching' : ''}
    </span>
  );
}

export function RejectionBanner(props: { rejection: Rejection; onDismiss: () => void }) {
  const { rejection } = props;
  return (
    <div className="rejection" role="alert" data-code={rejection.code}>
      <strong>Not allowed:</strong> {rejection.message}
      {rejection.rule !== '' && rejection.rule !== 'protocol' && (
        <span className="rule"> (rule {rejection.rule})</span>
      )}
      <button type="button" className="link" onClick={props.onDismiss}>
        OK
      </button>
    </div>
  );
}
