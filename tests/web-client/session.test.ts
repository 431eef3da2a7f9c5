// @vitest-environment happy-dom
// One browser, one session (issue 14): a tab whose access token runs out takes the pair another tab has just
// refreshed (shared localStorage) instead of presenting the spent refresh token again, which the server would
// take for a stolen one after its grace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const user = { id: 'u1', name: 'Ann', guest: true, username: null };
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const session = (access: string, refresh: string, accessMs: number) => ({
  accessToken: access,
  accessTokenExpiresAt: at(accessMs),
  refreshToken: refresh,
  refreshTokenExpiresAt: at(3_600_000),
  user,
});

describe('the session shared by the tabs of one browser', () => {
  const presented: unknown[] = [];
  beforeEach(() => {
    vi.resetModules();
    presented.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: { body: string }) => {
        presented.push(JSON.parse(init.body));
        return new Response(JSON.stringify(session('from-server', 'r-server', 900_000)), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('takes the pair another tab stored instead of presenting the spent refresh token', async () => {
    localStorage.setItem('titan.session', JSON.stringify(session('old', 'r1', 1_000)));
    const api = await import('../../web-client/src/app/api');
    // Another tab refreshed meanwhile (its storage event may not have arrived yet).
    localStorage.setItem('titan.session', JSON.stringify(session('other-tab', 'r2', 900_000)));
    expect(await api.accessToken()).toBe('other-tab');
    expect(presented).toEqual([]);
  });

  it("follows another tab's storage event without asking the server", async () => {
    localStorage.setItem('titan.session', JSON.stringify(session('old', 'r1', 1_000)));
    const api = await import('../../web-client/src/app/api');
    const fresh = JSON.stringify(session('other-tab', 'r2', 900_000));
    localStorage.setItem('titan.session', fresh);
    globalThis.dispatchEvent(new StorageEvent('storage', { key: 'titan.session', newValue: fresh }));
    expect(await api.accessToken()).toBe('other-tab');
    expect(presented).toEqual([]);
  });

  it('refreshes itself when no other tab did, and a sign-out in another tab signs this one out', async () => {
    localStorage.setItem('titan.session', JSON.stringify(session('old', 'r1', 1_000)));
    const api = await import('../../web-client/src/app/api');
    expect(await api.accessToken()).toBe('from-server');
    expect(presented).toEqual([{ refreshToken: 'r1' }]);
    localStorage.removeItem('titan.session');
    globalThis.dispatchEvent(new StorageEvent('storage', { key: 'titan.session', newValue: null }));
    expect(api.currentUser()).toBeNull();
  });
});
