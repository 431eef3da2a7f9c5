// The tools' one REST client (the bench, its cluster section, `npm run tournament`): a JSON request to a
// running server over HTTP, its answer parsed, a status of 300 or more thrown with the server's words.

/** One request to the server at `base` (e.g. `http://127.0.0.1:3000`). Its 30 s timeout is cleared once
 *  answered: an AbortSignal.timeout fired anyway, 30 s on, aborting requests long answered in the middle of a
 *  later bench measure (1% of the samples of the bench process's CPU profile at 500 games, issue 16). */
export async function rest<T>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`${method} ${url}: no answer within 30 s`)), 30_000);
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: abort.signal,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  } finally {
    clearTimeout(timer);
  }
}
