import { navigate } from '../app/route';

/** A screen still loading what it shows (or the error that stopped it), with the way back to the lobby. */
export function Loading(props: { what: string; error: string | null }) {
  return (
    <main className="centered">
      {props.error === null ? (
        <p>Loading {props.what}…</p>
      ) : (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <button type="button" onClick={() => navigate({ page: 'lobby' })}>
        Back to the lobby
      </button>
    </main>
  );
}
