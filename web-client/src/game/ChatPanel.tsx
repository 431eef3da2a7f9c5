// The table chat: the seated players talk among themselves, the spectators among themselves (the server
// chooses the channel and never passes a spectator's message to the players during the game); once the game
// is over both channels are shown. Each author but oneself can be muted (for oneself, kept with the game).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ChatChannel, ChatEntry } from '../../../shared/protocol/messages';
import { currentUser } from '../app/api';
import type { GameSession } from '../app/gameSession';
import type { ChatState } from '../app/gameState';

const CHANNEL_TITLE: Record<ChatChannel, string> = { players: 'Players', spectators: 'Spectators' };

export function ChatPanel({ chat, session }: { chat: ChatState; session: GameSession }) {
  const [draft, setDraft] = useState('');
  const ref = useRef<HTMLOListElement>(null);
  const me = currentUser()?.id ?? null;
  const last = chat.messages.at(-1)?.id;
  useEffect(() => {
    if (last === undefined) return;
    const el = ref.current;
    if (el !== null) el.scrollTop = el.scrollHeight;
  }, [last]);
  if (chat.writes === null) return null;

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim() === '') return;
    if (session.say(draft)) setDraft('');
  };
  const both = chat.reads.length > 1;
  const title = both ? 'Chat' : `Chat: ${CHANNEL_TITLE[chat.writes].toLowerCase()}`;
  return (
    <section className="panel chat" aria-label="Chat">
      <h3>{title}</h3>
      <ol ref={ref} role="log" aria-live="polite">
        {chat.messages.map((m) => (
          <ChatLine
            key={m.id}
            message={m}
            channel={both ? CHANNEL_TITLE[m.channel] : null}
            mine={m.from.user === me}
            onMute={() => session.mute(m.from.user, true)}
          />
        ))}
      </ol>
      {chat.muted.length > 0 && (
        <p className="muted-list">
          {chat.muted.length === 1 ? 'One author is muted.' : `${chat.muted.length} authors are muted.`}{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              for (const u of chat.muted) session.mute(u, false);
            }}
          >
            Unmute
          </button>
        </p>
      )}
      <form className="inline" onSubmit={send}>
        <input
          name="chat"
          aria-label={`Message to the ${CHANNEL_TITLE[chat.writes].toLowerCase()}`}
          value={draft}
          maxLength={500}
          placeholder={chat.writes === 'players' ? 'To the players…' : 'To the other spectators…'}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit">Send</button>
      </form>
      {chat.refusal !== null && (
        <p className="error" role="alert">
          {chat.refusal}
        </p>
      )}
    </section>
  );
}

function ChatLine(props: { message: ChatEntry; channel: string | null; mine: boolean; onMute: () => void }) {
  const { message: m } = props;
  return (
    <li data-chat={m.id}>
      {props.channel !== null && <span className="tag">{props.channel}</span>}
      <strong>{m.from.name}</strong>: <span className="chat-text">{m.text}</span>
      {!props.mine && (
        <button type="button" className="link mute" title={`Mute ${m.from.name}`} onClick={props.onMute}>
          mute
        </button>
      )}
    </li>
  );
}
