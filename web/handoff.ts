/**
 * How a page gets its credential without one ever reaching the browser's files
 * (docs/frontend.md, "Opening a page by link"; the server side is src/server/handoff.ts).
 *
 * - A link carries `#handoff=<code>`: a single-use code that lives 60 s. The page removes it from
 *   the address bar and exchanges it for the credential in a POST (`/handoff/redeem`), whose body
 *   no history, session or cache file keeps. The visit that Chromium records holds a used code.
 * - The credential lives in this page's memory only. What survives a reload is a *reload code* in
 *   sessionStorage: single use, alive 10 minutes, renewed by the open page every third of that, and
 *   replaced (the old one deleted) on each renewal. Chromium writes sessionStorage into the
 *   profile's "Session Storage" leveldb, so a closed browser leaves at most one reload code there,
 *   dead within 10 minutes, and never the credential.
 *
 * Measured with a persistent Chromium profile (test/web/handoff-profile.test.ts): a fragment lands
 * in History, Sessions and the address bar's completion data; sessionStorage in "Session Storage"
 * (UTF-16); localStorage in "Local Storage"; an HttpOnly session cookie in the Cookies database
 * (encrypted with a key every Linux Chromium shares); memory nowhere.
 */

/** A stored key of this page's reload code (one per page kind and game). */
export type ReloadKey = `zonekeeper.handoff.${string}`;

const CODE = /^zkh_[A-Za-z0-9_-]{43}$/;

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    // Nothing of the exchange is kept: the answer carries the credential.
    cache: 'no-store',
    credentials: 'omit',
  });
}

async function redeem(code: string): Promise<string | null> {
  const res = await post('/handoff/redeem', { code }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json()) as { token?: unknown };
  return typeof body.token === 'string' ? body.token : null;
}

/**
 * The credential this page was handed: from the link's code (`#handoff=…`, removed from the address
 * bar first), else from the reload code a previous load of this tab kept. Either code is used up.
 * A `#token=…` fragment is not read (such links put the credential in the browser's history files);
 * it is only removed from the address bar. Null when there is nothing (valid) to redeem.
 */
export async function takeCredential(key: ReloadKey): Promise<string | null> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has('handoff') || fragment.has('token'))
    history.replaceState(null, '', location.pathname + location.search);
  const fromLink = fragment.get('handoff');
  const kept = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  for (const code of [fromLink, kept]) {
    if (code && CODE.test(code)) {
      const token = await redeem(code);
      if (token) return token;
    }
  }
  return null;
}

/**
 * Keeps a reload code for `token` in sessionStorage under `key`, renewed while the page is open,
 * so that a reload finds the credential again (see the file comment). A refused credential stops
 * the renewals and removes the code. Returns a function that stops the renewals.
 */
export function keepForReload(key: ReloadKey, token: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const renew = async () => {
    const replaces = sessionStorage.getItem(key);
    const res = await post(
      '/handoff/code',
      { use: 'reload', ...(replaces && CODE.test(replaces) ? { replaces } : {}) },
      token,
    ).catch(() => null);
    if (stopped) return;
    if (res?.ok) {
      const body = (await res.json()) as { code: string; lifetimeSeconds: number };
      sessionStorage.setItem(key, body.code);
      timer = setTimeout(() => void renew(), (body.lifetimeSeconds * 1000) / 3);
    } else if (res?.status === 401) {
      sessionStorage.removeItem(key);
    } else {
      // Unreachable or rate-limited: try again soon; the stored code (if any) still lives.
      timer = setTimeout(() => void renew(), 30_000);
    }
  };
  void renew();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
