// A small reader for the static markup the board components render (no DOM needed): every element's tag,
// attributes and, for <text>, its content.

export interface Element {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  /** Text directly inside the element (for <text> and <title>). */
  readonly text: string;
}

export function elements(markup: string): Element[] {
  const result: Element[] = [];
  const tag = /<([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"]*")*)\s*(\/?)>([^<]*)/g;
  for (const m of markup.matchAll(tag)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(/([a-zA-Z:-]+)="([^"]*)"/g))
      attrs[a[1] as string] = decode(a[2] as string);
    result.push({ tag: m[1] as string, attrs, text: decode(m[4] ?? '') });
  }
  return result;
}

export function withClass(markup: string, cls: string): Element[] {
  return elements(markup).filter((e) => (e.attrs.class ?? '').split(' ').includes(cls));
}

/** The x and y of a `translate(x y)` transform. */
export function translation(e: Element): { x: number; y: number } {
  const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(e.attrs.transform ?? '');
  if (m === null) throw new Error(`no translate in ${JSON.stringify(e.attrs)}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

function decode(s: string): string {
  return s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}
