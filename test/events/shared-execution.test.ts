/**
 * Work every subscriber of one viewer class shares is done once (src/server/shared-execution.ts):
 * an event's execution per payload object and document, and its payload's text; the message each
 * subscriber is sent is byte for byte what graphql-ws alone would have sent.
 */
import fc from 'fast-check';
import type { buildSchema, parse } from 'graphql';
import { type ExecutionResult } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { graphqlCjs } from '../../src/server/graphql-cjs.js';
import {
  deliverDirectly,
  sharedPayloadReplacer,
  sharedSubscribe,
  withPayloadText,
} from '../../src/server/shared-execution.js';

/** A source every subscription reads from: each payload object goes to all of them, as the hub does. */
class Broadcast {
  readonly #readers: { queue: unknown[]; waiting: ((step: IteratorResult<unknown>) => void) | null }[] = [];
  returned = 0;

  iterator(): AsyncIterableIterator<unknown> {
    const reader = {
      queue: [] as unknown[],
      waiting: null as ((step: IteratorResult<unknown>) => void) | null,
    };
    this.#readers.push(reader);
    return {
      next: () =>
        reader.queue.length
          ? Promise.resolve({ done: false, value: reader.queue.shift() })
          : new Promise((resolve) => (reader.waiting = resolve)),
      // As the hub's iterator does: a pending next() ends at once.
      return: () => {
        this.returned++;
        reader.waiting?.({ done: true, value: undefined });
        reader.waiting = null;
        return Promise.resolve({ done: true, value: undefined });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  send(payload: unknown): void {
    for (const reader of this.#readers) {
      const waiting = reader.waiting;
      reader.waiting = null;
      if (waiting) waiting({ done: false, value: payload });
      else reader.queue.push(payload);
    }
  }
}

function schemaCounting(source: Broadcast) {
  let resolved = 0;
  const schema = graphqlCjs.buildSchema(`
    type Query { ok: Boolean }
    type Event { seq: Int, label: String }
    type Subscription { events: Event }
  `) as ReturnType<typeof buildSchema>;
  const subscription = schema.getSubscriptionType()!.getFields()['events']!;
  subscription.subscribe = () => source.iterator();
  subscription.resolve = (payload: unknown) => payload;
  const event = schema.getType('Event') as unknown as { getFields(): Record<string, { resolve?: unknown }> };
  event.getFields()['label']!.resolve = (e: { seq: number }) => {
    resolved++;
    return `event ${e.seq}`;
  };
  return { schema, resolved: () => resolved };
}

describe('a subscription event shared by one viewer class', () => {
  it('is executed once for every subscriber of the same document and variables', async () => {
    const source = new Broadcast();
    const { schema, resolved } = schemaCounting(source);
    const document = graphqlCjs.parse('subscription { events { seq label } }') as ReturnType<typeof parse>;
    const streams = await Promise.all(Array.from({ length: 5 }, () => sharedSubscribe({ schema, document })));
    const iterators = streams.map((s) => s as AsyncGenerator<ExecutionResult>);
    const first = { seq: 1 };
    source.send(first);
    const results = await Promise.all(iterators.map((i) => i.next()));
    expect(results.map((r) => r.value)).toEqual(
      Array(5).fill({ data: { events: { seq: 1, label: 'event 1' } } }),
    );
    expect(resolved()).toBe(1);
    // Another object (another viewer class, or the next event) is executed again.
    source.send({ seq: 2 });
    await Promise.all(iterators.map((i) => i.next()));
    expect(resolved()).toBe(2);
    // An unsubscribe reaches the source at once, without waiting for another event.
    await Promise.all(iterators.map((i) => i.return(undefined)));
    expect(source.returned).toBe(5);
  });

  it('a message is sent byte for byte as graphql-ws alone would send it', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const message = fc.oneof(
      fc.record({ id: fc.string(), type: fc.constant('next'), payload: json }),
      fc.record({ id: fc.string(), type: fc.constant('error'), payload: fc.array(json) }),
      fc.record({ id: fc.string(), type: fc.constant('complete') }),
      fc.record({ type: fc.constantFrom('ping', 'pong') }),
    );
    fc.assert(
      fc.property(message, (m) => {
        expect(withPayloadText(JSON.stringify(m, sharedPayloadReplacer))).toBe(JSON.stringify(m));
      }),
    );
  });

  it('serializes one payload object once, however many messages carry it', () => {
    let reads = 0;
    const payload = {
      get data() {
        reads++;
        return { seq: 7 };
      },
    };
    const sent = ['1', '2', '3'].map((id) =>
      withPayloadText(JSON.stringify({ id, type: 'next', payload }, sharedPayloadReplacer)),
    );
    expect(sent).toEqual(
      ['1', '2', '3'].map((id) => `{"id":"${id}","type":"next","payload":{"data":{"seq":7}}}`),
    );
    expect(reads).toBe(1);
  });
});

/**
 * Direct delivery: graphql-ws's per-message path skipped, each result's text written straight to
 * its subscription's socket. Two viewer classes stand for two payload objects of one event.
 */
describe('a subscription event written directly', () => {
  const classes = ['seat', 'spectator'] as const;
  type ViewerClass = (typeof classes)[number];

  function twoClassSchema(sources: Record<ViewerClass, Broadcast>) {
    const schema = graphqlCjs.buildSchema(`
      type Query { ok: Boolean }
      type Event { seq: Int, label: String }
      type Subscription { events(note: String): Event }
    `) as ReturnType<typeof buildSchema>;
    const subscription = schema.getSubscriptionType()!.getFields()['events']!;
    subscription.subscribe = (_p: unknown, _a: unknown, ctx: { viewer: ViewerClass }) =>
      sources[ctx.viewer].iterator();
    subscription.resolve = (payload: unknown) => payload;
    return schema;
  }

  /** What graphql-ws alone would send subscription `id` for one result. */
  const expectedText = (id: string, result: unknown) => JSON.stringify({ id, type: 'next', payload: result });

  async function subscribeAll(ids: readonly string[], variableValues: Record<string, unknown> | null) {
    const sources = { seat: new Broadcast(), spectator: new Broadcast() };
    const schema = twoClassSchema(sources);
    const document = graphqlCjs.parse(
      'subscription S($note: String) { events(note: $note) { seq label } }',
    ) as ReturnType<typeof parse>;
    const written = new Map<string, string[]>();
    const subs = await Promise.all(
      ids.map(async (id, i) => {
        const viewer = classes[i % 2]!;
        const texts: string[] = [];
        written.set(id, texts);
        const args = deliverDirectly(
          { schema, document, variableValues, contextValue: { viewer } },
          id,
          (message) => {
            texts.push(message.toString('utf8'));
            return undefined;
          },
        );
        const stream = (await sharedSubscribe(args)) as AsyncGenerator<ExecutionResult>;
        // graphql-ws's loop: one next() that writes every result and resolves at the end.
        const ended = stream.next();
        return { id, viewer, stream, ended, texts };
      }),
    );
    return { sources, subs, written };
  }

  it('writes each subscription its own viewer class payload, never the other class', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => String(i));
    const { sources, subs } = await subscribeAll(ids, null);
    for (let seq = 1; seq <= 3; seq++) {
      // Alternating which class is executed first: a text kept by anything but the payload object
      // would reach the other class.
      const order = seq % 2 ? classes : ([...classes].reverse() as ViewerClass[]);
      for (const c of order) sources[c].send({ seq, label: `${c} view of ${seq}` });
    }
    await vi.waitFor(() => expect(subs.every((s) => s.texts.length === 3)).toBe(true));
    for (const s of subs)
      expect(s.texts).toEqual(
        [1, 2, 3].map((seq) =>
          expectedText(s.id, { data: { events: { seq, label: `${s.viewer} view of ${seq}` } } }),
        ),
      );
    await Promise.all(subs.map((s) => s.stream.return(undefined)));
    expect((await Promise.all(subs.map((s) => s.ended))).every((r) => r.done)).toBe(true);
  });

  it('a subscription whose id or variables look like a message or a mark gets exactly its own text', async () => {
    const tricky = [
      '\u0000zk:payload',
      '"}',
      'x","type":"next","payload":{"data":null}}',
      '{"id":"0","type":"next","payload":',
      '\\u0000zk:payload"}',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(fc.constantFrom(...tricky), fc.string({ minLength: 1 })), {
          minLength: 2,
          maxLength: 6,
        }),
        fc.oneof(fc.constantFrom(...tricky), fc.string()),
        async (ids, note) => {
          const { sources, subs } = await subscribeAll(ids, { note });
          for (const c of classes) sources[c].send({ seq: 1, label: `${c} ${note}` });
          await vi.waitFor(() => expect(subs.every((s) => s.texts.length === 1)).toBe(true));
          for (const s of subs) {
            expect(s.texts).toEqual([
              expectedText(s.id, { data: { events: { seq: 1, label: `${s.viewer} ${note}` } } }),
            ]);
            expect(JSON.parse(s.texts[0]!)).toMatchObject({ id: s.id, type: 'next' });
          }
          await Promise.all(subs.map((s) => s.stream.return(undefined)));
        },
      ),
      { numRuns: 40 },
    );
  });
});
