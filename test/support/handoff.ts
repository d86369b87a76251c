/**
 * Hand-off links (src/server/handoff.ts): what the tests open a page with instead of a token in the
 * URL, minted as any holder of the credential would mint them.
 */

/** POSTs JSON to one of `/handoff/*`; returns the status and the parsed body. */
export async function handoffRequest(
  origin: string,
  route: 'code' | 'redeem',
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}/handoff/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A fresh link code for `token`'s holder. */
export async function mintCode(origin: string, token: string): Promise<string> {
  const { status, body } = await handoffRequest(origin, 'code', { use: 'link' }, token);
  if (status !== 200 || typeof body.code !== 'string')
    throw new Error(`mint failed: ${JSON.stringify(body)}`);
  return body.code;
}

/** `origin` + `path` opened by link for `token`'s holder: `…#handoff=<code>`. */
export async function linkTo(origin: string, path: string, token: string): Promise<string> {
  return `${origin}${path}#handoff=${await mintCode(origin, token)}`;
}
