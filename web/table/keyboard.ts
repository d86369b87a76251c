/**
 * The table's keyboard path: every card (and every pile's top) is focusable, and a focused card
 * answers the keys below. A move, which the pointer makes with a drag, is made from the card's menu
 * (Enter), so every drag has a keyboard equivalent. A few keys act on the page as a whole, wherever
 * the focus is but in a text field ({@link PAGE_KEYS}: passing one's clock). The lists are drawn on
 * the page (the "Keyboard" box) and in docs/frontend.md, from the same {@link KEYS} and
 * {@link PAGE_KEYS}.
 */
import { html } from 'htm/preact';

/** What a key asks of the focused card. */
export type KeyCommand =
  'menu' | 'toggle' | 'turn' | 'details' | 'next' | 'previous' | 'nextZone' | 'previousZone';

/** The keys, in the order the page lists them. */
export const KEYS: readonly { readonly keys: string; readonly command: KeyCommand; readonly does: string }[] =
  [
    {
      keys: 'Enter, Space, M, Shift+F10',
      command: 'menu',
      does: 'open the card’s menu: move it (face up or down), turn it, tap it',
    },
    { keys: 'T', command: 'toggle', does: 'tap or untap (the zone’s two-valued status)' },
    { keys: 'F', command: 'turn', does: 'turn face up or face down' },
    { keys: 'D', command: 'details', does: 'details: statuses and counters' },
    { keys: '← →', command: 'previous', does: 'previous or next card in the zone' },
    { keys: '↑ ↓', command: 'previousZone', does: 'first card of the previous or next zone' },
  ];

/** What a page-wide key asks for. */
export type PageCommand = 'passClock';

/** The page-wide keys, in the order the page lists them. */
export const PAGE_KEYS: readonly {
  readonly keys: string;
  readonly command: PageCommand;
  readonly does: string;
}[] = [
  {
    keys: 'P',
    command: 'passClock',
    does: 'pass your clock, while it runs (as a chess clock’s button: Pass clock)',
  },
];

/**
 * The page-wide command a key press asks for, or null. Never while the focus is in a field that
 * takes text (a counter kind, a reason: a P typed there is a letter) or a menu (its own keys), nor
 * for a held key's repeats (one press, one pass).
 */
export function pageCommandOf(e: KeyboardEvent): PageCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  const target = e.target instanceof Element ? e.target : null;
  if (
    target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"]')
  )
    return null;
  return e.key.toLowerCase() === 'p' ? 'passClock' : null;
}

/** The command a key press asks for, or null (the key is left to the browser). */
export function commandOf(e: KeyboardEvent): KeyCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'Enter':
    case ' ':
    case 'ContextMenu':
      return 'menu';
    case 'F10':
      return e.shiftKey ? 'menu' : null;
    case 'ArrowRight':
      return 'next';
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowDown':
      return 'nextZone';
    case 'ArrowUp':
      return 'previousZone';
    default:
      break;
  }
  switch (e.key.toLowerCase()) {
    case 'm':
      return 'menu';
    case 't':
      return 'toggle';
    case 'f':
      return 'turn';
    case 'd':
      return 'details';
    default:
      return null;
  }
}

/** The focusable cards of the table, zone by zone, in the page's order. */
function cardsByZone(root: ParentNode): HTMLElement[][] {
  return Array.from(root.querySelectorAll<HTMLElement>('section.zone'))
    .map((zone) => Array.from(zone.querySelectorAll<HTMLElement>('.objects > .card[tabindex]')))
    .filter((cards) => cards.length > 0);
}

/** Moves the focus from `from` by one card or one zone; false when there is nowhere to go. */
export function moveFocus(
  from: HTMLElement,
  command: 'next' | 'previous' | 'nextZone' | 'previousZone',
): boolean {
  const zones = cardsByZone(document);
  const z = zones.findIndex((cards) => cards.includes(from));
  if (z < 0) return false;
  const i = zones[z]!.indexOf(from);
  const target =
    command === 'next'
      ? zones[z]![i + 1]
      : command === 'previous'
        ? zones[z]![i - 1]
        : command === 'nextZone'
          ? zones[z + 1]?.[0]
          : zones[z - 1]?.[0];
  target?.focus();
  return target !== undefined;
}

/** The focus goes back to a card (after its menu closes), found by its object id. */
export function focusCard(objectId: string): void {
  document.querySelector<HTMLElement>(`.card[data-object-id="${CSS.escape(objectId)}"]`)?.focus();
}

/** The page's list of keys, folded away until asked for. */
export function KeyboardHelp() {
  return html`<details class="keyboard-help">
    <summary>Keyboard</summary>
    <p>Tab reaches each card; on a focused card:</p>
    <dl>
      ${KEYS.map(
        (k) =>
          html`<dt key=${k.command}>${k.keys}</dt>
            <dd>${k.does}</dd>`,
      )}
    </dl>
    <p>In a menu: ↑ ↓ move, Enter chooses, Escape closes. A drag with Shift held puts the card face down.</p>
    <p>Anywhere on the page but in a text field:</p>
    <dl>
      ${PAGE_KEYS.map(
        (k) =>
          html`<dt key=${k.command}>${k.keys}</dt>
            <dd>${k.does}</dd>`,
      )}
    </dl>
  </details>`;
}
