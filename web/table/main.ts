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
import { render, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
// htm: JSX-like templates in plain template literals, so the page needs no JSX compile step.
import { html } from 'htm/preact';
import {
  ApiError,
  createTableApi,
  type GameView,
  type ObjectView,
  type PlayerView,
  type RulesetInfo,
  type StreamStatus,
  type TableApi,
  type ZoneTypeInfo,
  type ZoneView,
} from './api.js';
import {
  Badges,
  CardPanel,
  CounterControl,
  countersToDraw,
  PlayerCounters,
  ResultBanner,
  rotationOf,
  toggleOf,
  TurnBar,
} from './controls.js';
import { keepForReload, takeCredential, type ReloadKey } from '../handoff.js';
import './table.css';

/** The MIME type a drag carries (a {@link Grabbed} as JSON); only drops of it are accepted. */
const DRAG_TYPE = 'application/x-zonekeeper-object';

/**
 * What a drag picks up: one object the viewer sees, by id, or the top of a pile whose objects it
 * may not see. A hidden object cannot be named by id (the server answers FORBIDDEN: naming it would
 * let a seat track it), so a pile is moved by position, as a seat draws from its library.
 */
type Grabbed = { objectId: string } | { zoneId: string; from: 'TOP' };

function grab(e: DragEvent, what: Grabbed): void {
  e.dataTransfer?.setData(DRAG_TYPE, JSON.stringify(what));
}

function grabbed(e: DragEvent): Grabbed | null {
  const raw = e.dataTransfer?.getData(DRAG_TYPE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<{ objectId: unknown; zoneId: unknown }>;
    if (typeof value.objectId === 'string') return { objectId: value.objectId };
    if (typeof value.zoneId === 'string') return { zoneId: value.zoneId, from: 'TOP' };
  } catch {
    // Not ours: ignored.
  }
  return null;
}

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

function CardBack(props: { id: string; draggable: boolean; label?: string; grabs?: Grabbed }) {
  return html`<div
    class="card back"
    data-object-id=${props.id}
    draggable=${props.draggable}
    onDragStart=${(e: DragEvent) => grab(e, props.grabs ?? { objectId: props.id })}
    title=${props.label ?? 'A card you may not see'}
  >
    ${props.label ?? ''}
  </div>`;
}

/** What a seat does to a card by pointing at it: select it (its actions panel), or tap/untap it. */
interface CardHandlers {
  selectedId: string | null;
  onSelect(object: ObjectView, zone: ZoneView): void;
  onToggle(object: ObjectView, zone: ZoneView): void;
}

function Card(props: {
  object: ObjectView;
  zone: ZoneView;
  draggable: boolean;
  zonePublic: boolean;
  handlers: CardHandlers;
}) {
  const { object, zone, handlers } = props;
  const { card } = object;
  // Face down matters in a public zone (others see a back); in a hand or a library it is the norm.
  const faceDown = !object.faceUp && props.zonePublic;
  const classes = [
    'card',
    card ? (faceDown ? 'face-down' : 'face-up') : 'back',
    object.kind.toLowerCase(),
    handlers.selectedId === object.id ? 'selected' : '',
  ].join(' ');
  // The face turns (a tapped card lies sideways); the badges stay upright, to be read.
  const rotation = rotationOf(object.statuses);
  // Double click toggles the zone's two-valued status (tap/untap); a click selects the card.
  return html`<div
    class=${classes}
    data-object-id=${object.id}
    data-card-name=${card?.name}
    data-rotation=${rotation || undefined}
    draggable=${props.draggable}
    onDragStart=${(e: DragEvent) => grab(e, { objectId: object.id })}
    onClick=${() => handlers.onSelect(object, zone)}
    onDblClick=${() => handlers.onToggle(object, zone)}
    title=${card ? card.text || card.name : 'A card you may not see'}
  >
    <div class="face">
      ${card ? html`<div class="name">${card.name}</div>` : null}
      ${card ? html`<div class="types">${[...card.types, ...card.subtypes].join(' · ')}</div>` : null}
      ${faceDown && card ? html`<div class="flag">face down: others see its back</div>` : null}
      ${object.layer !== null ? html`<div class="flag">layer ${object.layer}</div>` : null}
      ${
        object.attached.length > 0
          ? html`<ul class="attached">
              ${object.attached.map(
                (a) => html`<li key=${a.id}>${a.card ? a.card.name : 'a card you may not see'}</li>`,
              )}
            </ul>`
          : null
      }
    </div>
    <${Badges} statuses=${object.statuses} counters=${object.counters} />
  </div>`;
}

function Zone(props: {
  zone: ZoneView;
  info: ZoneTypeInfo | undefined;
  ruleset: RulesetInfo;
  canMove: boolean;
  handlers: CardHandlers;
  onDrop(what: Grabbed, zone: ZoneView): void;
  onCounter(zone: ZoneView, kind: string, delta: number): void;
}) {
  const { zone, info, canMove } = props;
  const zoneCounters = countersToDraw(
    props.ruleset.zoneCounters.filter((k) => !k.zoneTypes || k.zoneTypes.includes(zone.type)),
    zone.counters,
  );
  const [over, setOver] = useState(false);
  const hidden = zone.objects.filter((o) => !o.card).length;
  // A zone whose every object is hidden (a library, an opponent's hand) is drawn as one pile:
  // its count is open information, its cards are not.
  const pile = zone.count > 0 && hidden === zone.count;
  const accepts = (e: DragEvent) => canMove && (e.dataTransfer?.types.includes(DRAG_TYPE) ?? false);
  let body: ComponentChildren;
  if (zone.count === 0) body = html`<div class="empty">empty</div>`;
  else if (pile) {
    // Dragging the pile moves its top object, selected by position (e.g. a draw from the library).
    const top = zone.objects[0]!;
    body = html`<${CardBack}
      id=${top.id}
      draggable=${canMove}
      label=${`${zone.count}`}
      grabs=${{ zoneId: zone.id, from: 'TOP' }}
    />`;
  } else {
    const zonePublic = info?.visibility === 'PUBLIC';
    body = zone.objects.map(
      (o) =>
        html`<${Card}
          key=${o.id}
          object=${o}
          zone=${zone}
          draggable=${canMove}
          zonePublic=${zonePublic}
          handlers=${props.handlers}
        />`,
    );
  }
  return html`<section
    class=${`zone ${over ? 'drop-target' : ''}`}
    data-zone-id=${zone.id}
    data-zone-type=${zone.type}
    onDragOver=${(e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      setOver(true);
    }}
    onDragLeave=${() => setOver(false)}
    onDrop=${(e: DragEvent) => {
      setOver(false);
      const what = grabbed(e);
      if (!what || !accepts(e)) return;
      e.preventDefault();
      props.onDrop(what, zone);
    }}
  >
    <header>
      <span class="zone-name">${zone.name}${zone.index > 0 ? ` ${zone.index + 1}` : ''}</span>
      <span class="count" title="objects in this zone">${zone.count}</span>
      <span class=${`visibility ${info?.visibility.toLowerCase() ?? ''}`} title="zone visibility">
        ${info?.visibility.toLowerCase() ?? '?'}
      </span>
      ${hidden > 0 && !pile ? html`<span class="hidden-count">${hidden} hidden</span>` : null}
    </header>
    ${
      zoneCounters.length > 0
        ? html`<div class="zone-counters">
            ${zoneCounters.map(
              (c) =>
                html`<${CounterControl}
                  key=${c.kind}
                  kind=${c.kind}
                  amount=${c.amount}
                  enabled=${canMove}
                  onChange=${(kind: string, delta: number) => props.onCounter(zone, kind, delta)}
                />`,
            )}
          </div>`
        : null
    }
    <div class="objects">${body}</div>
  </section>`;
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

function Table(props: { gameId: string; token: string }) {
  const api: TableApi = useMemo(
    () => createTableApi({ endpoint: new URL('/graphql', location.origin).toString(), token: props.token }),
    [props.token],
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [selectedId, setSelectedId] = useState<string | null>(null);

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
        stop = api.followGame(props.gameId, game.lastSeq, {
          onEvent: () => refetch(),
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

  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!loaded) return html`<p>Loading…</p>`;
  const { game, ruleset } = loaded;
  const zoneTypes = new Map(ruleset.zoneTypes.map((t) => [t.type, t]));
  const order = (z: ZoneView) => ruleset.zoneTypes.findIndex((t) => t.type === z.type) * 1000 + z.index;
  const me = game.players.find((p) => p.id === game.viewer.player?.id);
  // A seat that conceded has left the game (MTG 800.4a): it still watches, it no longer acts.
  const canMove = game.viewer.kind === 'PLAYER' && game.status === 'ACTIVE' && !me?.conceded;
  const gameId = game.id;

  /** Sends one action; its result reaches this page as an event, a refusal is shown. */
  const act = (run: () => Promise<unknown>): void => {
    setNotice(null);
    run().catch((err: unknown) => setNotice(describe(err)));
  };
  const onDrop = (what: Grabbed, zone: ZoneView): void => {
    const from = 'objectId' in what ? { objectIds: [what.objectId] } : { select: what };
    act(() => api.moveObjects({ gameId, ...from, toZoneId: zone.id }));
  };
  const changeCounter = (
    holder: { objectId: string } | { playerId: string } | { zoneId: string },
    kind: string,
    delta: number,
  ): void =>
    act(() =>
      api.changeCounters({ gameId, holder, kind, op: delta < 0 ? 'REMOVE' : 'ADD', amount: Math.abs(delta) }),
    );
  const setObjectStatus = (objectId: string, name: string, value: string): void =>
    act(() => api.setStatus({ gameId, objectIds: [objectId], name, value }));
  const handlers: CardHandlers = {
    selectedId,
    onSelect: (object) => setSelectedId((id) => (id === object.id ? null : object.id)),
    onToggle: (object, zone) => {
      const toggle = canMove ? toggleOf(ruleset, zone.type, object) : null;
      if (toggle) setObjectStatus(object.id, toggle.name, toggle.value);
    },
  };
  // The selected card, if it is still where it was (a move gives it a new id: MTG 400.7).
  const selectedZone = game.zones.find((z) => z.objects.some((o) => o.id === selectedId));
  const selected = selectedZone?.objects.find((o) => o.id === selectedId);

  return html`<div class="table" data-viewer=${game.viewer.kind} data-version=${game.version}>
    <header class="bar">
      <strong>${ruleset.name}</strong>
      <span>game ${game.id}</span>
      <span>${game.status.toLowerCase()}</span>
      <span>version <span class="version">${game.version}</span></span>
      <span>${me ? `you are ${me.name}, seat ${me.seat}` : game.viewer.kind.toLowerCase()}</span>
      <span class=${`status ${status}`} data-status=${status}>${status}</span>
    </header>
    <${ResultBanner} game=${game} />
    <${TurnBar}
      game=${game}
      ruleset=${ruleset}
      canAct=${canMove}
      actions=${{
        setPhase: (phase: string) => act(() => api.setPhase({ gameId, phase })),
        advanceTurn: () => act(() => api.advanceTurn({ gameId })),
        concede: () => act(() => api.concede({ gameId })),
      }}
    />
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : null}
    ${
      selected && selectedZone
        ? html`<${CardPanel}
            key=${selected.id}
            object=${selected}
            zoneType=${selectedZone.type}
            ruleset=${ruleset}
            enabled=${canMove}
            onStatus=${(name: string, value: string) => setObjectStatus(selected.id, name, value)}
            onCounter=${(kind: string, delta: number) => changeCounter({ objectId: selected.id }, kind, delta)}
            onClose=${() => setSelectedId(null)}
          />`
        : null
    }
    ${layout(game).map(
      (group) =>
        html`<div class="seat" key=${group.title} data-seat=${group.seat ?? 'shared'}>
          <header class="seat-header">
            <h2 class=${group.player && group.player.id === game.turn?.activePlayer?.id ? 'active' : ''}>
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
                      changeCounter({ playerId: group.player!.id }, kind, delta)}
                  />`
                : null
            }
          </header>
          <div class="zones">
            ${[...group.zones]
              .sort((a, b) => order(a) - order(b))
              .map(
                (zone) =>
                  html`<${Zone}
                    key=${zone.id}
                    zone=${zone}
                    info=${zoneTypes.get(zone.type)}
                    ruleset=${ruleset}
                    canMove=${canMove}
                    handlers=${handlers}
                    onDrop=${onDrop}
                    onCounter=${(z: ZoneView, kind: string, delta: number) =>
                      changeCounter({ zoneId: z.id }, kind, delta)}
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
