/**
 * A real graphql-ws client (`createClient` with `ws`) for the acceptance tests: collects each
 * subscription's results, errors and the connection's close code, with bounded waits.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually } from './log-rows.js';

export const EVENT_FIELDS = /* GraphQL */ `
  gameId seq version kind actor { kind playerId onBehalfOf } zoneIds rules
  changes { previousId objectId fromZoneId toZoneId object { id kind faceUp internalKey card { name } zone { id type } } }
  zonesCreated { id } zonesRemoved { id }
`;

export interface ChangeT {
  previousId: string | null;
  objectId: string | null;
  fromZoneId: string | null;
  toZoneId: string | null;
  object: {
    id: string;
    internalKey: string | null;
    card: { name: string } | null;
    zone: { id: string };
  } | null;
}
export interface EventT {
  gameId: string;
  seq: number;
  kind: string;
  zoneIds: string[];
  changes: ChangeT[];
}

export class Subscription {
  readonly events: EventT[] = [];
  /** Raw JSON of every result, for searching for leaked names. */
  readonly texts: string[] = [];
  readonly errors: unknown[] = [];
  completed = false;
  readonly dispose: () => void;

  constructor(client: Client, field: 'gameEvents' | 'zoneEvents', variables: Record<string, unknown>) {
    const args =
      field === 'gameEvents'
        ? '($gameId: ID!, $afterSeq: Int) { gameEvents(gameId: $gameId, afterSeq: $afterSeq)'
        : '($gameId: ID!, $zoneId: ID!, $afterSeq: Int) { zoneEvents(gameId: $gameId, zoneId: $zoneId, afterSeq: $afterSeq)';
    this.dispose = client.subscribe<Record<string, EventT>>(
      { query: `subscription ${args} { ${EVENT_FIELDS} } }`, variables },
      {
        next: (result) => {
          this.texts.push(JSON.stringify(result));
          if (result.errors) this.errors.push(...result.errors);
          const event = result.data?.[field];
          if (event) this.events.push(event);
        },
        error: (err) => this.errors.push(err),
        complete: () => (this.completed = true),
      },
    );
  }

  get seqs(): number[] {
    return this.events.map((e) => e.seq);
  }

  /** Waits until `n` events arrived (fails fast on an error). */
  async waitForCount(n: number, ms = 10_000): Promise<void> {
    await eventually(() => this.events.length >= n || this.errors.length > 0, ms, `${n} events`);
    if (this.errors.length) throw new Error(`subscription failed: ${JSON.stringify(this.errors)}`);
  }

  /** Waits for the subscription to end with an error, and returns it. */
  async waitForError(ms = 10_000): Promise<unknown> {
    await eventually(() => this.errors.length > 0, ms, 'an error');
    return this.errors[0];
  }
}

export interface WsClient {
  readonly client: Client;
  readonly closeCodes: number[];
  subscribe(field: 'gameEvents' | 'zoneEvents', variables: Record<string, unknown>): Subscription;
  close(): Promise<void>;
}

export function wsClient(url: string, token?: string): WsClient {
  const closeCodes: number[] = [];
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    on: { closed: (e) => closeCodes.push((e as { code: number }).code) },
  });
  return {
    client,
    closeCodes,
    subscribe: (field, variables) => new Subscription(client, field, variables),
    close: async () => client.dispose(),
  };
}
