/**
 * How a card is drawn: its name (whole, or cut with an ellipsis where the card is too narrow, the
 * whole name in its tooltip), its types, its statuses and counters (every amount visible), whose it
 * is in a shared zone (owner, and controller when another player controls it: MTG 108.3, 110.2),
 * and a back when the viewer may not see it. A card is focusable and keyboard-operable
 * (./keyboard.ts); its menu (./menu.ts) has every action a drag has.
 */
import { html } from 'htm/preact';
import type { ObjectView, PlayerView, ZoneView } from './api.js';
import { Badges, rotationOf } from './controls.js';

/** The MIME type a drag carries (a {@link Grabbed} as JSON); only drops of it are accepted. */
export const DRAG_TYPE = 'application/x-zonekeeper-object';

/**
 * What a drag, a menu or a key picks up: one object the viewer sees, by id, or the top of a pile
 * whose objects it may not see. A hidden object cannot be named by id (the server answers FORBIDDEN:
 * naming it would let a seat track it), so a pile is moved by position, as a seat draws from its
 * library.
 */
export type Grabbed = { objectId: string } | { zoneId: string; from: 'TOP' };

export function grab(e: DragEvent, what: Grabbed): void {
  e.dataTransfer?.setData(DRAG_TYPE, JSON.stringify(what));
}

export function grabbed(e: DragEvent): Grabbed | null {
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

/** A card the seat acts on, and the zone it is in; `object` null: the top of the zone's pile. */
export interface Target {
  readonly zone: ZoneView;
  readonly object: ObjectView | null;
}

/** What a seat does to a card by pointing at it or with its keys. */
export interface CardHandlers {
  selectedId: string | null;
  /** Is the card's menu open (its button is then `aria-expanded`)? */
  menuOpenFor(target: Target): boolean;
  onSelect(object: ObjectView, zone: ZoneView): void;
  onToggle(object: ObjectView, zone: ZoneView): void;
  onMenu(target: Target): void;
  onKey(e: KeyboardEvent, target: Target): void;
}

/** Seat marks: a colour per seat (CSS `seat-N`), and the player's name. */
function OwnerMark(props: { owner: PlayerView | undefined; controller: PlayerView | undefined }) {
  const { owner, controller } = props;
  if (!owner) return null;
  const other = controller && controller.id !== owner.id ? controller : null;
  const label = other ? `owner ${owner.name}, controller ${other.name}` : `owner ${owner.name}`;
  return html`<div
    class=${`owner-mark seat-${owner.seat}`}
    data-owner-id=${owner.id}
    data-controller-id=${(controller ?? owner).id}
    title=${label}
    aria-label=${label}
  >
    <span class="owner-name">${owner.name}</span>
    ${other ? html`<span class=${`controller-name seat-${other.seat}`}>▸ ${other.name}</span>` : null}
  </div>`;
}

/** The menu button on a card: the pointer's way to the card's menu (the keyboard's: Enter or M). */
function MenuButton(props: { target: Target; handlers: CardHandlers; label: string }) {
  return html`<button
    type="button"
    class="card-menu-button"
    tabindex="-1"
    aria-haspopup="menu"
    aria-expanded=${props.handlers.menuOpenFor(props.target)}
    aria-label=${`actions for ${props.label}`}
    onClick=${(e: Event) => {
      e.stopPropagation();
      props.handlers.onMenu(props.target);
    }}
  >
    ⋯
  </button>`;
}

/** The top of a pile the viewer may not see (a library, an opponent's hand): its count, as a back. */
export function PileTop(props: { zone: ZoneView; enabled: boolean; handlers: CardHandlers; label: string }) {
  const { zone, handlers } = props;
  const top = zone.objects[0]!;
  const target: Target = { zone, object: null };
  return html`<div
    class="card back pile"
    data-object-id=${top.id}
    tabindex="0"
    role="button"
    aria-label=${`${props.label}: ${zone.count} cards, face down`}
    aria-disabled=${!props.enabled}
    draggable=${props.enabled}
    onDragStart=${(e: DragEvent) => grab(e, { zoneId: zone.id, from: 'TOP' })}
    onContextMenu=${(e: MouseEvent) => {
      e.preventDefault();
      handlers.onMenu(target);
    }}
    onKeyDown=${(e: KeyboardEvent) => handlers.onKey(e, target)}
    title=${`${zone.count} cards you may not see`}
  >
    <span class="pile-count">${zone.count}</span>
    ${props.enabled ? html`<${MenuButton} target=${target} handlers=${handlers} label=${props.label} />` : null}
  </div>`;
}

export function Card(props: {
  object: ObjectView;
  zone: ZoneView;
  /** May the seat move, turn or tap this card (its own, or one it sees where the ruleset lets it)? */
  enabled: boolean;
  /** The zone holds cards face up or face down (a battlefield, an arsenal; not a hand or a library). */
  twoFaced: boolean;
  /** A shared zone: the card carries its owner's (and controller's) mark. */
  marked: boolean;
  handlers: CardHandlers;
}) {
  const { object, zone, handlers } = props;
  const { card } = object;
  // Face down matters where a card may lie either way (others see a back); in a hand or a library
  // it is the norm.
  const faceDown = !object.faceUp && props.twoFaced;
  const classes = [
    'card',
    card ? (faceDown ? 'face-down' : 'face-up') : 'back',
    object.kind.toLowerCase(),
    handlers.selectedId === object.id ? 'selected' : '',
  ].join(' ');
  // The face turns (a tapped card lies sideways); the badges stay upright, to be read.
  const rotation = rotationOf(object.statuses);
  const label = card ? card.name : 'a card you may not see';
  const target: Target = { zone, object };
  // A click selects the card (its details panel); a double click toggles its zone's two-valued
  // status (tap/untap); a right click or the ⋯ button opens its menu.
  return html`<div
    class=${classes}
    data-object-id=${object.id}
    data-card-name=${card?.name}
    data-rotation=${rotation || undefined}
    data-face=${object.faceUp ? 'up' : 'down'}
    tabindex="0"
    role="button"
    aria-label=${`${label}${faceDown ? ', face down' : ''}`}
    aria-disabled=${!props.enabled}
    draggable=${props.enabled}
    onDragStart=${(e: DragEvent) => grab(e, { objectId: object.id })}
    onClick=${() => handlers.onSelect(object, zone)}
    onDblClick=${() => props.enabled && handlers.onToggle(object, zone)}
    onContextMenu=${(e: MouseEvent) => {
      e.preventDefault();
      handlers.onMenu(target);
    }}
    onKeyDown=${(e: KeyboardEvent) => handlers.onKey(e, target)}
    title=${label}
  >
    <div class="face">
      ${card ? html`<div class="name">${card.name}</div>` : null}
      ${card ? html`<div class="types">${[...card.types, ...card.subtypes].join(' · ')}</div>` : null}
      ${faceDown && card ? html`<div class="flag">face down</div>` : null}
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
    ${props.marked ? html`<${OwnerMark} owner=${object.owner} controller=${object.controller} />` : null}
    <${Badges} statuses=${object.statuses} counters=${object.counters} />
    ${props.enabled ? html`<${MenuButton} target=${target} handlers=${handlers} label=${label} />` : null}
  </div>`;
}
