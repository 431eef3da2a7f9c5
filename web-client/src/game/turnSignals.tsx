// Telling a player it is their move (issue 14): the page title always; a short sound and a browser
// notification when the player has chosen them (kept in localStorage, off by default), played when the move
// passes to this player.
import { useEffect, useRef, useState } from 'react';
import type { GameView } from '../../../shared/engine/index';
import { stepName } from './describe';

const PREFS_KEY = 'titan.alerts';
const TITLE = 'Titan';

export interface AlertPrefs {
  readonly sound: boolean;
  readonly notify: boolean;
}

function loadPrefs(): AlertPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(PREFS_KEY);
    const p = raw ? (JSON.parse(raw) as Partial<AlertPrefs>) : {};
    return { sound: p.sound === true, notify: p.notify === true };
  } catch {
    return { sound: false, notify: false };
  }
}

function savePrefs(prefs: AlertPrefs): void {
  try {
    globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

/** The page title for this view: the player's move first, so it shows in a background tab. */
export function turnTitle(view: GameView, me: string | null, name: (player: string) => string): string {
  if (view.result !== null) return `Game over · ${TITLE}`;
  const actor = view.pending.actor;
  if (actor !== null && actor === me) return `▶ Your move: ${stepName(view.pending.step)} · ${TITLE}`;
  if (view.turn !== null) return `Turn ${view.turn.number}: ${name(view.turn.player)} · ${TITLE}`;
  return TITLE;
}

/** Two short notes through Web Audio (no sound file to load). */
function chime(): void {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (Context === undefined) return;
  const audio = new Context();
  [660, 880].forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    const at = audio.currentTime + i * 0.16;
    osc.start(at);
    osc.stop(at + 0.14);
  });
  setTimeout(() => void audio.close(), 600);
}

export function useTurnSignals(view: GameView, me: string | null, name: (player: string) => string): void {
  const title = turnTitle(view, me, name);
  useEffect(() => {
    globalThis.document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      globalThis.document.title = TITLE;
    },
    [],
  );
  const mine = view.result === null && me !== null && view.pending.actor === me;
  const was = useRef(mine);
  useEffect(() => {
    if (mine && !was.current) {
      const prefs = loadPrefs();
      if (prefs.sound) chime();
      const N = globalThis.Notification as typeof Notification | undefined;
      if (prefs.notify && N !== undefined && N.permission === 'granted' && globalThis.document.hidden) {
        new N('Titan: your move', { body: stepName(view.pending.step), tag: 'titan-your-move' });
      }
    }
    was.current = mine;
  }, [mine, view.pending.step]);
}

/** The opt-in switches for the sound and the browser notification. */
export function AlertSwitches() {
  const [prefs, setPrefs] = useState<AlertPrefs>(loadPrefs);
  const change = (next: AlertPrefs) => {
    setPrefs(next);
    savePrefs(next);
  };
  const N = globalThis.Notification as typeof Notification | undefined;
  const toggleNotify = (on: boolean) => {
    if (!on || N === undefined) {
      change({ ...prefs, notify: false });
      return;
    }
    void N.requestPermission().then((p) => change({ ...prefs, notify: p === 'granted' }));
  };
  return (
    <span className="alert-switches">
      <label className="check" title="A short sound when it becomes your move">
        <input
          type="checkbox"
          checked={prefs.sound}
          onChange={(e) => change({ ...prefs, sound: e.target.checked })}
        />{' '}
        Sound
      </label>
      {N !== undefined && (
        <label
          className="check"
          title="A browser notification when it becomes your move and this tab is hidden"
        >
          <input type="checkbox" checked={prefs.notify} onChange={(e) => toggleNotify(e.target.checked)} />{' '}
          Notify me
        </label>
      )}
    </span>
  );
}
