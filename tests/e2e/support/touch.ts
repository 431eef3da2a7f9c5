// A finger on a touch screen (issue 14, phones): taps, and swipes and pinches on a board that zooms and pans
// (ZoomPan.tsx), sent as real touch events through the Chrome DevTools Protocol (Chromium turns them into the
// pointer events and the clicks a phone's browser makes). A control on a board is first brought into view by
// swiping the board, as a person does, and must then be at least 44 px wide and high (issue 14).
import type { CDPSession, Locator, Page } from 'playwright-core';
import type { Hand } from './click';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Finger extends Hand {
  /** One finger from `from` to `to` (page coordinates), in small steps. */
  swipe(from: Point, to: Point): Promise<void>;
  /** Two fingers about `centre`, from `gap` apart to `gap * factor` apart. */
  pinch(centre: Point, gap: number, factor: number): Promise<void>;
  /** Every board control tapped so far with its size on the screen (the test checks them). */
  readonly tapped: { readonly what: string; readonly width: number; readonly height: number }[];
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const STEPS = 8;
/** How far inside the board's frame a control must be to be tapped. */
const INSET = 24;

export async function finger(page: Page): Promise<Finger> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  // Each event is stamped 40 ms after the one before (the gesture's own clock, not the test's): a swipe is a
  // slow drag that stops before the finger lifts, so the browser sees no fling (a tap after a fling only stops
  // it, and clicks nothing).
  let clock = Date.now() / 1000;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: readonly Point[]) => {
    clock += 0.04;
    return cdp.send('Input.dispatchTouchEvent', {
      type,
      timestamp: clock,
      touchPoints: points.map((p, id) => ({ x: Math.round(p.x), y: Math.round(p.y), id })),
    });
  };
  /** The finger rests where it is for a moment before it lifts. */
  const hold = async (points: readonly Point[]) => {
    for (let i = 0; i < 4; i++) await touch('touchMove', points);
  };
  const tapped: Finger['tapped'] = [];

  const swipe = async (from: Point, to: Point) => {
    await touch('touchStart', [from]);
    for (let i = 1; i <= STEPS; i++) {
      const t = i / STEPS;
      await touch('touchMove', [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }]);
    }
    await hold([to]);
    await touch('touchEnd', []);
  };

  const pinch = async (c: Point, gap: number, factor: number) => {
    const at = (g: number): Point[] => [
      { x: c.x - g / 2, y: c.y },
      { x: c.x + g / 2, y: c.y },
    ];
    await touch('touchStart', at(gap));
    for (let i = 1; i <= STEPS; i++) await touch('touchMove', at(gap * (1 + ((factor - 1) * i) / STEPS)));
    await hold(at(gap * factor));
    await touch('touchEnd', []);
  };

  /** Swipes the board until `target` lies inside its frame (a few swipes at most). */
  const bringIntoView = async (target: Locator, frame: Locator) => {
    await frame.scrollIntoViewIfNeeded();
    for (let attempt = 0; attempt < 6; attempt++) {
      const f = (await frame.boundingBox()) as Box;
      const b = await target.boundingBox();
      if (b === null) throw new Error('the control is not drawn');
      const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      const inside =
        c.x >= f.x + INSET &&
        c.x <= f.x + f.width - INSET &&
        c.y >= f.y + INSET &&
        c.y <= f.y + f.height - INSET;
      if (inside) return;
      // Move the control toward the frame's middle, at most most of a frame per swipe.
      const mid = { x: f.x + f.width / 2, y: f.y + f.height / 2 };
      const reach = (d: number, size: number) => Math.max(-size * 0.7, Math.min(size * 0.7, d));
      const dx = reach(mid.x - c.x, f.width);
      const dy = reach(mid.y - c.y, f.height);
      await swipe({ x: mid.x - dx / 2, y: mid.y - dy / 2 }, { x: mid.x + dx / 2, y: mid.y + dy / 2 });
    }
    throw new Error('the board would not bring the control into view');
  };

  return {
    tapped,
    swipe,
    pinch,
    async press(target) {
      const onBoard = await target.evaluate((el) => el.closest('.zoom-pan') !== null);
      if (onBoard) {
        const frame = target.locator('xpath=ancestor::div[contains(@class, "zoom-pan")][1]');
        await bringIntoView(target, frame);
        // A land is tapped by its number; its whole shape is what the finger may hit.
        const control = target.locator('xpath=ancestor-or-self::*[@role="button"][1]');
        const box = (await control.boundingBox()) as Box;
        tapped.push({
          what: (await control.getAttribute('aria-label')) ?? '?',
          width: box.width,
          height: box.height,
        });
      }
      await target.tap();
    },
    check: (target) => target.tap(),
  };
}
