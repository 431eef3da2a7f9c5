// What a player sees is written for a player (issue 14 item 5): the check of a page's words, used by every
// end-to-end suite that opens a page a player meets.
import type { Page } from 'playwright-core';

/** What must never reach a player's eyes. */
const DEVELOPER_TEXT: readonly [string, RegExp][] = [
  ['a marker or character id', /\b(Bk|Bu|Br|Gd|Gr|Rd)\d\d(-\d+)?\b/],
  ['a uuid', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ['a zod message', /invalid_type|invalid input|expected \w+, received|too_small|too_big|unrecognized key/i],
  ['"seq"', /\bseq\b/i],
];

/** Every text on the page a player may meet: its visible words, and the labels and tooltips of its controls. */
export function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label], [title], title, svg text')) {
      texts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '');
      if (el.tagName.toLowerCase() === 'title' || el.tagName.toLowerCase() === 'text')
        texts.push(el.textContent ?? '');
    }
    return texts.filter((t) => t !== '');
  });
}

/** The developer text found on the page, each with where it was ("on the lobby: a uuid in '…'"). */
export async function problems(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const text of await textsOf(page)) {
    for (const [what, pattern] of DEVELOPER_TEXT) {
      const m = pattern.exec(text);
      if (m !== null) {
        const at = Math.max(0, m.index - 40);
        found.push(`${where}: ${what} in "…${text.slice(at, m.index + m[0].length + 40)}…"`);
      }
    }
  }
  return found;
}
