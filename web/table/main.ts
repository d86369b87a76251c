/**
 * The reference table page, `GET /table/<gameId>#handoff=<code>`: any ruleset's game drawn
 * generically from the `rulesets` catalog, as the token's viewer sees it, kept live over graphql-ws.
 * A seat drags a card onto a zone to move it (`moveObjects`); the server decides whether the move
 * is legal and what everyone else may see of it.
 *
 * How it works, for a frontend of your own:
 * 1. Load `rulesets` (zone names, visibility) and `game(id)` (zones and objects, already redacted
 *    for the viewer: an object the viewer may not see has `card: null`, and is drawn as a back).
 * 2. Subscribe to `gameEvents(gameId, afterSeq: game.lastSeq)`: every later change arrives once,
 *    in order. This page refetches the game on each event (object ids change when a viewer loses
 *    track of a card, so a refetch is the simplest correct way to apply one).
 * 3. Moves are mutations; their result reaches every viewer, this one included, as an event.
 *
 * All network access is in ./api.ts, a thin adapter over the typed client in client/index.ts.
 */
import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
// htm: JSX-like templates in plain template literals, so the page needs no JSX compile step.
import { html } from 'htm/preact';
import {
  ApiError,
  createTableApi,
  type GameView,
  type GameEventInfo,
  type MoveResult,
  type PlayerView,
  type RewindMode,
  type RulesetInfo,
  type StreamStatus,
  type TableApi,
  type Which,
  type ZoneView,
} from './api.js';
import type { CardHandlers, Grabbed, Target } from './card.js';
import { mayPassClock, SeatClockControl, TableClock, useClockElapsed } from './clock.js';
import { CardPanel, PlayerCounters, ResultBanner, toggleOf, TurnBar } from './controls.js';
import { commandOf, focusCard, KeyboardHelp, moveFocus, pageCommandOf } from './keyboard.js';
import { CardMenu, menuItems, zoneLabel, zoneName, type MenuItem } from './menu.js';
import {
  anchoredAt,
  RefusalNote,
  refusalOfError,
  refusalOfResult,
  type Anchor,
  type Refusal,
} from './refusal.js';
import {
  JudgePanel,
  outcomeOf,
  TakebackBar,
  takebackToSeq,
  TAKEBACK_WINDOW,
  type TakebackOutcome,
} from './takeback.js';
import { Zone } from './zone.js';
import { keepForReload, takeCredential, type ReloadKey } from '../handoff.js';
import './table.css';

/** `/table/<gameId>` → gameId. */
function gameIdFromPath(): string {
  const match = /^\/table\/([^/]+)$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** This tab's reload code for the game's table (../handoff.ts). */
const reloadKey = (gameId: string): ReloadKey => `zonekeeper.handoff.table.${gameId}`;

interface Loaded {
  game: GameView;
  ruleset: RulesetInfo;
}

/** Seats other than the viewer's come first (across the table), shared zones in the middle. */
function layout(
  game: GameView,
): { title: string; seat: string | null; player: PlayerView | null; zones: ZoneView[] }[] {
  const me = game.viewer.player?.id ?? null;
  const byOwner = (id: string | null) => game.zones.filter((z) => (z.owner?.id ?? null) === id);
  const seats = [...game.players].sort((a, b) => a.seat - b.seat);
  const others = seats.filter((p) => p.id !== me);
  const mine = seats.filter((p) => p.id === me);
  return [
    ...others.map((p) => ({
      title: `${p.name} (seat ${p.seat})`,
      seat: String(p.seat),
      player: p,
      zones: byOwner(p.id),
    })),
    { title: 'Shared', seat: null, player: null, zones: byOwner(null) },
    ...mine.map((p) => ({
      title: `You: ${p.name} (seat ${p.seat})`,
      seat: String(p.seat),
      player: p,
      zones: byOwner(p.id),
    })),
  ].filter((group) => group.zones.length > 0 || group.player !== null);
}

function TokenForm(props: { onToken(token: string): void; deadLink: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return html`<form
    class="token-form"
    onSubmit=${(e: Event) => {
      e.preventDefault();
      const value = input.current?.value.trim();
      if (value) props.onToken(value);
    }}
  >
    ${
      props.deadLink
        ? html`<p class="error" role="alert">
            This link has been used or has expired (a link works once, within a minute): ask for a new one, or
            paste a token.
          </p>`
        : null
    }
    <p>
      Paste a seat or spectator token for this game (or open a hand-off link,${' '}
      <code>/table/${'<gameId>'}#handoff=…</code>).
    </p>
    <input ref=${input} type="password" name="token" placeholder="token" autocomplete="off" />
    <button type="submit">Open the table</button>
  </form>`;
}

/** A menu open on a card (`objectId`) or on the top of a pile (`objectId` null), drawn in its zone. */
interface OpenMenu {
  zoneId: string;
  objectId: string | null;
}

function Table(props: { gameId: string; token: string }) {
  const api: TableApi = useMemo(
    () => createTableApi({ endpoint: new URL('/graphql', location.origin).toString(), token: props.token }),
    [props.token],
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The details panel was opened from the keyboard (D, or the menu's item): it takes the focus.
  const [panelByKey, setPanelByKey] = useState(false);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  // The card a keyboard action moved: it takes the focus once the page shows it under its new id.
  const focusNext = useRef<string | null>(null);
  // Time since the view's clocks arrived, for the clocks to count down locally (./clock.ts).
  const clockElapsed = useClockElapsed(loaded?.game.clock ?? null);
  // What became of the last takeback (or a judge's rewind), said until the next request or action.
  const [outcome, setOutcome] = useState<TakebackOutcome | null>(null);
  // The view as last drawn, for the event handler (set up once) to read the request that was open.
  const shown = useRef<GameView | null>(null);
  shown.current = loaded?.game ?? null;
  // What the page-wide keys do now (./keyboard.ts, PAGE_KEYS); null while they do nothing.
  const passKey = useRef<(() => void) | null>(null);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Refetches are coalesced: one in flight, at most one more queued behind it.
    let fetching: Promise<void> | null = null;
    let again = false;
    const refetch = (): void => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = api
        .game(props.gameId)
        .then((game) => {
          if (cancelled) return;
          setLoaded((prev) => (prev ? { ...prev, game } : prev));
          setNotice((n) => (n?.startsWith('Could not refresh') ? null : n));
        })
        // Transient (e.g. the server is restarting): the next event or reconnection refetches.
        .catch((err: unknown) => setNotice(`Could not refresh the table: ${describe(err)}`))
        .finally(() => {
          fetching = null;
          if (again && !cancelled) {
            again = false;
            refetch();
          }
        });
    };

    void (async () => {
      try {
        const [rulesets, game] = await Promise.all([api.rulesets(), api.game(props.gameId)]);
        if (cancelled) return;
        const ruleset = rulesets.find((r) => r.id === game.ruleset);
        if (!ruleset) throw new Error(`Unknown ruleset ${game.ruleset}`);
        setLoaded({ game, ruleset });
        const onEvent = (event: GameEventInfo): void => {
          const view = shown.current;
          const said = view ? outcomeOf(event, view.takeback, view) : null;
          if (said) setOutcome(said);
          else if (event.kind === 'TAKEBACK_REQUESTED') setOutcome(null);
          refetch();
        };
        stop = api.followGame(props.gameId, game.lastSeq, {
          onEvent,
          onStatus: (s) => {
            setStatus(s);
            // Back after a drop: the events missed meanwhile are replayed, but refetch anyway.
            if (s === 'live') refetch();
          },
          onFatal: (err) => setError(describe(err)),
        });
      } catch (err) {
        if (!cancelled) setError(describe(err));
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
      api.close();
    };
  }, [api, props.gameId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const command = pageCommandOf(e);
      if (!command) return;
      switch (command) {
        case 'passClock': {
          const pass = passKey.current;
          if (!pass) return;
          e.preventDefault();
          pass();
          return;
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const id = focusNext.current;
    if (id && document.querySelector(`.card[data-object-id="${CSS.escape(id)}"]`)) {
      focusNext.current = null;
      focusCard(id);
    }
  });

  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!loaded) return html`<p>Loading…</p>`;
  const { game, ruleset } = loaded;
  const zoneTypes = new Map(ruleset.zoneTypes.map((t) => [t.type, t]));
  const order = (z: ZoneView) => ruleset.zoneTypes.findIndex((t) => t.type === z.type) * 1000 + z.index;
  const me = game.players.find((p) => p.id === game.viewer.player?.id);
  // A seat that conceded has left the game (MTG 800.4a): it still watches, it no longer acts.
  const canMove = game.viewer.kind === 'PLAYER' && game.status === 'ACTIVE' && !me?.conceded;
  const gameId = game.id;
  const objects = new Map(game.zones.flatMap((z) => z.objects.map((o) => [o.id, o] as const)));
  /**
   * The seat acts on its own objects (owned or controlled) and on others' objects it sees, which
   * every built-in ruleset's `seatPolicy.othersVisible` allows for moves; never on a hidden card of
   * another player (the server refuses it without reading it: src/rules/permission.ts).
   */
  const mayAct = (objectId: string): boolean => {
    const o = objects.get(objectId);
    if (!o || !me) return false;
    return o.owner.id === me.id || o.controller.id === me.id || o.card !== null;
  };
  /** The top of a pile is the seat's to take from its own zones and shared ones. */
  const mayTakeTop = (zone: ZoneView): boolean => zone.owner === null || zone.owner.id === me?.id;

  /** Sends one action; its result reaches every page as an event, a refusal is shown at `anchor`. */
  const act = (anchor: Anchor, run: () => Promise<unknown>): void => {
    setRefusal(null);
    setNotice(null);
    setOutcome(null);
    run().catch((err: unknown) => setRefusal(refusalOfError(err, anchor)));
  };
  /** A move or a turn: the rules may keep it from happening without an error (NO_MOVE). */
  const actMove = (
    anchor: Anchor,
    destination: ZoneView | null,
    run: () => Promise<MoveResult>,
    focusAfter: boolean,
  ): void =>
    act(anchor, async () => {
      const result = await run();
      const info = destination ? { name: destination.name, info: zoneTypes.get(destination.type) } : null;
      const refused = refusalOfResult(result, anchor, info);
      setRefusal(refused);
      if (focusAfter && !refused) focusNext.current = result.objects[0]?.id ?? null;
    });
  const which = (what: Grabbed): Which =>
    'objectId' in what ? { objectIds: [what.objectId] } : { select: what };
  const move = (what: Grabbed, to: ZoneView, faceDown: boolean, anchor: Anchor, focusAfter: boolean): void =>
    actMove(
      anchor,
      to,
      () =>
        api.moveObjects({ gameId, ...which(what), toZoneId: to.id, ...(faceDown ? { faceUp: false } : {}) }),
      focusAfter,
    );
  const turnFace = (objectId: string, faceUp: boolean, anchor: Anchor, focusAfter: boolean): void =>
    actMove(anchor, null, () => api.turnFace({ gameId, objectIds: [objectId], faceUp }), focusAfter);
  const changeCounter = (
    holder: { objectId: string } | { playerId: string } | { zoneId: string },
    kind: string,
    delta: number,
    anchor: Anchor,
  ): void =>
    act(anchor, () =>
      api.changeCounters({ gameId, holder, kind, op: delta < 0 ? 'REMOVE' : 'ADD', amount: Math.abs(delta) }),
    );
  const setObjectStatus = (objectId: string, name: string, value: string, anchor: Anchor): void =>
    act(anchor, () => api.setStatus({ gameId, objectIds: [objectId], name, value }));

  const toggle = (target: Target): void => {
    const { object, zone } = target;
    const next = object ? toggleOf(ruleset, zone.type, object) : null;
    if (object && next) setObjectStatus(object.id, next.name, next.value, { zoneId: zone.id });
  };
  const choose = (target: Target, item: MenuItem, faceDown: boolean): void => {
    setMenu(null);
    const anchor: Anchor = { zoneId: target.zone.id };
    const what: Grabbed = target.object
      ? { objectId: target.object.id }
      : { zoneId: target.zone.id, from: 'TOP' };
    switch (item.kind) {
      case 'move': {
        const to = game.zones.find((z) => z.id === item.zoneId);
        if (to) move(what, to, faceDown, anchor, true);
        return;
      }
      case 'turn':
        if (target.object) turnFace(target.object.id, item.faceUp, anchor, true);
        return;
      case 'status':
        if (target.object) {
          setObjectStatus(target.object.id, item.name, item.value, anchor);
          focusCard(target.object.id);
        }
        return;
      case 'details':
        if (target.object) openPanel(target.object.id, true);
        return;
    }
  };
  const openPanel = (objectId: string, byKey: boolean): void => {
    setPanelByKey(byKey);
    setSelectedId(objectId);
  };
  const enabledFor = (target: Target): boolean =>
    canMove && (target.object ? mayAct(target.object.id) : mayTakeTop(target.zone));
  const handlers: CardHandlers = {
    selectedId,
    menuOpenFor: (t) => menu?.zoneId === t.zone.id && menu.objectId === (t.object?.id ?? null),
    onSelect: (object) => {
      setPanelByKey(false);
      setSelectedId((id) => (id === object.id ? null : object.id));
    },
    onToggle: (object, zone) => toggle({ object, zone }),
    onMenu: (t) => {
      if (enabledFor(t)) setMenu({ zoneId: t.zone.id, objectId: t.object?.id ?? null });
    },
    onKey: (e, t) => {
      // Keys pressed on the card itself, not on a control inside it.
      if (e.target !== e.currentTarget) return;
      const command = commandOf(e);
      if (!command) return;
      e.preventDefault();
      const enabled = enabledFor(t);
      switch (command) {
        case 'menu':
          if (enabled) setMenu({ zoneId: t.zone.id, objectId: t.object?.id ?? null });
          return;
        case 'toggle':
          if (enabled) toggle(t);
          return;
        case 'turn':
          if (enabled && t.object?.card) turnFace(t.object.id, !t.object.faceUp, { zoneId: t.zone.id }, true);
          return;
        case 'details':
          if (t.object) openPanel(t.object.id, true);
          return;
        case 'next':
        case 'previous':
        case 'nextZone':
        case 'previousZone':
          moveFocus(e.currentTarget as HTMLElement, command);
          return;
      }
    },
  };
  const passClock = (): void => {
    if (me) act({ playerId: me.id }, () => api.passClock({ gameId }));
  };
  passKey.current = me && mayPassClock(game.clock, me.id, canMove) ? passClock : null;

  /**
   * Asks to take back the seat's last move: the log's recent events say where it began (the
   * server bounds a takeback to its last {@link TAKEBACK_WINDOW} events, and decides the rest).
   */
  const askTakeback = (reason: string): void =>
    act('takeback', async () => {
      if (!me) return;
      const afterSeq = Math.max(0, game.lastSeq - TAKEBACK_WINDOW);
      const toSeq = takebackToSeq(await api.events(gameId, afterSeq, TAKEBACK_WINDOW), me.id);
      if (toSeq === null)
        throw new Error(`You have no move among the last ${TAKEBACK_WINDOW} events to take back.`);
      await api.requestTakeback({ gameId, toSeq, reason });
    });
  const answerTakeback = (accept: boolean): void => {
    const open = game.takeback;
    if (open) act('takeback', () => api.answerTakeback({ gameId, toSeq: open.toSeq }, accept));
  };
  const rewind = (toSeq: number, mode: RewindMode, reason: string): void =>
    act('judge', async () => {
      await api.rewindGame({ gameId, toSeq, mode, reason });
      setNotice(`Rewound to the state after event ${toSeq} (${mode}).`);
    });
  const isJudge =
    (game.viewer.kind === 'ADMIN' || game.viewer.kind === 'REFEREE') && game.status === 'ACTIVE';

  // The selected card, if it is still where it was (a move gives it a new id: MTG 400.7).
  const selectedZone = game.zones.find((z) => z.objects.some((o) => o.id === selectedId));
  const selected = selectedZone?.objects.find((o) => o.id === selectedId);

  /** What a zone draws besides its cards: a refusal anchored there, the menu of one of its cards. */
  const extraFor = (zone: ZoneView) => {
    const open = menu?.zoneId === zone.id ? menu : null;
    const object = open?.objectId ? (objects.get(open.objectId) ?? null) : null;
    const target: Target | null = open && (open.objectId === null || object) ? { zone, object } : null;
    const close = () => {
      setMenu(null);
      if (object) focusCard(object.id);
    };
    return html`${
      target
        ? html`<${CardMenu}
            title=${object ? (object.card?.name ?? 'a card you may not see') : `top of ${zoneLabel(zone, game)}`}
            items=${menuItems(target, game, ruleset)}
            offerFaceDown=${object !== null}
            onChoose=${(item: MenuItem, faceDown: boolean) => choose(target, item, faceDown)}
            onClose=${close}
          />`
        : null
    }
    ${anchoredAt(refusal, zone.id) ? html`<${RefusalNote} refusal=${refusal} onDismiss=${() => setRefusal(null)} />` : null}`;
  };

  return html`<div class="table" data-viewer=${game.viewer.kind} data-version=${game.version}>
    <header class="bar">
      <strong>${ruleset.name}</strong>
      <span>game <span class="game-id">${game.id}</span></span>
      <span>${game.status.toLowerCase()}</span>
      <span>version <span class="version">${game.version}</span></span>
      <span>${me ? `you are ${me.name}, seat ${me.seat}` : game.viewer.kind.toLowerCase()}</span>
      <span class=${`status ${status}`} data-status=${status}>${status}</span>
      <${KeyboardHelp} />
    </header>
    <${ResultBanner} game=${game} />
    <${TurnBar}
      game=${game}
      ruleset=${ruleset}
      canAct=${canMove}
      actions=${{
        setPhase: (phase: string) => act('table', () => api.setPhase({ gameId, phase })),
        advanceTurn: () => act('table', () => api.advanceTurn({ gameId })),
        concede: () => act('table', () => api.concede({ gameId })),
      }}
    />
    <${TableClock} clock=${game.clock ?? null} elapsed=${clockElapsed} />
    ${anchoredAt(refusal, 'table') ? html`<${RefusalNote} refusal=${refusal} onDismiss=${() => setRefusal(null)} />` : null}
    <${TakebackBar}
      game=${game}
      canAct=${canMove}
      outcome=${outcome}
      actions=${{ ask: askTakeback, answer: answerTakeback }}
    />
    ${anchoredAt(refusal, 'takeback') ? html`<${RefusalNote} refusal=${refusal} onDismiss=${() => setRefusal(null)} />` : null}
    ${isJudge ? html`<${JudgePanel} game=${game} onRewind=${rewind} />` : null}
    ${anchoredAt(refusal, 'judge') ? html`<${RefusalNote} refusal=${refusal} onDismiss=${() => setRefusal(null)} />` : null}
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : null}
    ${
      selected && selectedZone
        ? html`<${CardPanel}
            key=${selected.id}
            object=${selected}
            zoneType=${selectedZone.type}
            ruleset=${ruleset}
            enabled=${canMove && mayAct(selected.id)}
            takeFocus=${panelByKey}
            onStatus=${(name: string, value: string) =>
              setObjectStatus(selected.id, name, value, { zoneId: selectedZone.id })}
            onCounter=${(kind: string, delta: number) =>
              changeCounter({ objectId: selected.id }, kind, delta, { zoneId: selectedZone.id })}
            onClose=${() => {
              setSelectedId(null);
              if (panelByKey) focusCard(selected.id);
            }}
          />`
        : null
    }
    ${layout(game).map(
      (group) =>
        html`<div class="seat" key=${group.title} data-seat=${group.seat ?? 'shared'}>
          <header class="seat-header">
            <h2 class=${group.player && group.player.id === game.turn?.activePlayer?.id ? 'active' : ''}>
              ${group.player ? html`<span class=${`seat-dot seat-${group.player.seat}`} aria-hidden="true"></span>` : null}
              ${group.title}
            </h2>
            ${
              group.player
                ? html`<${PlayerCounters}
                    player=${group.player}
                    ruleset=${ruleset}
                    isViewer=${group.player.id === me?.id}
                    enabled=${canMove}
                    onChange=${(kind: string, delta: number) =>
                      changeCounter({ playerId: group.player!.id }, kind, delta, {
                        playerId: group.player!.id,
                      })}
                  />`
                : null
            }
            ${
              group.player
                ? html`<${SeatClockControl}
                    clock=${game.clock ?? null}
                    player=${group.player}
                    isViewer=${group.player.id === me?.id}
                    canAct=${canMove}
                    elapsed=${clockElapsed}
                    onPass=${passClock}
                  />`
                : null
            }
          </header>
          ${
            group.player && anchoredAt(refusal, group.player.id)
              ? html`<${RefusalNote} refusal=${refusal} onDismiss=${() => setRefusal(null)} />`
              : null
          }
          <div class="zones">
            ${[...group.zones]
              .sort((a, b) => order(a) - order(b))
              .map(
                (zone) =>
                  html`<${Zone}
                    key=${zone.id}
                    zone=${zone}
                    name=${zoneName(zone, game)}
                    label=${zoneLabel(zone, game)}
                    info=${zoneTypes.get(zone.type)}
                    ruleset=${ruleset}
                    canMove=${canMove}
                    mayAct=${mayAct}
                    mayTakeTop=${mayTakeTop(zone)}
                    handlers=${handlers}
                    extra=${extraFor(zone)}
                    onDrop=${(what: Grabbed, to: ZoneView, faceDown: boolean) =>
                      move(what, to, faceDown, { zoneId: to.id }, false)}
                    onCounter=${(z: ZoneView, kind: string, delta: number) =>
                      changeCounter({ zoneId: z.id }, kind, delta, { zoneId: z.id })}
                  />`,
              )}
          </div>
        </div>`,
    )}
  </div>`;
}

function describe(err: unknown): string {
  if (err instanceof ApiError) return err.code ? `${err.message} (${err.code})` : err.message;
  return err instanceof Error ? err.message : String(err);
}

function App() {
  const gameId = gameIdFromPath();
  // undefined: still redeeming; null: nothing was handed over (the form asks for a token).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  // Read before takeCredential clears the address bar: a link whose code no longer redeems.
  const [hadLink] = useState(() => new URLSearchParams(location.hash.slice(1)).has('handoff'));
  useEffect(() => {
    if (!gameId) return;
    let live = true;
    void takeCredential(reloadKey(gameId)).then((t) => live && setToken(t));
    return () => {
      live = false;
    };
  }, [gameId]);
  // The credential is in memory only; a reload finds it through a renewed reload code.
  useEffect(() => (gameId && token ? keepForReload(reloadKey(gameId), token) : undefined), [gameId, token]);
  if (!gameId) return html`<p class="error">No game id: open /table/&lt;gameId&gt;.</p>`;
  if (token === undefined) return html`<p>Loading…</p>`;
  if (!token) return html`<${TokenForm} onToken=${setToken} deadLink=${hadLink} />`;
  return html`<${Table} gameId=${gameId} token=${token} />`;
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
