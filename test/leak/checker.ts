/**
 * Plays one game through the real API and, after every step, checks every read path of every
 * viewer against the independent model in `model.ts`, with the admin's view as ground truth.
 *
 * Identity is checked with epochs: per viewer and physical card (admin `internalKey`), the epoch
 * goes up whenever the card goes through a change the viewer could not see (it lost sight of the
 * card, or the card was moved, shuffled, reordered, turned or revealed while the viewer could not
 * see it before or after). An id first seen in one epoch must never be shown for that card in a
 * later one: otherwise the viewer could follow the card across the change.
 */
import { expect } from 'vitest';
import {
  EventCollector,
  fetchGame,
  fetchHistory,
  post,
  type ChangeJson,
  type CreatedGame,
  type EventJson,
  type GameJson,
  type ObjectJson,
  type PayloadJson,
  type RawResponse,
} from '../support/game-api.js';
import type { TestServer } from '../support/server.js';
import { secretNeedles } from './secrets.js';
import { expectedView, mayView, truthOf, viewerName, type RulesetName, type TestViewer } from './model.js';

/** A mutation about to be sent, with what the test needs to know about whom it acts on. */
export interface StepMutation {
  /** Mutation field name, e.g. `moveObjects`. */
  readonly field: string;
  readonly document: string;
  readonly input: Record<string, unknown>;
  /** Seat index of the acting player. */
  readonly actor: number;
  /** Public ids the mutation names explicitly (objectIds, order, hostId, layerId). */
  readonly namedIds: readonly string[];
  /** Zones whose order the mutation changes as a whole (shuffle, reorder). */
  readonly reorderedZoneIds: readonly string[];
  /** Ids a TOP/BOTTOM selector picks, computed from the admin's state before the step. */
  readonly selectedIds: readonly string[];
  /**
   * The kind the acceptance counts this step under, when not `field`: a step aimed where the rules
   * must refuse it (a status with no object in a zone it applies to) is counted apart.
   */
  readonly countAs?: string;
}

interface ViewerState {
  readonly viewer: TestViewer;
  readonly token: string;
  readonly collector: EventCollector;
  /** Per card (internal key): how many changes this viewer could not follow it across. */
  readonly epoch: Map<string, number>;
  /** Per card: the hidden changes counted, for failure messages. */
  readonly changes: Map<string, string[]>;
  /** Per public id: the card and epoch in which this viewer first saw it. */
  readonly firstSeen: Map<string, { key: string; epoch: number; step: number }>;
  /** Names of cards this viewer has legitimately seen at some point. */
  readonly knownNames: Set<string>;
  /** How many subscription messages have been searched already. */
  textsChecked: number;
}

export interface StepOutcome {
  readonly ok: boolean;
  readonly errorCode?: string;
}

/**
 * An event header as a viewer may see it: the admin's, with a roll's or flip's results hidden
 * unless the roll is public or names the viewer (docs/fairness.md; every built-in roll is public).
 */
function rollAsSeenBy<T extends Pick<EventJson, 'roll'>>(viewer: TestViewer, head: T): T {
  const roll = head.roll;
  if (!roll?.seenBy) return head;
  if (viewer.kind === 'player' && roll.seenBy.includes(viewer.playerId)) return head;
  return { ...head, roll: { ...roll, dice: null, coins: null } };
}

export class LeakChecker {
  readonly ruleset: RulesetName;
  readonly game: CreatedGame;
  readonly viewers: ViewerState[];
  readonly admin: { token: string; collector: EventCollector };
  /** Every public id the admin has ever been shown, to its card's internal key. */
  readonly idToKey = new Map<string, string>();
  /** Every card name the admin has ever been shown, to its internal key. */
  readonly names = new Map<string, string>();
  readonly keys = new Set<string>();
  state!: GameJson;
  step = 0;
  readonly log: string[] = [];
  /** Every response text read so far (every viewer's and the admin's), for the secrets scan. */
  readonly outputs: string[] = [];

  constructor(
    private readonly server: TestServer,
    ruleset: RulesetName,
    game: CreatedGame,
    adminToken: string,
  ) {
    this.ruleset = ruleset;
    this.game = game;
    const viewerState = (viewer: TestViewer, token: string): ViewerState => ({
      viewer,
      token,
      collector: new EventCollector(server.wsUrl, token),
      epoch: new Map(),
      changes: new Map(),
      firstSeen: new Map(),
      knownNames: new Set(),
      textsChecked: 0,
    });
    this.viewers = [
      ...game.players.map((p) => viewerState({ kind: 'player', playerId: p.id }, p.token)),
      viewerState({ kind: 'spectator' }, game.spectatorToken),
    ];
    this.admin = { token: adminToken, collector: new EventCollector(server.wsUrl, adminToken) };
  }

  /** Subscribes everyone from seq 0 and checks the initial state. */
  async start(): Promise<void> {
    for (const v of [...this.viewers, this.admin]) v.collector.start(this.game.gameId, 0);
    this.state = (await fetchGame(this.server, this.game.gameId, this.admin.token)).game;
    const { events } = await fetchHistory(this.server, this.game.gameId, 0, this.admin.token);
    this.learn(this.state, events);
    await this.checkViewers(this.emptyStep(), null, events, null);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.viewers, this.admin].map((v) => v.collector.close()));
  }

  private emptyStep(): GameJson {
    return { ...this.state, zones: [], lastSeq: 0, version: 0 };
  }

  /** Sends one mutation as its actor, then checks every viewer's every read path. */
  async run(m: StepMutation): Promise<StepOutcome> {
    this.step++;
    const before = this.state;
    const actor = this.game.players[m.actor]!;
    const query = m.document;
    const res = await post<Record<string, PayloadJson>>(this.server, query, { input: m.input }, actor.token);
    const [afterView, adminHistory] = await Promise.all([
      fetchGame(this.server, this.game.gameId, this.admin.token),
      fetchHistory(this.server, this.game.gameId, before.lastSeq, this.admin.token),
    ]);
    const after = afterView.game;
    const adminEvents = adminHistory.events;
    // Only while the game is active: the end reveals the seed (docs/fairness.md, "Reveal").
    if (after.status === 'ACTIVE') this.outputs.push(afterView.text, ...adminHistory.texts);
    this.log.push(
      `#${this.step} seat ${m.actor} ${m.field} ${JSON.stringify(m.input)} -> ${
        res.errors
          ? `error ${res.errors[0]?.extensions?.code} ${res.errors[0]?.message}`
          : `v${after.version}`
      }`,
    );
    const payload = res.data?.[m.field] ?? null;
    if (res.errors || !payload) {
      expect(after.version, `a failed ${m.field} must not change the game`).toBe(before.version);
      expect(adminEvents).toEqual([]);
    } else {
      expect(payload.version).toBe(after.version);
      expect(after.lastSeq).toBe(adminEvents.at(-1)?.seq ?? before.lastSeq);
      for (const e of adminEvents) {
        expect(e.actor, 'events of a player mutation name the player').toEqual({
          kind: 'PLAYER',
          playerId: actor.id,
          onBehalfOf: null,
        });
      }
    }
    if (process.env['LEAK_LOG']) {
      const zoneName = (id: string | null) => {
        const z = [...before.zones, ...after.zones].find((x) => x.id === id);
        return z ? `${z.type}:${z.owner?.id.slice(0, 4) ?? '-'}` : String(id);
      };
      for (const e of adminEvents) {
        const cs = e.changes.map(
          (c) =>
            `${c.previousId?.slice(0, 4)}->${c.objectId?.slice(0, 4)} ${zoneName(c.fromZoneId)}->${zoneName(c.toZoneId)}@${c.object?.position}`,
        );
        this.log.push(`   ${e.kind} [${e.rules.join(', ')}] ${cs.join(' | ')}`);
      }
    }
    await this.admin.collector.waitFor(after.lastSeq);
    expect(
      this.admin.collector.events.filter((e) => e.seq > before.lastSeq),
      'admin subscription = admin history',
    ).toEqual(adminEvents);
    this.learn(after, adminEvents);
    this.state = after;
    if (!res.errors && payload) this.bumpEpochs(before, after, m);
    await this.checkViewers(before, { actor: m.actor, res, payload }, adminEvents, m);
    return res.errors ? { ok: false, errorCode: String(res.errors[0]?.extensions?.code) } : { ok: true };
  }

  /** Records ids, keys and names the admin was shown. */
  private learn(state: GameJson, events: readonly EventJson[]): void {
    const note = (o: ObjectJson | null) => {
      if (!o) return;
      expect(o.internalKey, 'the admin sees internal keys').toBeTruthy();
      const key = o.internalKey!;
      const known = this.idToKey.get(o.id);
      expect(known ?? key, `public id ${o.id} names one physical card forever`).toBe(key);
      this.idToKey.set(o.id, key);
      this.keys.add(key);
      if (o.card) this.names.set(o.card.name, key);
    };
    for (const z of state.zones) for (const o of z.objects) note(o);
    for (const e of events) {
      for (const c of e.changes) {
        note(c.object);
        if (c.previousId && c.object?.internalKey) {
          const known = this.idToKey.get(c.previousId);
          expect(known ?? c.object.internalKey).toBe(c.object.internalKey);
          this.idToKey.set(c.previousId, c.object.internalKey);
        }
      }
    }
  }

  /** Applies the identity model: which cards went through a change each viewer could not follow. */
  private bumpEpochs(before: GameJson, after: GameJson, m: StepMutation): void {
    const acted = new Set<string>();
    const b = objectsByKey(before);
    const a = objectsByKey(after);
    // A move within one zone changes only the order: an object it names went somewhere if its rank
    // among the zone's other staying objects changed (not if it stayed, MTG 400.4a, while a card
    // above it left). Other mutations that name an object without changing it (ending a reveal that was never made,
    // turning a face-up card face up) change nothing anyone could follow.
    if (m.field === 'moveObjects') {
      for (const id of [...m.namedIds, ...m.selectedIds]) {
        const key = this.idToKey.get(id);
        if (key && rankChanged(before, after, key)) acted.add(key);
      }
    }
    for (const [key, ob] of b) {
      const oa = a.get(key);
      if (!oa) continue;
      if (
        ob.zone.id !== oa.zone.id ||
        (ob.host?.id ?? null) !== (oa.host?.id ?? null) ||
        ob.faceUp !== oa.faceUp ||
        ob.revealedToAll !== oa.revealedToAll ||
        JSON.stringify(ob.revealedTo) !== JSON.stringify(oa.revealedTo) ||
        (m.reorderedZoneIds.includes(ob.zone.id) && ob.host === null)
      ) {
        acted.add(key);
      }
    }
    for (const v of this.viewers) {
      for (const [key, ob] of b) {
        const oa = a.get(key);
        if (!oa) continue;
        const sawBefore = mayView(this.ruleset, v.viewer, truthOf(ob));
        const seesAfter = mayView(this.ruleset, v.viewer, truthOf(oa));
        if ((sawBefore && !seesAfter) || (acted.has(key) && !(sawBefore && seesAfter))) {
          v.epoch.set(key, (v.epoch.get(key) ?? 0) + 1);
          const why = sawBefore ? 'lost sight' : acted.has(key) ? 'changed unseen' : '?';
          const where = `${ob.zone.type}@${ob.position}${ob.faceUp ? '↑' : '↓'} -> ${oa.zone.type}@${oa.position}${oa.faceUp ? '↑' : '↓'}`;
          v.changes.set(key, [
            ...(v.changes.get(key) ?? []),
            `step ${this.step}: ${why} (${where}, id ${ob.id} -> ${oa.id})`,
          ]);
        }
      }
    }
  }

  private async checkViewers(
    before: GameJson,
    mutation: {
      actor: number;
      res: RawResponse<Record<string, PayloadJson>>;
      payload: PayloadJson | null;
    } | null,
    adminEvents: readonly EventJson[],
    m: StepMutation | null,
  ): Promise<void> {
    const adminObjects = objectsById(this.state);
    // Every viewer reads at once (the state no longer changes), then each is checked in turn.
    const reads = await Promise.all(
      this.viewers.map(async (v) => {
        const [view, history] = await Promise.all([
          fetchGame(this.server, this.game.gameId, v.token),
          fetchHistory(this.server, this.game.gameId, before.lastSeq, v.token),
          v.collector.waitFor(this.state.lastSeq),
        ]);
        return { view, history };
      }),
    );
    for (const [i, v] of this.viewers.entries()) {
      const who = `${viewerName(v.viewer)} at step ${this.step}`;
      const texts: string[] = [];
      const { view, history } = reads[i]!;
      texts.push(view.text);
      this.checkGameView(v, view.game, who);

      texts.push(...history.texts);
      const live = v.collector.events.filter((e) => e.seq > before.lastSeq);
      texts.push(...v.collector.texts.slice(v.textsChecked));
      v.textsChecked = v.collector.texts.length;
      expect(live, `${who}: subscription events = history events`).toEqual(history.events);
      this.checkEvents(v, history.events, adminEvents, before, who);

      if (mutation && mutation.actor === i) {
        texts.push(mutation.res.text);
        if (mutation.payload) {
          expect(mutation.payload.events, `${who}: payload events = history events`).toEqual(history.events);
          this.checkPayload(v, mutation.payload, adminObjects, who);
        } else {
          for (const err of mutation.res.errors ?? []) {
            // A game that has ended (a concession, a result) refuses every move as such.
            expect(err.extensions?.code, `${who}: ${m?.field} error code`).toMatch(
              before.status === 'ACTIVE'
                ? /^(INVALID_MOVE|BAD_USER_INPUT|NOT_FOUND|GRAPHQL_VALIDATION_FAILED|FORBIDDEN)$/
                : /^(GAME_NOT_ACTIVE|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|FORBIDDEN)$/,
            );
          }
        }
      }
      this.checkIdentity(v, view.game, history.events, who);
      for (const o of view.game.zones.flatMap((z) => z.objects)) if (o.card) v.knownNames.add(o.card.name);
      for (const e of history.events)
        for (const c of e.changes) if (c.object?.card) v.knownNames.add(c.object.card.name);
      this.checkTexts(v, texts, who);
    }
  }

  /** game(id): same zones, counts, ids and order as the admin's; printed properties exactly per the model. */
  private checkGameView(v: ViewerState, game: GameJson, who: string): void {
    expect(game.version, `${who}: same version as the admin`).toBe(this.state.version);
    expect(game.viewer.kind).toBe(v.viewer.kind === 'player' ? 'PLAYER' : 'SPECTATOR');
    expect(
      game.zones.map((z) => z.id),
      `${who}: zones`,
    ).toEqual(this.state.zones.map((z) => z.id));
    // Player counters, turns, results and zone counters are public in every loaded ruleset.
    expect({ players: game.players, turn: game.turn, result: game.result }, `${who}: the table`).toEqual({
      players: this.state.players,
      turn: this.state.turn,
      result: this.state.result,
    });
    expect(
      game.zones.map((z) => z.counters),
      `${who}: zone counters`,
    ).toEqual(this.state.zones.map((z) => z.counters));
    for (const [zi, zone] of game.zones.entries()) {
      const truthZone = this.state.zones[zi]!;
      expect(zone.count, `${who}: count of ${zone.type} ${zone.id}`).toBe(truthZone.count);
      expect(
        zone.objects.map((o) => o.id),
        `${who}: ids and order in ${zone.type}`,
      ).toEqual(truthZone.objects.map((o) => o.id));
      for (const [oi, obj] of zone.objects.entries()) {
        const truth = truthZone.objects[oi]!;
        const visible = mayView(this.ruleset, v.viewer, truthOf(truth));
        expect(obj, `${who}: object in ${zone.type} (model: ${visible ? 'visible' : 'hidden'})`).toEqual(
          expectedView(this.ruleset, truth, visible),
        );
      }
    }
  }

  /** The mutation payload: objects as game(id) shows them, including the nested zone probe. */
  private checkPayload(
    v: ViewerState,
    payload: PayloadJson,
    adminObjects: Map<string, ObjectJson>,
    who: string,
  ): void {
    for (const obj of payload.objects) {
      const truth = adminObjects.get(obj.id);
      expect(truth, `${who}: payload object ${obj.id} exists now`).toBeDefined();
      const visible = mayView(this.ruleset, v.viewer, truthOf(truth!));
      const { zone, ...rest } = obj;
      const { zone: truthZone, ...truthRest } = expectedView(this.ruleset, truth!, visible);
      expect(rest, `${who}: payload object`).toEqual(truthRest);
      expect({ id: zone.id, type: zone.type, owner: zone.owner }).toEqual(truthZone);
      const zoneTruth = this.state.zones.find((z) => z.id === zone.id)!;
      expect(zone.count, `${who}: payload zone count`).toBe(zoneTruth.count);
      for (const probe of zone.objects as {
        id: string;
        card: { name: string } | null;
        internalKey: string | null;
        host: { id: string; card: { name: string } | null } | null;
      }[]) {
        const t = adminObjects.get(probe.id);
        expect(t, `${who}: probe object exists`).toBeDefined();
        const sees = mayView(this.ruleset, v.viewer, truthOf(t!));
        expect(probe.card, `${who}: payload zone.objects card`).toEqual(
          sees ? { name: t!.card!.name } : null,
        );
        expect(probe.internalKey).toBeNull();
        if (probe.host) {
          const ht = adminObjects.get(probe.host.id)!;
          const seesHost = mayView(this.ruleset, v.viewer, truthOf(ht));
          expect(probe.host.card).toEqual(seesHost ? { name: ht.card!.name } : null);
        }
      }
    }
  }

  /**
   * Events of this step as the viewer got them, against the admin's: same events and ids, objects
   * redacted per the model, and a previous id linked to a new one only if the viewer saw both.
   */
  private checkEvents(
    v: ViewerState,
    events: readonly EventJson[],
    adminEvents: readonly EventJson[],
    before: GameJson,
    who: string,
  ): void {
    expect(
      events.map((e) => e.seq),
      `${who}: event seqs`,
    ).toEqual(adminEvents.map((e) => e.seq));
    const beforeById = objectsById(before);
    const seenThisStep = new Map<string, ObjectJson>();
    for (const [ei, ev] of events.entries()) {
      const truth = adminEvents[ei]!;
      const { changes, ...head } = ev;
      const { changes: truthChanges, ...truthHead } = truth;
      expect(head, `${who}: event ${ev.seq} header`).toEqual(rollAsSeenBy(v.viewer, truthHead));
      const byObject = new Map(truthChanges.filter((c) => c.objectId).map((c) => [c.objectId!, c]));
      const byPrevious = new Map(truthChanges.filter((c) => c.previousId).map((c) => [c.previousId!, c]));
      expect(
        new Set(changes.flatMap((c) => (c.previousId ? [c.previousId] : []))),
        `${who}: event ${ev.seq} previous ids`,
      ).toEqual(new Set(byPrevious.keys()));
      expect(
        new Set(changes.flatMap((c) => (c.objectId ? [c.objectId] : []))),
        `${who}: event ${ev.seq} object ids`,
      ).toEqual(new Set(byObject.keys()));
      const arrivals: string[] = [];
      const lefts: string[] = [];
      for (const c of changes) {
        const what = `${who}: event ${ev.seq} ${ev.kind} change ${JSON.stringify(strip(c))}`;
        if (c.objectId) {
          const t = byObject.get(c.objectId)!;
          expect(c.toZoneId, what).toBe(t.toZoneId);
          if (t.object) {
            const visible = mayView(this.ruleset, v.viewer, truthOf(t.object));
            expect(c.object, `${what} (model: ${visible ? 'visible' : 'hidden'})`).toEqual(
              expectedView(this.ruleset, t.object, visible),
            );
          } else {
            expect(c.object, what).toBeNull();
          }
        } else {
          expect(c.object, `${what}: a left entry carries no object`).toBeNull();
          expect(c.toZoneId, `${what}: a left entry has no destination`).toBeNull();
        }
        if (c.previousId) {
          expect(c.fromZoneId, what).toBe(byPrevious.get(c.previousId)!.fromZoneId);
        } else {
          expect(c.fromZoneId, `${what}: an arrival has no origin`).toBeNull();
        }
        if (c.previousId && c.objectId && c.previousId !== c.objectId) {
          const prior = seenThisStep.get(c.previousId) ?? beforeById.get(c.previousId);
          expect(prior, `${what}: linked to an id the viewer could have known`).toBeDefined();
          const t = byObject.get(c.objectId)!;
          expect(
            mayView(this.ruleset, v.viewer, truthOf(prior!)) &&
              t.object !== null &&
              mayView(this.ruleset, v.viewer, truthOf(t.object)),
            `${what}: old and new id linked though the viewer could not see both`,
          ).toBe(true);
        }
        if (c.previousId && !c.objectId && byPrevious.get(c.previousId)!.objectId) lefts.push(c.previousId);
        if (!c.previousId && c.objectId) arrivals.push(c.objectId);
      }
      expect(lefts, `${who}: unlinked left entries in id order (order must not link them)`).toEqual(
        [...lefts].sort(),
      );
      expect(arrivals, `${who}: arrivals in id order (order must not link them)`).toEqual(
        [...arrivals].sort(),
      );
      for (const c of truthChanges) if (c.objectId && c.object) seenThisStep.set(c.objectId, c.object);
    }
  }

  /** The identity model: no id shown now was first shown for the same card before a hidden change. */
  private checkIdentity(v: ViewerState, game: GameJson, events: readonly EventJson[], who: string): void {
    for (const obj of game.zones.flatMap((z) => z.objects)) {
      const key = this.idToKey.get(obj.id)!;
      const epoch = v.epoch.get(key) ?? 0;
      const first = v.firstSeen.get(obj.id);
      if (first) {
        expect(first.key, `${who}: id ${obj.id} names one card`).toBe(key);
        expect(
          epoch,
          `${who}: id ${obj.id} was first seen at step ${first.step} and is shown again after a change ` +
            `the viewer could not see (object now in ${obj.zone.type}); the viewer can follow the card. ` +
            `Hidden changes: ${(v.changes.get(key) ?? []).join('; ')}`,
        ).toBe(first.epoch);
      } else {
        v.firstSeen.set(obj.id, { key, epoch, step: this.step });
      }
    }
    for (const e of events) {
      for (const c of e.changes) {
        for (const id of [c.previousId, c.objectId]) {
          if (!id || v.firstSeen.has(id)) continue;
          const key = this.idToKey.get(id);
          if (key) v.firstSeen.set(id, { key, epoch: v.epoch.get(key) ?? 0, step: this.step });
        }
      }
    }
  }

  /** Every response body, as text: no name of a card the viewer never saw, no internal key. */
  /**
   * zk-rng/1: no response read so far (every viewer's, the admin's, the metrics page) carries the
   * game's seed or any per-act key, in hex or base64 (docs/fairness.md, "Reveal"). Before the end.
   */
  async checkSecrets(seed: Uint8Array): Promise<number> {
    const metrics = await fetch(new URL('/metrics', this.server.url));
    const { events } = await fetchHistory(this.server, this.game.gameId, 0, this.admin.token);
    const needles = secretNeedles(seed, this.game.gameId, events);
    const all = [...this.outputs, await metrics.text()].join('\n');
    for (const needle of needles)
      expect(all.includes(needle), `a response carries zk-rng secret ${needle}`).toBe(false);
    return needles.length;
  }

  private checkTexts(v: ViewerState, texts: readonly string[], who: string): void {
    if (this.state.status === 'ACTIVE') this.outputs.push(...texts);
    const all = texts.join('\n');
    for (const name of this.names.keys()) {
      if (v.knownNames.has(name)) continue;
      expect(all.includes(name), `${who}: a response names hidden card "${name}"`).toBe(false);
    }
    for (const key of this.keys) {
      expect(all.includes(key), `${who}: a response contains internal key ${key}`).toBe(false);
    }
  }
}

function strip(c: ChangeJson): Omit<ChangeJson, 'object'> & { object: string | null } {
  return { ...c, object: c.object ? c.object.id : null };
}

/** Whether a card's rank among the objects that were in its zone both before and after changed. */
function rankChanged(before: GameJson, after: GameJson, key: string): boolean {
  const zoneOf = (state: GameJson) => state.zones.find((z) => z.objects.some((o) => o.internalKey === key));
  const zb = zoneOf(before);
  const za = zoneOf(after);
  if (!zb || !za || zb.id !== za.id) return false;
  const top = (z: typeof zb) => z.objects.filter((o) => o.host === null).map((o) => o.internalKey!);
  const kept = new Set(top(zb).filter((k) => top(za).includes(k)));
  const rank = (z: typeof zb) =>
    top(z)
      .filter((k) => kept.has(k))
      .indexOf(key);
  return rank(zb) !== rank(za);
}

function objectsById(state: GameJson): Map<string, ObjectJson> {
  return new Map(state.zones.flatMap((z) => z.objects.map((o) => [o.id, o] as const)));
}

function objectsByKey(state: GameJson): Map<string, ObjectJson> {
  return new Map(state.zones.flatMap((z) => z.objects.map((o) => [o.internalKey!, o] as const)));
}
