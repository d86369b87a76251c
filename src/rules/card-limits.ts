/**
 * How large a card's printed properties may be, wherever a card enters a game: a move's input
 * (createToken, bringIntoGame, addLayer), createGame's decks and an imported document. They bound
 * the storage and the work of one object; no game's card needs more.
 */
export const CARD_LIMITS = {
  /** A name, a type or a subtype: 1 to this many UTF-16 code units. */
  name: 200,
  /** Rules text: at most this many UTF-16 code units. */
  text: 5_000,
  /** Types, and subtypes: at most this many entries each. */
  list: 50,
  /** Attributes: a JSON object of at most this many characters once serialised. */
  attributesBytes: 16_384,
} as const;
