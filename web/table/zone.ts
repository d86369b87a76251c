/**
 * A zone: its name, count and visibility, its counters, its cards, and what happened in it: a
 * refusal of a move aimed at it or at one of its cards is drawn here, where the player looked, and
 * the menu of one of its cards opens here. A pointer drops cards on it; Shift while dropping puts
 * the card face down.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { html } from 'htm/preact';
import type { RulesetInfo, ZoneTypeInfo, ZoneView } from './api.js';
import { Card, DRAG_TYPE, grabbed, PileTop, type CardHandlers, type Grabbed } from './card.js';
import { CounterControl, countersToDraw } from './controls.js';

export interface ZoneProps {
  zone: ZoneView;
  /** The zone's own name, numbered as the service numbers it ("Weapon 1"; `zoneName`). */
  name: string;
  /** The zone as the viewer names it ("your Hand", "Bob's Graveyard", "Battlefield"). */
  label: string;
  info: ZoneTypeInfo | undefined;
  ruleset: RulesetInfo;
  /** The viewer is a seat that may act now (an active game it has not conceded). */
  canMove: boolean;
  /** May the seat act on this object (its own, or one it sees)? */
  mayAct(objectId: string): boolean;
  /** May the seat take the top of this zone's pile (its own or a shared zone)? */
  mayTakeTop: boolean;
  handlers: CardHandlers;
  /** What to draw in the zone besides its cards: a refusal anchored here, an open menu. */
  extra: ComponentChildren;
  onDrop(what: Grabbed, zone: ZoneView, faceDown: boolean): void;
  onCounter(zone: ZoneView, kind: string, delta: number): void;
}

function ZoneBody(props: ZoneProps) {
  const { zone, info } = props;
  if (zone.count === 0) return html`<div class="empty">empty</div>`;
  const zonePublic = info?.visibility === 'PUBLIC';
  const hidden = zone.objects.filter((o) => !o.card).length;
  // A non-public zone whose every object is hidden (a library, an opponent's hand) is drawn as one
  // pile: its count is open information, its cards are not. In a public zone a hidden card (a
  // face-down install) is drawn where it is, as a back with its owner's mark.
  if (!zonePublic && hidden === zone.count) {
    return html`<${PileTop}
      zone=${zone}
      enabled=${props.canMove && props.mayTakeTop}
      handlers=${props.handlers}
      label=${props.label}
    />`;
  }
  return zone.objects.map(
    (o) =>
      html`<${Card}
        key=${o.id}
        object=${o}
        zone=${zone}
        enabled=${props.canMove && props.mayAct(o.id)}
        twoFaced=${info?.allowsFaceUp ?? zonePublic}
        marked=${zone.owner === null}
        handlers=${props.handlers}
      />`,
  );
}

export function Zone(props: ZoneProps) {
  const { zone, info, canMove } = props;
  const zoneCounters = countersToDraw(
    props.ruleset.zoneCounters.filter((k) => !k.zoneTypes || k.zoneTypes.includes(zone.type)),
    zone.counters,
  );
  const [over, setOver] = useState(false);
  const hidden = zone.objects.filter((o) => !o.card).length;
  const piled = info?.visibility !== 'PUBLIC' && hidden === zone.count;
  const accepts = (e: DragEvent) => canMove && (e.dataTransfer?.types.includes(DRAG_TYPE) ?? false);
  return html`<section
    class=${`zone ${over ? 'drop-target' : ''} ${zone.owner === null ? 'shared' : ''}`}
    data-zone-id=${zone.id}
    data-zone-type=${zone.type}
    aria-label=${props.label}
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
      props.onDrop(what, zone, e.shiftKey);
    }}
  >
    <header>
      <span class="zone-name">${props.name}</span>
      <span class="count" title="objects in this zone">${zone.count}</span>
      <span class=${`visibility ${info?.visibility.toLowerCase() ?? ''}`} title="zone visibility">
        ${info?.visibility.toLowerCase() ?? '?'}
      </span>
      ${hidden > 0 && !piled ? html`<span class="hidden-count">${hidden} hidden</span>` : null}
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
    <div class="objects"><${ZoneBody} ...${props} /></div>
    ${props.extra}
  </section>`;
}
