// A board that zooms and pans (issue 14, phones): two fingers pinch, one finger (or the mouse) drags once the
// board is zoomed in, Ctrl+wheel (a trackpad's pinch) zooms, and the buttons zoom in, out and back to the whole
// board. A drag is never taken for a tap: the click that ends it is swallowed. On a small screen the board
// opens zoomed to play: its smallest tap target (`target`, in the drawing's units) at least 44 CSS pixels,
// centred on `focus`.
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The smallest tap target a finger hits reliably (WCAG 2.5.5, Apple's HIG), in CSS pixels. */
export const TAP_TARGET_PX = 44;
/** A pointer that moves further than this between down and up drags; a shorter one taps. */
const DRAG_PX = 8;
const MAX_ZOOM = 6;
/** Screens narrower than this open the board zoomed to play (a tablet shows it whole and may zoom). */
const PHONE_PX = 600;

export interface Point {
  readonly x: number;
  readonly y: number;
}

interface View {
  /** Scale over the whole board's fit. */
  readonly zoom: number;
  /** Translation of the scaled board in the frame, in CSS pixels (≤ 0). */
  readonly x: number;
  readonly y: number;
}

const WHOLE: View = { zoom: 1, x: 0, y: 0 };

export function ZoomPan(props: {
  /** The drawing's viewBox: origin and size in its units. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** The smallest tap target, in the drawing's units. */
  readonly target: number;
  /** Where to centre the board when it opens zoomed to play, in the drawing's units. */
  readonly focus?: Point | null;
  readonly label: string;
  readonly children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<View>(WHOLE);
  const opened = useRef(false);
  const { box, target } = props;

  useLayoutEffect(() => {
    const el = frame.current;
    if (el === null) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** CSS pixels per drawing unit at the whole board (the SVG fits its frame, centred: xMidYMid meet). */
  const fit = size === null ? 0 : Math.min(size.width / box.width, size.height / box.height);
  const playZoom =
    fit === 0 ? 1 : Math.min(MAX_ZOOM, Math.max(1, Math.ceil((TAP_TARGET_PX / (target * fit)) * 100) / 100));

  const clamp = useCallback(
    (v: View): View => {
      if (size === null) return v;
      const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom));
      return {
        zoom,
        x: Math.min(0, Math.max(size.width * (1 - zoom), v.x)),
        y: Math.min(0, Math.max(size.height * (1 - zoom), v.y)),
      };
    },
    [size],
  );

  /** The view at `zoom` with the drawing's point `p` in the middle of the frame. */
  const centredOn = useCallback(
    (p: Point, zoom: number): View => {
      if (size === null) return WHOLE;
      const ox = (size.width - box.width * fit) / 2;
      const oy = (size.height - box.height * fit) / 2;
      const px = ox + (p.x - box.x) * fit;
      const py = oy + (p.y - box.y) * fit;
      return clamp({ zoom, x: size.width / 2 - px * zoom, y: size.height / 2 - py * zoom });
    },
    [size, box, fit, clamp],
  );

  // A phone opens the board zoomed to play, on the focus (once; the player moves it from then on).
  useEffect(() => {
    if (opened.current || size === null) return;
    opened.current = true;
    if (size.width < PHONE_PX && playZoom > 1.05) {
      const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      setView(centredOn(props.focus ?? middle, playZoom));
    }
  }, [size, playZoom, centredOn, props.focus, box]);

  // Keep the view inside the board when the frame changes size.
  useEffect(() => {
    setView((v) => clamp(v));
  }, [clamp]);

  /** Zoom by `factor` about the frame's point (fx, fy), in CSS pixels. */
  const zoomAbout = useCallback(
    (factor: number, fx: number, fy: number) =>
      setView((v) => {
        const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom * factor));
        const k = zoom / v.zoom;
        return clamp({ zoom, x: fx - (fx - v.x) * k, y: fy - (fy - v.y) * k });
      }),
    [clamp],
  );

  // Pointers down on the board, and the gesture they make.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ moved: boolean; start: Point } | null>(null);
  const swallowClick = useRef(false);

  const local = (e: { clientX: number; clientY: number }) => framePoint(frame.current, e);

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // A touch that dragged ends with no click at all: what it left to swallow goes with the next press.
    swallowClick.current = false;
    pointers.current.set(e.pointerId, local(e));
    if (pointers.current.size === 1) gesture.current = { moved: false, start: local(e) };
    else if (gesture.current !== null) gesture.current.moved = true; // a second finger: a pinch, no tap
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (before === undefined || g === null) return;
    const now = local(e);
    const others = [...pointers.current].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
    if (!g.moved && Math.hypot(now.x - g.start.x, now.y - g.start.y) < DRAG_PX) return;
    if (!g.moved) {
      g.moved = true;
      // From now on the board follows this pointer, even outside it (a tap would have ended before).
      frame.current?.setPointerCapture?.(e.pointerId);
    }
    pointers.current.set(e.pointerId, now);
    const other = others[0];
    if (other !== undefined) {
      // Pinch: the distance between the fingers scales the board about their midpoint, which it follows.
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      const mid0 = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
      const mid1 = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
      setView((v) => {
        const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom * (d0 > 0 ? d1 / d0 : 1)));
        const k = zoom / v.zoom;
        return clamp({ zoom, x: mid1.x - (mid0.x - v.x) * k, y: mid1.y - (mid0.y - v.y) * k });
      });
    } else {
      setView((v) => clamp({ ...v, x: v.x + now.x - before.x, y: v.y + now.y - before.y }));
    }
  };

  const onPointerEnd = (e: React.PointerEvent) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (pointers.current.size === 0) {
      swallowClick.current = gesture.current?.moved === true;
      gesture.current = null;
    }
  };

  // Ctrl+wheel (a trackpad pinch, or Ctrl and the wheel) zooms about the pointer; a plain wheel scrolls the page.
  useEffect(() => {
    const el = frame.current;
    if (el === null) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const p = framePoint(el, e);
      zoomAbout(Math.exp(-e.deltaY / 200), p.x, p.y);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAbout]);

  const middle = () => ({ x: (size?.width ?? 0) / 2, y: (size?.height ?? 0) / 2 });
  return (
    <div
      ref={frame}
      className="zoom-pan"
      style={{ aspectRatio: `${box.width} / ${box.height}` }}
      data-zoom={Math.round(view.zoom * 100) / 100}
      data-play-zoom={Math.round(playZoom * 100) / 100}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onClickCapture={(e) => {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        e.stopPropagation();
        e.preventDefault();
      }}
    >
      <div
        className="zoom-content"
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
      >
        {props.children}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
      <div className="zoom-buttons" role="group" aria-label={`Zoom the ${props.label}`}>
        <button type="button" aria-label="Zoom in" onClick={() => zoomAbout(1.5, middle().x, middle().y)}>
          +
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          disabled={view.zoom <= 1}
          onClick={() => zoomAbout(1 / 1.5, middle().x, middle().y)}
        >
          −
        </button>
        {playZoom > 1.05 && (
          <button
            type="button"
            aria-label="Zoom to play"
            onClick={() => setView(centredOn(toDrawing(middle()), playZoom))}
          >
            ⊕
          </button>
        )}
        <button
          type="button"
          aria-label="Show the whole board"
          disabled={view.zoom <= 1}
          onClick={() => setView(WHOLE)}
        >
          ⤢
        </button>
      </div>
    </div>
  );

  /** The drawing's point now under the frame's point p. */
  function toDrawing(p: Point): Point {
    if (size === null || fit === 0) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const ox = (size.width - box.width * fit) / 2;
    const oy = (size.height - box.height * fit) / 2;
    return {
      x: box.x + ((p.x - view.x) / view.zoom - ox) / fit,
      y: box.y + ((p.y - view.y) / view.zoom - oy) / fit,
    };
  }
}

/** A pointer's position in the frame, in CSS pixels. */
function framePoint(frame: HTMLElement | null, e: { clientX: number; clientY: number }): Point {
  const r = frame?.getBoundingClientRect();
  return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
}
