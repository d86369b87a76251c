/**
 * A lean GraphQL-over-HTTP client on `node:http` with keep-alive connections: the client's own
 * overhead must stay small next to what it measures (it shares the machine with the service).
 */
import http from 'node:http';

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly codes: readonly string[],
  ) {
    super(message);
  }
}

export interface GraphqlClient {
  /** Runs an operation; resolves with `data`, rejects on HTTP or GraphQL errors. */
  request<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  /**
   * Runs an operation whose request body (`{ query, variables }` as JSON) the caller serialised
   * once: a request sent many times costs the load generator no new serialisation.
   */
  requestBody<T>(body: string, token?: string): Promise<T>;
  close(): void;
}

export function graphqlClient(url: string, maxSockets = 64): GraphqlClient {
  const target = new URL(url);
  // An idle socket is closed by the client before the service's keep-alive timeout (Node's 5 s)
  // closes it: a request sent on a socket the server is closing fails with "socket hang up" (a
  // probe's first service idles while the next one sets its games up).
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: 4_000 });

  const post = (body: string, token?: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 0) >= 400 && !text.startsWith('{'))
              reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
            else resolve(text);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
      req.end(body);
    });

  const parse = <T>(text: string): T => {
    const parsed = JSON.parse(text) as {
      data?: T;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    if (parsed.errors?.length) {
      throw new GraphqlError(
        parsed.errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; '),
        parsed.errors.map((e) => e.extensions?.code ?? 'ERROR'),
      );
    }
    if (parsed.data === undefined || parsed.data === null) throw new Error('no data in response');
    return parsed.data;
  };

  return {
    request: async <T>(query: string, variables: Record<string, unknown> = {}, token?: string) =>
      parse<T>(await post(JSON.stringify({ query, variables }), token)),
    requestBody: async <T>(body: string, token?: string) => parse<T>(await post(body, token)),
    close: () => agent.destroy(),
  };
}
