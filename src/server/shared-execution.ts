/**
 * A subscription's events executed once per viewer class, not once per subscriber.
 *
 * The event hub maps each live event once per viewer class (src/events/hub.ts) and hands every
 * subscriber of that class the same object. graphql-js's own `subscribe` would then execute the
 * subscription's selection set over that object once per subscriber: with a game's 10,000
 * spectators, 10,000 identical executions per event. {@link sharedSubscribe} keeps graphql-js's
 * source stream (`createSourceEventStream`, which runs the field's `subscribe` resolver: standing,
 * limits, the hub) and memoizes the per-event `execute` by (payload object, document, variables,
 * operation name). The payload object already stands for the viewer (the hub's per-class map), and
 * no field under a subscription reads the context, so subscribers that share a payload share the
 * result. Written here rather than taken from a library: graphql-js exports no hook between its
 * source stream and its per-event execution.
 *
 * A subscription marked by {@link deliverDirectly} is also written to directly: each result's
 * message is its subscription's own head (`{"id":…,"type":"next","payload":`, made once per
 * subscription) followed by the result's bytes (made once per result, so once per viewer class and
 * document), without graphql-ws's per-message path. The bytes that follow a head are looked up by
 * the result object alone, which stands for one viewer class: no text is ever kept by anything a
 * subscription of another class could share.
 */
import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import { flatString } from './flat-string.js';
import { graphqlCjs } from './graphql-cjs.js';

// The copy of graphql the schema and graphql-ws use (graphql-cjs.ts explains why).
const { createSourceEventStream, execute } = graphqlCjs;

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Per payload object: its results by execution key. Collected with the payload. */
const results = new WeakMap<object, Map<string, Result>>();
/** A small number per parsed document: the armor shares one document per query text. */
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

function executionKey(args: ExecutionArgs): string {
  let id = documentIds.get(args.document);
  if (id === undefined) documentIds.set(args.document, (id = nextDocumentId++));
  // Flat: each subscription keeps its key for its life.
  return flatString(`${id}|${args.operationName ?? ''}|${JSON.stringify(args.variableValues ?? null)}`);
}

/** `execute` over one event, shared by every subscription with the same document and variables. */
function executeShared(args: ExecutionArgs, key: string, payload: unknown): Result {
  if (typeof payload !== 'object' || payload === null) return execute({ ...args, rootValue: payload });
  let byKey = results.get(payload);
  if (!byKey) results.set(payload, (byKey = new Map()));
  let result = byKey.get(key);
  if (result === undefined) {
    result = execute({ ...args, rootValue: payload });
    byKey.set(key, result);
  }
  return result;
}

/**
 * graphql-js's `subscribe`, with each event's execution shared (see the file's comment). Like
 * graphql-js's own mapping, `return()` reaches the source at once, even while a `next()` waits, so
 * an unsubscribe never waits for the next event.
 */
export async function sharedSubscribe(
  args: ExecutionArgs,
): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source;
  const direct = directs.get(args) ?? null;
  return new SharedStream(args, source[Symbol.asyncIterator](), executionKey(args), direct);
}

/**
 * Writes one whole `next` message of a subscription to its client, given as its text's UTF-8 bytes.
 * Returns a promise when the subscription must wait before it takes its next event (the client has
 * not taken enough of what was sent: ws-guard.ts, `queueEvent`).
 */
export type DirectWrite = (message: Buffer) => Promise<void> | undefined;

/**
 * A subscription's direct delivery: its message's text up to the payload (a string: an idle
 * subscription holds no buffer), its length in UTF-8 bytes, and its writer.
 */
interface Direct {
  readonly head: string;
  readonly headBytes: number;
  readonly write: DirectWrite;
}

/** The direct delivery of each subscription, by the execution arguments graphql-ws hands `subscribe`. */
const directs = new WeakMap<object, Direct>();

/**
 * Marks the execution arguments `onSubscribe` returns for subscription `id` for direct delivery:
 * each result without errors is written as its `next` message by `write`, without graphql-ws's
 * per-message path (its `onNext`, its promises, its `JSON.stringify` of the message). graphql-ws
 * still owns the subscription's life: its start, its `complete`, its errors, its `return()`. A result
 * with errors is handed to graphql-ws as usual (its `onNext` masks them). graphql-ws passes the
 * object `onSubscribe` returned to `subscribe` (it only adds the root and the context to it).
 */
export function deliverDirectly<A extends object>(args: A, id: string, write: DirectWrite): A {
  // The same text graphql-ws makes of `{ id, type: 'next', payload }`, up to the payload.
  const head = flatString(`{"id":${JSON.stringify(id)},"type":"next","payload":`);
  directs.set(args, { head, headBytes: Buffer.byteLength(head), write });
  return args;
}

/**
 * The UTF-8 bytes of a message's text from its payload on (the payload and the closing brace),
 * made once per result: every subscription that shares the result copies them after its own head,
 * so no subscription's message is built, flattened or encoded as a string of its own.
 */
const messageTails = new WeakMap<object, Buffer>();

function messageTail(result: ExecutionResult): Buffer {
  let tail = messageTails.get(result);
  if (tail === undefined) messageTails.set(result, (tail = Buffer.from(`${payloadText(result)}}`)));
  return tail;
}

/** One subscription's whole `next` message for `result`, as bytes. */
function directMessage(direct: Direct, result: ExecutionResult): Buffer {
  const tail = messageTail(result);
  const message = Buffer.allocUnsafe(direct.headBytes + tail.length);
  message.write(direct.head, 0, direct.headBytes, 'utf8');
  tail.copy(message, direct.headBytes);
  return message;
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * One subscription's mapped stream. A class rather than an object of closures: an idle subscription
 * holds its four fields, its methods are shared by every subscription.
 */
class SharedStream implements AsyncGenerator<ExecutionResult, void, void> {
  constructor(
    private readonly args: ExecutionArgs,
    private readonly iterator: AsyncIterator<unknown>,
    private readonly key: string,
    private readonly direct: Direct | null,
  ) {}

  /**
   * The next result for graphql-ws to send. With direct delivery, results without errors are
   * written here, in order, and this resolves only with one that has errors or at the end: graphql-ws
   * asks for the next result only once it has sent the last, so its messages and the written ones
   * keep the events' order.
   */
  async next(): Promise<IteratorResult<ExecutionResult, void>> {
    for (;;) {
      const step = await this.iterator.next();
      if (step.done) return { done: true, value: undefined };
      const shared = executeShared(this.args, this.key, step.value);
      const result = isPromise(shared) ? await shared : shared;
      if (this.direct === null || result.errors?.length) return { done: false, value: result };
      const wait = this.direct.write(directMessage(this.direct, result));
      if (wait) await wait;
    }
  }

  async return(): Promise<IteratorResult<ExecutionResult, void>> {
    await this.iterator.return?.();
    return { done: true, value: undefined };
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult, void>> {
    if (this.iterator.throw) await this.iterator.throw(error);
    else await this.iterator.return?.();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * The text of a message's payload, made once per payload object: a result shared by every
 * subscriber of one viewer class is serialized once, not once per subscriber.
 */
const payloadTexts = new WeakMap<object, string>();
/** Stands for the payload in the message graphql-ws stringifies; {@link withPayloadText} swaps it. */
const MARK = '\u0000zk:payload';
const MARK_TAIL = `${JSON.stringify(MARK)}}`;
/** The payload text of the message being stringified, until its `send` takes it. */
let pending: string | null = null;

function payloadText(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return JSON.stringify(payload);
  let text = payloadTexts.get(payload);
  if (text === undefined) payloadTexts.set(payload, (text = JSON.stringify(payload)));
  return text;
}

/**
 * graphql-ws's `jsonMessageReplacer`: a message with a payload is stringified with a mark in the
 * payload's place (the payload is the message's last key), and the payload's text, shared by every
 * message that carries the same object, is kept for {@link withPayloadText}. graphql-ws stringifies
 * each message as the argument of its `send`, so the two run back to back, in one turn.
 */
export function sharedPayloadReplacer(key: string, value: unknown): unknown {
  if (key !== '' || typeof value !== 'object' || value === null || !('payload' in value)) return value;
  pending = payloadText(value.payload);
  return { ...value, payload: MARK };
}

/** The message `send` is given, with its payload's text back in place of the mark. */
export function withPayloadText(data: string): string {
  const text = pending;
  pending = null;
  if (text === null || !data.endsWith(MARK_TAIL)) return data;
  return `${data.slice(0, -MARK_TAIL.length)}${text}}`;
}
