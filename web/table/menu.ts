/**
 * A card's menu: every action a drag has (a move to any zone, the top of a pile included), plus
 * those a drag cannot say: face down (a Corp install from HQ, a morph or manifest, MTG 702.37,
 * 701.40), turning a card face up or down where it is (`turnFace`: a face-down arsenal card turned
 * up, a morph turned face up), the zone's two-valued status (tap/untap) and the details panel.
 * Opened by a right click, the card's ⋯ button, or from the keyboard (Enter, Space, M, the context
 * menu key or Shift+F10; ./keyboard.ts). It follows the WAI-ARIA menu pattern: arrow keys move
 * between items, Home and End jump, Enter or Space chooses, Escape closes.
 *
 * Only the destinations a seat may use are offered: its own zones, shared zones and other players'
 * public zones (a seat puts nothing into another player's hand or library; the server refuses it
 * anyway). The rules decide the rest, and their refusal is shown where the menu was (./refusal.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import type { GameView, RulesetInfo, ZoneView } from './api.js';
import type { Target } from './card.js';
import { toggleOf } from './controls.js';
import { numberedZoneName } from '../../src/rules/zone-number.js';

export type MenuItem =
  | { readonly kind: 'move'; readonly label: string; readonly zoneId: string }
  | { readonly kind: 'turn'; readonly label: string; readonly faceUp: boolean }
  | { readonly kind: 'status'; readonly label: string; readonly name: string; readonly value: string }
  | { readonly kind: 'details'; readonly label: string };

/**
 * A zone's own name, numbered as the service's refusal messages number it (`numberedZoneName`:
 * "Weapon 1" and "Weapon 2" for a hero's two weapon zones, "Hand" for the one hand).
 */
export function zoneName(zone: ZoneView, game: GameView): string {
  const ofItsType = game.zones.filter((z) => z.type === zone.type && z.owner?.id === zone.owner?.id).length;
  return numberedZoneName(zone.name, zone.index, ofItsType);
}

/** A zone as a seat names it: its own ("your Hand"), another's ("Bob's Hand"), or shared. */
export function zoneLabel(zone: ZoneView, game: GameView): string {
  const name = zoneName(zone, game);
  if (!zone.owner) return name;
  if (zone.owner.id === game.viewer.player?.id) return `your ${name}`;
  const owner = game.players.find((p) => p.id === zone.owner?.id);
  return `${owner?.name ?? 'another player'}'s ${name}`;
}

/** Where a seat may put a card: every other zone but another player's hidden or secret ones. */
export function destinations(game: GameView, ruleset: RulesetInfo, from: ZoneView): ZoneView[] {
  const me = game.viewer.player?.id;
  const visibility = new Map(ruleset.zoneTypes.map((t) => [t.type, t.visibility]));
  const rank = (z: ZoneView) =>
    (z.owner === null ? 1 : z.owner.id === me ? 0 : 2) * 1_000_000 +
    ruleset.zoneTypes.findIndex((t) => t.type === z.type) * 1000 +
    z.index;
  return game.zones
    .filter((z) => z.id !== from.id)
    .filter((z) => z.owner === null || z.owner.id === me || visibility.get(z.type) === 'PUBLIC')
    .sort((a, b) => rank(a) - rank(b));
}

/** The menu's items for a card (or a pile's top): moves, then turning, the status, the details. */
export function menuItems(target: Target, game: GameView, ruleset: RulesetInfo): MenuItem[] {
  const { zone, object } = target;
  const what = object ? 'Move to' : 'Move top card to';
  const items: MenuItem[] = destinations(game, ruleset, zone).map((z) => ({
    kind: 'move',
    label: `${what} ${zoneLabel(z, game)}`,
    zoneId: z.id,
  }));
  if (!object) return items;
  const info = ruleset.zoneTypes.find((t) => t.type === zone.type);
  // A card the seat sees may be turned where its zone allows both faces (a battlefield, an arsenal).
  if (object.card && info?.allowsFaceUp) {
    items.push(
      object.faceUp
        ? { kind: 'turn', label: 'Turn face down', faceUp: false }
        : { kind: 'turn', label: 'Turn face up', faceUp: true },
    );
  }
  const toggle = toggleOf(ruleset, zone.type, object);
  if (toggle) items.push({ kind: 'status', label: `Set ${toggle.name}: ${toggle.value}`, ...toggle });
  items.push({ kind: 'details', label: 'Details, statuses and counters' });
  return items;
}

/** The opened menu, drawn by the card's zone; `faceDown` applies to the moves chosen from it. */
export function CardMenu(props: {
  title: string;
  items: readonly MenuItem[];
  /** Offer "face down" for moves (not for a pile's top, whose face the viewer does not know). */
  offerFaceDown: boolean;
  onChoose(item: MenuItem, faceDown: boolean): void;
  onClose(): void;
}) {
  const [faceDown, setFaceDown] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const entries = (): HTMLElement[] =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  // The menu takes the focus when it opens, on its first item.
  useEffect(() => entries()[0]?.focus(), []);
  const onKeyDown = (e: KeyboardEvent): void => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(all.length - 1);
        break;
      case 'Escape':
        props.onClose();
        break;
      case 'Tab':
        props.onClose();
        return;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  return html`<div
    class="card-menu"
    role="menu"
    aria-label=${`actions for ${props.title}`}
    ref=${list}
    onKeyDown=${onKeyDown}
  >
    <div class="card-menu-title">${props.title}</div>
    ${
      props.offerFaceDown
        ? html`<button
            type="button"
            role="menuitemcheckbox"
            class="face-down-toggle"
            aria-checked=${faceDown}
            onClick=${() => setFaceDown((f) => !f)}
          >
            ${faceDown ? '☑' : '☐'} face down (moves below)
          </button>`
        : null
    }
    ${props.items.map(
      (item) =>
        html`<button
          type="button"
          role="menuitem"
          key=${item.label}
          data-kind=${item.kind}
          data-destination=${item.kind === 'move' ? item.zoneId : undefined}
          onClick=${() => props.onChoose(item, faceDown)}
        >
          ${item.label}${item.kind === 'move' && faceDown ? ' (face down)' : ''}
        </button>`,
    )}
    <button type="button" role="menuitem" class="card-menu-close" onClick=${props.onClose}>Close</button>
  </div>`;
}
