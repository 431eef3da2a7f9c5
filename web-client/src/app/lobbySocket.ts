// The lobby's websocket: it follows the list of battles being fought in public games (`watchBattles`), so
// the list is updated as battles begin, go on and end. It reconnects by itself (with a fresh token) when the
// connection drops or its token expires.
import type { ClientMessage, LiveBattle, ServerMessage } from '../../../shared/protocol/messages';
import { accessToken } from './api';
import { CLIENT_PROTOCOL_VERSION, defaultSocketUrl } from './connection';

const RETRY_MS = 3000;

/** Calls `onBattles` with the list at once and after every change; returns the function that stops. */
export function watchLiveBattles(
  onBattles: (battles: readonly LiveBattle[]) => void,
  url: string = defaultSocketUrl(),
): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RETRY_MS);
  };
  const send = (ws: WebSocket, message: ClientMessage) => ws.send(JSON.stringify(message));

  async function connect(): Promise<void> {
    timer = null;
    let token: string;
    try {
      token = await accessToken();
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => send(ws, { type: 'hello', protocolVersion: CLIENT_PROTOCOL_VERSION, token });
    ws.onmessage = (e: MessageEvent) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'welcome') send(ws, { type: 'watchBattles', on: true });
      if (message.type === 'battles') onBattles(message.battles);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      retry();
    };
  }

  void connect();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    const s = socket;
    socket = null;
    s?.close(1000, 'leaving');
  };
}
