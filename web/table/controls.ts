/**
 * The rest of the table beyond zones and cards: statuses and counters on cards, counters on players
 * and zones, the turn and its phase, concessions and the result. What each ruleset has (status
 * names and values, counter kinds, phases) comes from its `rulesets` entry, so any game is drawn
 * the same way; names are ruleset data and are only ever drawn as text.
 *
 * The components here only draw and report what the seat asked for; `main.ts` sends it to the
 * server (which decides) and shows a refusal.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import type { CounterView, GameView, ObjectView, PlayerView, RulesetInfo } from './api.js';

export type StatusInfo = RulesetInfo['statuses'][number];

/**
 * How far a status value turns a card, in degrees, by the games' own conventions: to tap a
 * permanent is to turn it sideways (MTG 701.26a); a flipped flip card is turned upside down (MTG
 * 710); a Yu-Gi-Oh! monster in Defense Position is placed horizontally; an Asleep Pokémon is turned
 * counterclockwise, a Paralyzed one clockwise, a Confused one upside down (Pokémon TCG rules,
 * Special Conditions). Other values are drawn as badges only.
 */
const TURNS: Readonly<Record<string, number>> = {
  tapped: 90,
  flipped: 180,
  defense: 90,
  asleep: -90,
  paralyzed: 90,
  confused: 180,
};

/** The rotation of a card with these (non-default) statuses: the first value that turns it. */
export function rotationOf(statuses: ObjectView['statuses']): number {
  for (const s of statuses) {
    const turn = TURNS[s.value.toLowerCase()];
    if (turn !== undefined) return turn;
  }
  return 0;
}

/** The statuses that exist in a zone type (MTG 110.5: tapped exists on the battlefield). */
export function statusesIn(ruleset: RulesetInfo, zoneType: string): StatusInfo[] {
  return ruleset.statuses.filter((s) => s.zoneTypes.includes(zoneType));
}

/**
 * The status a double click toggles: the first two-valued one of the zone type (tapped/untapped),
 * and the value it goes to.
 */
export function toggleOf(
  ruleset: RulesetInfo,
  zoneType: string,
  object: ObjectView,
): { name: string; value: string } | null {
  const status = statusesIn(ruleset, zoneType).find((s) => s.values.length === 2);
  if (!status) return null;
  const current = object.statuses.find((s) => s.name === status.name)?.value ?? status.default;
  const other = status.values.find((v) => v !== current) ?? status.default;
  return { name: status.name, value: other };
}

/** A card's statuses and counters, drawn as badges on it: every counter's amount always shows. */
export function Badges(props: { statuses: ObjectView['statuses']; counters: readonly CounterView[] }) {
  if (props.statuses.length === 0 && props.counters.length === 0) return null;
  return html`<div class="badges">
    ${props.statuses.map(
      (s) =>
        html`<span class="badge status" data-status-name=${s.name} data-status-value=${s.value}
          >${s.value}</span
        >`,
    )}
    ${props.counters.map(
      // The kind may be cut with an ellipsis on a narrow card; the amount never is.
      (c) =>
        html`<span
          class="badge counter"
          data-counter-kind=${c.kind}
          data-amount=${c.amount}
          title=${`${c.kind}: ${c.amount}`}
          ><span class="badge-kind">${c.kind}</span><span class="badge-amount">${c.amount}</span></span
        >`,
    )}
  </div>`;
}

/** One counter with − and + (a life total, a pool of credits, +1/+1 counters on a card). */
export function CounterControl(props: {
  kind: string;
  amount: number;
  enabled: boolean;
  onChange(kind: string, delta: number): void;
}) {
  const { kind, amount, enabled } = props;
  return html`<span class="counter-control" data-counter-kind=${kind}>
    <span class="kind">${kind}</span>
    <button
      type="button"
      class="minus"
      disabled=${!enabled}
      aria-label=${`remove one ${kind}`}
      onClick=${() => props.onChange(kind, -1)}
    >
      −
    </button>
    <span class="amount" data-amount=${amount}>${amount}</span>
    <button
      type="button"
      class="plus"
      disabled=${!enabled}
      aria-label=${`add one ${kind}`}
      onClick=${() => props.onChange(kind, 1)}
    >
      +
    </button>
  </span>`;
}

/**
 * The counters to draw for a holder: the kinds the ruleset declares for it (at 0 when it has none),
 * then any other kind it carries. A declared kind the viewer may not see (`visibility: owner`) is
 * drawn only when the server sent it.
 */
export function countersToDraw(
  declared: readonly { kind: string; hidden?: boolean }[],
  present: readonly CounterView[],
): CounterView[] {
  const amounts = new Map(present.map((c) => [c.kind, c.amount]));
  const out: CounterView[] = [];
  for (const d of declared) {
    if (d.hidden && !amounts.has(d.kind)) continue;
    out.push({ kind: d.kind, amount: amounts.get(d.kind) ?? 0 });
    amounts.delete(d.kind);
  }
  for (const [kind, amount] of amounts) out.push({ kind, amount });
  return out;
}

/** A player's counters (life, poison, credits) and whether they conceded. */
export function PlayerCounters(props: {
  player: PlayerView;
  ruleset: RulesetInfo;
  isViewer: boolean;
  enabled: boolean;
  onChange(kind: string, delta: number): void;
}) {
  const { player, ruleset } = props;
  const declared = ruleset.playerCounters.map((k) => ({
    kind: k.kind,
    hidden: k.visibility === 'OWNER' && !props.isViewer,
  }));
  return html`<span class="player-counters" data-player-id=${player.id}>
    ${player.conceded ? html`<span class="badge conceded">conceded</span>` : null}
    ${countersToDraw(declared, player.counters).map(
      (c) =>
        html`<${CounterControl}
          key=${c.kind}
          kind=${c.kind}
          amount=${c.amount}
          enabled=${props.enabled && !player.conceded}
          onChange=${props.onChange}
        />`,
    )}
  </span>`;
}

/** The phases of the active player's turn: the ruleset's list, or its side's list. */
export function phasesFor(ruleset: RulesetInfo, game: GameView): readonly string[] {
  const turn = ruleset.turn;
  if (!turn) return [];
  if (turn.phases.length > 0) return turn.phases;
  const active = game.players.find((p) => p.id === game.turn?.activePlayer?.id);
  const side = active ? ruleset.sides[active.seat] : undefined;
  return turn.phasesBySide.find((s) => s.side === side)?.phases ?? [];
}

export interface TurnActions {
  setPhase(phase: string): void;
  advanceTurn(): void;
  concede(): void;
}

/**
 * Turn number, whose turn and the phase, with the active player's controls (next phase, a phase
 * chosen directly, the next turn) and the seat's concession (asked twice: it cannot be undone).
 */
export function TurnBar(props: {
  game: GameView;
  ruleset: RulesetInfo;
  /** The viewer is a seat of an active game that has not conceded. */
  canAct: boolean;
  actions: TurnActions;
}) {
  const { game, ruleset, canAct, actions } = props;
  const [confirming, setConfirming] = useState(false);
  const turn = game.turn;
  const active = game.players.find((p) => p.id === turn?.activePlayer?.id);
  const mine = canAct && active !== undefined && active.id === game.viewer.player?.id;
  const phases = phasesFor(ruleset, game);
  const at = turn?.phase ? phases.indexOf(turn.phase) : -1;
  const next = phases[at + 1];
  return html`<div class="turn-bar">
    ${
      turn
        ? html`<span class="turn" data-turn=${turn.number}>turn <strong>${turn.number}</strong></span>
            <span class="active-player" data-player-id=${active?.id ?? ''}>
              ${active ? (mine ? 'your turn' : `${active.name}'s turn`) : 'no active player'}
            </span>
            <span class="phases">
              ${phases.map(
                (p) =>
                  html`<button
                    type="button"
                    key=${p}
                    class=${`phase ${p === turn.phase ? 'current' : ''}`}
                    data-phase=${p}
                    aria-pressed=${p === turn.phase}
                    disabled=${!mine || p === turn.phase}
                    onClick=${() => actions.setPhase(p)}
                  >
                    ${p}
                  </button>`,
              )}
            </span>
            <span class="phase-now" data-phase=${turn.phase ?? ''}>${turn.phase ?? ''}</span>
            <button
              type="button"
              class="next-phase"
              disabled=${!mine || next === undefined}
              onClick=${() => next !== undefined && actions.setPhase(next)}
            >
              Next phase
            </button>
            <button
              type="button"
              class="advance-turn"
              disabled=${!mine}
              onClick=${() => actions.advanceTurn()}
            >
              Next turn
            </button>`
        : null
    }
    ${
      canAct
        ? confirming
          ? html`<span class="concede-confirm">
              Concede this game?
              <button
                type="button"
                class="concede-yes"
                onClick=${() => {
                  setConfirming(false);
                  actions.concede();
                }}
              >
                Yes, concede
              </button>
              <button type="button" class="concede-no" onClick=${() => setConfirming(false)}>Cancel</button>
            </span>`
          : html`<button type="button" class="concede" onClick=${() => setConfirming(true)}>Concede</button>`
        : null
    }
  </div>`;
}

/** How the game ended: the winners or a draw, and why; a game ended before results existed says only that. */
export function ResultBanner(props: { game: GameView }) {
  const { game } = props;
  if (game.status === 'ACTIVE') return null;
  const result = game.result;
  if (!result) return html`<p class="result" role="status" data-result="none">The game has ended.</p>`;
  const me = game.viewer.player?.id;
  const names = result.winners.map((w) => (w.id === me ? 'you' : w.name));
  const outcome = result.draw
    ? 'A draw'
    : names.length > 0
      ? `${names.join(' and ')} ${names.length === 1 && names[0] !== 'you' ? 'wins' : 'win'}`
      : 'No winner';
  return html`<p class="result" role="status" data-result=${result.draw ? 'draw' : 'win'}>
    <strong>Game over: ${outcome}.</strong> <span class="reason">${result.reason}</span>
  </p>`;
}

/**
 * The selected card's actions: each status of its zone type (one button per value) and its
 * counters (− and +), plus a counter of another kind to add: one the ruleset lists, or any name
 * where the ruleset allows kinds it does not list (MTG 122.1).
 */
export function CardPanel(props: {
  object: ObjectView;
  zoneType: string;
  ruleset: RulesetInfo;
  enabled: boolean;
  /** Opened from the keyboard: its first control takes the focus (the counter field, where there is one). */
  takeFocus: boolean;
  onStatus(name: string, value: string): void;
  onCounter(kind: string, delta: number): void;
  onClose(): void;
}) {
  const { object, zoneType, ruleset, enabled } = props;
  const [kind, setKind] = useState('');
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!props.takeFocus) return;
    const first =
      panel.current?.querySelector<HTMLElement>('input[name="kind"]') ??
      panel.current?.querySelector<HTMLElement>('button:not([disabled])');
    first?.focus();
  }, []);
  const statuses = statusesIn(ruleset, zoneType);
  const kinds = ruleset.objectCounters
    .filter((k) => !k.zoneTypes || k.zoneTypes.includes(zoneType))
    .map((k) => k.kind);
  const canAddKind = ruleset.openObjectCounterKinds || kinds.length > 0;
  const listId = `counter-kinds-${object.id}`;
  return html`<aside class="card-panel" data-object-id=${object.id} aria-label="selected card" ref=${panel}>
    <header>
      <strong>${object.card?.name ?? 'a card you may not see'}</strong>
      <button type="button" class="close" aria-label="close" onClick=${props.onClose}>×</button>
    </header>
    ${statuses.map((s) => {
      const current = object.statuses.find((x) => x.name === s.name)?.value ?? s.default;
      return html`<div class="status-row" key=${s.name} data-status-name=${s.name}>
        <span class="kind">${s.name}</span>
        ${s.values.map(
          (v) =>
            html`<button
              type="button"
              key=${v}
              data-value=${v}
              aria-pressed=${v === current}
              disabled=${!enabled || v === current}
              onClick=${() => props.onStatus(s.name, v)}
            >
              ${v}
            </button>`,
        )}
      </div>`;
    })}
    <div class="counter-rows">
      ${object.counters.map(
        (c) =>
          html`<${CounterControl}
            key=${c.kind}
            kind=${c.kind}
            amount=${c.amount}
            enabled=${enabled}
            onChange=${props.onCounter}
          />`,
      )}
    </div>
    ${
      canAddKind
        ? html`<form
            class="add-counter"
            onSubmit=${(e: Event) => {
              e.preventDefault();
              const name = kind.trim();
              if (name) props.onCounter(name, 1);
            }}
          >
            <input
              name="kind"
              list=${listId}
              placeholder=${kinds[0] ?? 'counter kind'}
              maxlength="32"
              value=${kind}
              onInput=${(e: Event) => setKind((e.target as HTMLInputElement).value)}
            />
            <datalist id=${listId}>${kinds.map((k) => html`<option key=${k} value=${k} />`)}</datalist>
            <button type="submit" disabled=${!enabled}>Add counter</button>
          </form>`
        : null
    }
  </aside>`;
}
