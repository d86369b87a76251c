/**
 * A new game's starting layout: the seats' cards placed in their starting zones, the table started
 * (counters, first seat), checked against the rules a move putting those cards there would face,
 * and the GAME_CREATED event that records it. A layout the rules refuse is BAD_USER_INPUT on the
 * card's field. The data layer stores what this builds (`src/db/games.ts`).
 */
import { badInput, refusedLayout } from '../errors.js';
import { newId as randomId } from '../ids.js';
import {
  admitStartingLayout,
  contextOf,
  indexPositions,
  initialZones,
  SORT_KEY_STEP,
  startTable,
  zoneTypeOf,
  type CardProps,
  type CounterOverride,
  type EventWithPlayers,
  type GameState,
  type ObjectState,
  type RulesetSpec,
  type ZoneState,
} from '../rules/index.js';

export interface NewCard extends CardProps {
  /** Starting zone type (defaults to the ruleset's deck zone). */
  readonly zone: string | null;
  readonly zoneIndex: number;
  readonly faceUp: boolean | null;
}

export interface NewSeat {
  readonly name: string;
  readonly deck: readonly NewCard[];
  /** Starting player counters overriding the ruleset's (MTG 903.7: Commander life 40). */
  readonly counters?: readonly CounterOverride[] | null;
  /** The platform user bound to the seat (issuer + subject), whose verified token plays it. */
  readonly externalUser?: { readonly issuer: string; readonly subject: string } | null;
}

/** The input path of seat `s`'s card `c`. */
const cardField = (s: number, c: number) => `players.${s}.deck.${c}`;

/** The input path of the `index`th starting object (objects are listed seat by seat, deck order). */
function objectField(seats: readonly NewSeat[], index: number): string {
  let i = index;
  for (const [s, seat] of seats.entries()) {
    if (i < seat.deck.length) return cardField(s, i);
    i -= seat.deck.length;
  }
  return 'players';
}

/** Card `card` of its owner's deck, the `n`th (from 0) placed in its starting zone. */
function startingCard(
  card: NewCard,
  ownerId: string,
  zoneId: string,
  n: number,
  faceUp: boolean,
  newId: () => string,
): ObjectState {
  return {
    key: newId(),
    publicId: newId(),
    kind: 'card',
    ownerId,
    controllerId: ownerId,
    zoneId,
    // Deck order: the first card listed is the top (position 0).
    sortKey: (n + 1) * SORT_KEY_STEP,
    faceUp,
    revealedTo: [],
    hostKey: null,
    card: {
      name: card.name,
      types: card.types,
      subtypes: card.subtypes,
      text: card.text,
      attributes: card.attributes,
    },
    history: [],
  };
}

/** The starting state of a game, checked against the catalog. Throws BAD_USER_INPUT. */
export function initialState(
  spec: RulesetSpec,
  seats: readonly NewSeat[],
  playerIds: readonly string[],
  newId: () => string = randomId,
  firstSeat: number | null = null,
): GameState {
  const players = playerIds.map((id, seat) => ({ id, seat }));
  const zones: ZoneState[] = initialZones(spec, players).map((z) => ({ ...z, id: newId() }));
  const nextKey = new Map<string, number>();
  const objects: ObjectState[] = [];
  seats.forEach((seat, s) => {
    const ownerId = playerIds[s] as string;
    seat.deck.forEach((card, c) => {
      const type = zoneTypeOf(spec, card.zone ?? spec.deckZone);
      if (!type) throw badInput(`Unknown zone type for ruleset ${spec.id}.`, `${cardField(s, c)}.zone`);
      const zone = zones.find(
        (z) =>
          z.type === type.type &&
          z.index === card.zoneIndex &&
          z.ownerId === (type.scope === 'shared' ? null : ownerId),
      );
      if (!zone)
        throw badInput(
          `No such starting zone ${type.type} #${card.zoneIndex}.`,
          `${cardField(s, c)}.zoneIndex`,
        );
      const faceUp = card.faceUp ?? type.defaultFaceUp;
      if (faceUp && !type.allowsFaceUp)
        throw badInput(`Zone ${type.type} holds face-down objects only.`, `${cardField(s, c)}.faceUp`);
      const n = nextKey.get(zone.id) ?? 0;
      nextKey.set(zone.id, n + 1);
      objects.push(startingCard(card, ownerId, zone.id, n, faceUp, newId));
    });
  });
  const started = startTable(
    { ruleset: spec.id, players, zones, objects },
    spec,
    seats.map((s) => s.counters),
    firstSeat,
  );
  if ('problem' in started) throw badInput(started.problem.message, started.problem.field);
  const { state } = started;
  // The admission checks moves make, with the same reasons (capacity, MTG 400.4a, FAB zones, 2H).
  // Among them FAB sec:deck_zone, on which the seat policy relies: a deck holds only its owner's
  // deck-cards, so a card drawn unseen is admitted to hand, arsenal or pitch whatever it is.
  const refusal = admitStartingLayout(spec, state);
  if (refusal) throw refusedLayout(refusal, `${objectField(seats, refusal.index)}.zone`);
  return state;
}

/** The GAME_CREATED event: every zone created, every object arriving from null, the seats. */
export function creationEvent(spec: RulesetSpec, state: GameState): EventWithPlayers {
  const positions = indexPositions(state);
  return {
    kind: 'GAME_CREATED',
    zoneIds: state.zones.map((z) => z.id),
    transitions: state.objects.map((o) => ({
      before: null,
      after: o,
      newObject: true,
      beforeContext: null,
      afterContext: contextOf(spec, state, o, positions),
    })),
    zonesCreated: state.zones,
    zonesRemoved: [],
    rules: [],
    players: state.players,
    ...(state.turn || state.clock
      ? {
          table: {
            ...(state.turn ? { turn: state.turn } : {}),
            ...(state.clock ? { clock: state.clock } : {}),
          },
        }
      : {}),
  };
}
