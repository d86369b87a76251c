/**
 * Refusals, said in words where the player looked. The service refuses in two ways, and a frontend
 * must show both:
 * - an error (`ZonekeeperRequestError`): `code` (FORBIDDEN, INVALID_MOVE, …), `reason` where the
 *   schema gives one (NOT_YOUR_TURN, NOT_ADMITTED, …), `rule` where one applies, and a message;
 * - a move the rules keep from happening, which is not an error: the mutation succeeds and records a
 *   `NO_MOVE` event citing the rule (MTG 400.4a: an instant dragged onto the battlefield stays in
 *   hand). Its words come from the destination's `admits` list in the ruleset, which pairs each
 *   admission rule with a description.
 *
 * A refusal is anchored to where the player looked (the zone a card was dropped on, the zone of the
 * card whose menu or key was used, the turn bar), and the page draws it there.
 */
import { html } from 'htm/preact';
import { ApiError, type MoveResult, type ZoneTypeInfo } from './api.js';

/**
 * Where a refusal is drawn: in a zone (the one a card was dropped on, or the one whose card's menu or
 * key was used), by a player's counters, by the turn bar ('table'), under the takeback strip
 * ('takeback') or under the judge's panel ('judge').
 */
export type Anchor =
  { readonly zoneId: string } | { readonly playerId: string } | 'table' | 'takeback' | 'judge';

export interface Refusal {
  readonly anchor: Anchor;
  /** The refusal in words, e.g. "Battlefield: no instant or sorcery card (it remains in its previous zone)". */
  readonly text: string;
  /** The rule it cites (MTG 400.4a), when it cites one. */
  readonly rule: string | null;
  /** The error code and reason (FORBIDDEN · NOT_YOUR_TURN), when the service refused with an error. */
  readonly code: string | null;
}

/** Is the refusal to be drawn here: in this zone or by this player (an id), or by a named strip ('table'…)? */
export function anchoredAt(refusal: Refusal | null, where: string): refusal is Refusal {
  if (!refusal) return false;
  const { anchor } = refusal;
  return (
    (typeof anchor === 'string' ? anchor : 'zoneId' in anchor ? anchor.zoneId : anchor.playerId) === where
  );
}

/**
 * The refusal a move's result carries, if it moved nothing: a `NO_MOVE` event, in the words of the
 * destination's admission rule (`ZoneType.admits`) when the event cites one, else the bare rule.
 */
export function refusalOfResult(
  result: MoveResult,
  anchor: Anchor,
  destination: { name: string; info: ZoneTypeInfo | undefined } | null,
): Refusal | null {
  const moved = result.events.some((e) => e.kind !== 'NO_MOVE');
  const stayed = result.events.find((e) => e.kind === 'NO_MOVE');
  if (moved || !stayed) return null;
  const rule = stayed.rules[0] ?? null;
  const admits = destination?.info?.admits.filter((a) => stayed.rules.includes(a.rule)) ?? [];
  const text =
    destination && admits.length > 0
      ? `${destination.name} admits ${admits.map((a) => a.description).join('; ')}.`
      : 'Nothing moved: the rules keep the card where it was.';
  return { anchor, text, rule: admits[0]?.rule ?? rule, code: 'NO_MOVE' };
}

/**
 * A thrown refusal (or a failure to reach the service) as words, its rule and its code. The
 * service's message already names cards, zones and players as the caller sees them
 * (`src/rules/labels.ts`), so it is shown as it is.
 */
export function refusalOfError(err: unknown, anchor: Anchor): Refusal {
  if (err instanceof ApiError) {
    const code = [err.code, err.reason].filter((x) => x !== undefined).join(' · ') || null;
    return { anchor, text: err.message, rule: err.rule ?? null, code };
  }
  return { anchor, text: err instanceof Error ? err.message : String(err), rule: null, code: null };
}

/**
 * A refusal drawn where it is anchored: its words, the rule it cites and its code. `role="alert"`
 * makes a screen reader say it at once; the close button dismisses it (so does the next action).
 */
export function RefusalNote(props: { refusal: Refusal; onDismiss(): void }) {
  const { refusal } = props;
  return html`<div
    class="refusal"
    role="alert"
    data-code=${refusal.code ?? ''}
    data-rule=${refusal.rule ?? ''}
  >
    <span class="refusal-text">${refusal.text}</span>
    ${refusal.rule ? html` <span class="refusal-rule">${refusal.rule}</span>` : null}
    ${refusal.code ? html` <span class="refusal-code">${refusal.code}</span>` : null}
    <button type="button" class="refusal-close" aria-label="dismiss" onClick=${props.onDismiss}>×</button>
  </div>`;
}
