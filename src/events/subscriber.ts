/**
 * One live subscription of the event hub: what was asked for, a bounded async iterator of the
 * events it receives, and how far it has read the log.
 */
import type { RulesetSpec, Viewer } from '../rules/index.js';
import { BoundedIterator } from './bounded-iterator.js';

export interface SubscribeRequest {
  readonly gameId: string;
  readonly spec: RulesetSpec;
  readonly viewer: Viewer;
  /** Deliver events with seq greater than this. */
  readonly afterSeq: number;
  /** Only events whose `zoneIds` contain this zone (zoneEvents); null for every event. */
  readonly zoneId: string | null;
  /** Called once when the catch-up from the log ends (caught up, ended or failed). */
  readonly onCaughtUp?: () => void;
  /** Called once when the subscriber falls too far behind; should close its connection. */
  readonly onSlow: () => void;
}

/** One viewer key per redaction: subscribers with equal keys receive the same redacted event. */
export function viewerKey(viewer: Viewer): string {
  return viewer.kind === 'player' ? `player:${viewer.playerId}` : viewer.kind;
}

/** One subscription: a bounded async iterator of its events, and how far it has read the log. */
export class Subscriber<T> extends BoundedIterator<T> {
  readonly viewerKey: string;
  /** Highest seq this subscriber has accounted for (delivered or filtered out). */
  lastSeq: number;
  /** False while it replays from the log on its own. */
  live = false;
  /** Has been live once: from then on, falling behind counts against `maxLag` (a first replay does not). */
  caughtUp = false;

  constructor(
    readonly request: SubscribeRequest,
    queueLimit: number,
    roomMark: number,
    onEnd: (sub: Subscriber<T>) => void,
  ) {
    super(queueLimit, roomMark, () => onEnd(this));
    this.viewerKey = viewerKey(request.viewer);
    this.lastSeq = request.afterSeq;
  }

  /**
   * Accounts for `seq`, queueing `value()` when the event is for this subscriber. Returns false,
   * accounting for nothing, when the queue is full.
   */
  push(seq: number, wanted: boolean, value: () => T): boolean {
    if (wanted && !this.offer(value)) return false;
    this.lastSeq = seq;
    return true;
  }

  /** Ends the subscriber as too slow and tells its owner (who closes the connection). */
  dropSlow(): void {
    if (this.ended) return;
    this.end();
    this.request.onSlow();
  }
}
