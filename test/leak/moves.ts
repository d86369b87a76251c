/**
 * Random steps for the leak suite. fast-check generates small records of choices; `toMutation`
 * turns one into a concrete mutation against the admin's current view of the game (ids the actor
 * has been shown: every id is in its own `game(id)` view, with or without a face), so shrinking
 * keeps working and every generated step is meaningful for the state it meets.
 *
 * Longer than 300 lines on purpose: the starting decks of every ruleset (built-ins by hand, the
 * others from their files) and one weighted generator per move kind, which share the choice record
 * and its weights; split across files, the weights of one suite would be read in several places.
 */
import fc from 'fast-check';
import { type DeckCard, type GameJson, type ObjectJson } from '../support/game-api.js';
import { moveDocument } from '../support/documents.js';
import type { StepMutation } from './checker.js';
import type { ZoneTypeDocument } from '../../src/rules/index.js';
import { rulesetFile, type RulesetName } from './model.js';

export interface Choice {
  readonly actor: number;
  readonly op: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly flag: boolean;
  readonly flag2: boolean;
}

export const choiceArb: fc.Arbitrary<Choice> = fc.record({
  actor: fc.nat({ max: 7 }),
  // Unbiased: a biased nat favours its ends, and the weighted list is longer than 100 entries.
  op: fc.noBias(fc.nat({ max: 9999 })),
  a: fc.nat({ max: 999 }),
  b: fc.nat({ max: 999 }),
  c: fc.nat({ max: 999 }),
  d: fc.nat({ max: 999 }),
  flag: fc.boolean(),
  flag2: fc.boolean(),
});

/** Distinctive, fixed-width names: a substring search over a response is then meaningful. */
export function secretName(kind: 'Card' | 'Token' | 'Layer', n: number): string {
  return `Secret-${kind}-XYZ-${String(n).padStart(4, '0')}`;
}

function card(n: number, types: string[], subtypes: string[] = [], extra: Partial<DeckCard> = {}): DeckCard {
  return {
    name: secretName('Card', n),
    types,
    subtypes,
    text: `Printed text of card ${n}.`,
    attributes: { code: `ATTR-${n}` },
    ...extra,
  };
}

/** Whether a zone type of a file takes a plain card: none of its admission rules asks for a type or subtype. */
function takesPlainCards(t: ZoneTypeDocument): boolean {
  return (t.admits ?? []).every((a) => !a.types && !a.subtypes);
}

/**
 * Starting cards of a game defined by its file: five in its deck zone, two in its hand (a secret
 * zone of each player), one face up and one face down in a public zone of each player (one that
 * holds two), wherever its admission takes a plain card.
 */
function fileDeck(ruleset: RulesetName, next: () => number): DeckCard[] {
  const doc = rulesetFile(ruleset);
  const types = doc.zoneTypes.filter(
    (t) => t.startsInGame !== false && t.scope === 'player' && takesPlainCards(t),
  );
  const secret = types.find((t) => t.visibility === 'secret' && t.type !== doc.deckZone);
  const open = types.find(
    (t) => t.visibility === 'public' && t.allowsFaceUp !== false && (t.capacity ?? 2) >= 2,
  );
  // A card that fits each of the player's public zones that admits only some cards (a Pokémon on the
  // Bench, a monster in a Monster Zone): statuses and counters that live only there, and hosts, then
  // have objects to act on.
  const fitted = doc.zoneTypes
    .filter((t) => t.startsInGame !== false && t.scope === 'player' && t.visibility === 'public')
    .filter((t) => !takesPlainCards(t) && t.type !== doc.deckZone)
    .map((t) => {
      const rules = (t.admits ?? []).filter((a) => a.types || a.subtypes);
      const types = rules.flatMap((a) => a.types?.slice(0, 1) ?? []);
      const subtypes = rules.flatMap((a) => a.subtypes?.slice(0, 1) ?? []);
      return card(next(), types.length > 0 ? types : ['card'], subtypes, { zone: t.type, faceUp: true });
    });
  return [
    ...fitted,
    ...[1, 2, 3, 4, 5].map(() => card(next(), ['card'])),
    ...(secret ? [1, 2].map(() => card(next(), ['card'], [], { zone: secret.type })) : []),
    ...(open
      ? [
          card(next(), ['card'], [], { zone: open.type, faceUp: true }),
          card(next(), ['card'], [], { zone: open.type, faceUp: false }),
        ]
      : []),
  ];
}

/** Starting decks: cards in the deck zone, in hand and in play, for `players` seats. */
export function decksFor(ruleset: RulesetName, players: number): DeckCard[][] {
  let n = 0;
  const next = () => ++n;
  return Array.from({ length: players }, (_, seat) => {
    switch (ruleset) {
      case 'mtg':
        return [
          ...['creature', 'land', 'instant', 'sorcery', 'artifact', 'creature'].map((t) => card(next(), [t])),
          card(next(), ['creature'], [], { zone: 'hand' }),
          card(next(), ['land'], [], { zone: 'hand' }),
          card(next(), ['creature'], [], { zone: 'battlefield' }),
          card(next(), ['enchantment'], [], { zone: 'exile', faceUp: false }),
        ];
      case 'fab':
        return [
          card(next(), ['hero'], [], { zone: 'hero' }),
          card(next(), ['equipment'], ['arms'], { zone: 'arms' }),
          card(next(), ['weapon'], ['sword'], { zone: 'weapon', zoneIndex: 0 }),
          ...[1, 2, 3, 4, 5].map(() => card(next(), ['action'], ['attack'])),
          card(next(), ['action'], [], { zone: 'hand' }),
          card(next(), ['instant'], [], { zone: 'hand' }),
          card(next(), ['action'], ['attack'], { zone: 'arsenal', faceUp: false }),
        ];
      case 'netrunner':
        return seat === 0
          ? [
              ...['agenda', 'ice', 'operation', 'asset', 'ice'].map((t) => card(next(), [t])),
              card(next(), ['operation'], [], { zone: 'hand' }),
              card(next(), ['agenda'], [], { zone: 'hand' }),
              card(next(), ['ice'], [], { zone: 'play', faceUp: false }),
            ]
          : [
              ...['event', 'program', 'hardware', 'resource', 'event'].map((t) => card(next(), [t])),
              card(next(), ['event'], [], { zone: 'hand' }),
              card(next(), ['program'], [], { zone: 'play' }),
            ];
      default:
        return fileDeck(ruleset, next);
    }
  });
}

const pick = <T>(xs: readonly T[], n: number): T | undefined =>
  xs.length === 0 ? undefined : xs[n % xs.length];

interface Ctx {
  readonly ruleset: RulesetName;
  readonly state: GameJson;
  readonly nextName: (kind: 'Token' | 'Layer') => string;
  /** The seat whose step was accepted last, if known: a takeback request is mostly its own. */
  readonly lastActor?: number;
}

/** The objects of the state, flattened (hosted objects included). */
function allObjects(state: GameJson): ObjectJson[] {
  return state.zones.flatMap((z) => z.objects);
}

type Make = (
  field: string,
  inputType: string,
  input: Record<string, unknown>,
  extra?: Partial<StepMutation>,
) => StepMutation;

interface StepKit {
  readonly weight: (w: number, f: () => StepMutation) => void;
  readonly make: Make;
  readonly selection: (allowRandom: boolean) => {
    input: Record<string, unknown>;
    namedIds: string[];
    selectedIds: string[];
  };
  readonly objects: readonly ObjectJson[];
  readonly zones: GameJson['zones'];
}

/**
 * A status step sent with no object in a zone the status applies to (a Pokémon with an empty Active
 * Spot): the rules may refuse every one, so the acceptance counts it apart from `setStatus`.
 */
export const UNAIMED_STATUS = 'setStatus (unaimed)';

/**
 * Table action kinds a ruleset's file declares none of (Netrunner: no statuses): every one sent is
 * refused by design, so the suite's acceptance count may not demand one accepted.
 */
export function declaredNone(ruleset: RulesetName): string[] {
  const file = rulesetFile(ruleset);
  return [
    UNAIMED_STATUS,
    ...(file.zoneTypes.some((t) => t.type === 'stack') ? [] : ['addStackLayer', 'removeStackLayer']),
    ...(Array.isArray(file.statuses) && file.statuses.length > 0 ? [] : ['setStatus']),
    ...(file.dice && !('none' in file.dice) ? [] : ['rollDice']),
    ...(file.coins && !('none' in file.coins) ? [] : ['flipCoin']),
  ];
}

/**
 * Random acts beyond whole shuffles and picks (docs/fairness.md): dice and coins as the file
 * declares them (a few undeclared, refused), partial shuffles of a pile, and seat entropy.
 */
function chanceSteps(ctx: Ctx, ch: Choice, kit: StepKit): void {
  const { weight, make, zones } = kit;
  const file = rulesetFile(ctx.ruleset);
  const dice = file.dice && !('none' in file.dice) ? file.dice : null;
  const coins = file.coins && !('none' in file.coins) ? file.coins : null;
  const audience = (seenBy: readonly string[] | undefined) =>
    seenBy?.includes('roller') && ch.flag2 ? 'ROLLER' : 'ALL';
  weight(3, () => {
    const sides = ch.c % 5 === 0 ? 7 : (pick(dice?.sides ?? [6], ch.a) ?? 6);
    return make('rollDice', 'RollDiceInput', {
      sides,
      count: 1 + (ch.b % 4),
      seenBy: audience(dice?.seenBy),
    });
  });
  weight(2, () =>
    make('flipCoin', 'FlipCoinInput', { count: 1 + (ch.b % 3), seenBy: audience(coins?.seenBy) }),
  );
  weight(3, () => {
    const piles = zones.filter((z) => z.count >= 2);
    const zone = pick(piles, ch.a) ?? pick(zones, ch.a)!;
    const n = 1 + (ch.b % Math.max(zone.count, 1));
    return make('shuffleZone', 'ShuffleZoneInput', {
      zoneId: zone.id,
      ...(ch.flag ? { top: n } : { bottom: n }),
    });
  });
  weight(1, () => {
    const bytes = [ch.a, ch.b, ch.c, ch.d].map((x) => (x % 256).toString(16).padStart(2, '0'));
    return make('addEntropy', 'AddEntropyInput', { data: bytes.join('') });
  });
}

/**
 * The table's actions (issue 28): statuses, counters on objects, players and zones, moved counters,
 * turns and phases, and (rarely: it may end the game) a concession or a seat's refused result.
 * Names and kinds come from the ruleset's file, with a few it does not declare (refused).
 */
function tableSteps(ctx: Ctx, ch: Choice, kit: StepKit): void {
  const { weight, make, selection, objects, zones } = kit;
  const file = rulesetFile(ctx.ruleset);
  const players = ctx.state.players;
  const statuses = Array.isArray(file.statuses) ? file.statuses : [];
  const counters = file.counters && !('none' in file.counters) ? file.counters : {};
  const listed = (x: unknown) => (Array.isArray(x) ? (x as { kind: string }[]).map((c) => c.kind) : []);
  const objectKinds = [...listed(counters.objects), 'charge'];
  const playerKinds = [...listed(counters.players), 'life'];
  const zoneKinds = [...listed(counters.zones), 'credits'];
  const holder = (n: number) => {
    const o = pick(objects, n);
    if (n % 3 === 0 && o) return { h: { objectId: o.id }, kinds: objectKinds, named: [o.id] };
    if (n % 3 === 1) return { h: { playerId: pick(players, n)!.id }, kinds: playerKinds, named: [] };
    return { h: { zoneId: pick(zones, n)!.id }, kinds: zoneKinds, named: [] };
  };
  weight(8, () => {
    const status = pick(statuses, ch.d);
    // Three in four aim at an object in a zone the status applies to (FAB's `marked` lives only on
    // heroes), the actor's own when it has one, so that most are accepted; the rest aim anywhere.
    const zoneTypes = (status as { zoneTypes?: string[] } | undefined)?.zoneTypes;
    const fitting = zoneTypes ? zones.filter((z) => zoneTypes.includes(z.type) && z.objects.length > 0) : [];
    const actorId = players[ch.actor % players.length]?.id;
    const fitObjects = fitting.flatMap((z) => z.objects);
    const mineFit = fitObjects.filter((o) => o.owner?.id === actorId);
    const target = ch.a % 4 !== 0 ? (pick(mineFit, ch.b) ?? pick(fitObjects, ch.b)) : undefined;
    const sel = target
      ? { input: { objectIds: [target.id] }, namedIds: [target.id], selectedIds: [] as string[] }
      : selection(true);
    const name = status && ch.c % 5 !== 0 ? status.name : 'tapped';
    const value = status ? pick(status.values, ch.b)! : 'tapped';
    return make(
      'setStatus',
      'SetStatusInput',
      { ...sel.input, name, value },
      {
        namedIds: sel.namedIds,
        selectedIds: sel.selectedIds,
        ...(target ? {} : { countAs: UNAIMED_STATUS }),
      },
    );
  });
  weight(8, () => {
    // Half add a declared kind to a holder it lives on: see `ownCounter`.
    const aimed = ch.flag ? ownCounter(ctx, ch) : null;
    if (aimed)
      return make(
        'changeCounters',
        'ChangeCountersInput',
        { holder: aimed.holder, kind: aimed.kind, op: 'ADD', amount: 1 + (ch.d % 3) },
        { namedIds: aimed.named },
      );
    const { h, kinds, named } = holder(ch.a);
    const op = ['ADD', 'REMOVE', 'SET'][ch.b % 3]!;
    return make(
      'changeCounters',
      'ChangeCountersInput',
      { holder: h, kind: pick(kinds, ch.c)!, op, amount: ch.d % 5 },
      { namedIds: named },
    );
  });
  weight(3, () => {
    // Half move a player counter the game starts above zero (a life total) from one seat to another.
    const started = listed(counters.players).filter((k) => {
      const start = (Array.isArray(counters.players) ? counters.players : []).find(
        (c) => c.kind === k,
      )?.start;
      return typeof start === 'number' && start > 0;
    });
    const kind = ch.flag ? pick(started, ch.c) : undefined;
    if (kind && players.length > 1)
      return make('moveCounters', 'MoveCountersInput', {
        from: { playerId: players[ch.actor % players.length]!.id },
        to: { playerId: players[(ch.actor + 1) % players.length]!.id },
        kind,
        amount: 1,
      });
    const from = holder(ch.a);
    const to = holder(ch.b);
    return make(
      'moveCounters',
      'MoveCountersInput',
      { from: from.h, to: to.h, kind: pick(from.kinds, ch.c)!, amount: 1 + (ch.d % 3) },
      { namedIds: [...from.named, ...to.named] },
    );
  });
  weight(3, () => make('advanceTurn', 'AdvanceTurnInput', {}));
  weight(2, () => {
    const turn = file.turn && !('none' in file.turn) ? file.turn : null;
    const phases = turn?.phases ?? Object.values(turn?.phasesBySide ?? {}).flat();
    return make('setPhase', 'SetPhaseInput', { phase: pick(phases, ch.a) ?? 'main' });
  });
  weight(1, () =>
    ch.flag
      ? make('concede', 'ConcedeInput', {})
      : make('endGameWithResult', 'EndGameInput', { winnerIds: [pick(players, ch.a)!.id], reason: 'Test.' }),
  );
}

/**
 * Seat `actor` asks to take back everything after event `toSeq` (issue 41): the suites send it right
 * after one of the seat's own steps was accepted (a misclick), so that requests are accepted, or
 * refused over what the step showed the seat.
 */
export function askTakeback(gameId: string, actor: number, toSeq: number): StepMutation {
  return {
    field: 'requestTakeback',
    document: moveDocument('requestTakeback', 'RequestTakebackInput'),
    input: { gameId, toSeq, reason: 'Misclick.' },
    actor,
    namedIds: [],
    reorderedZoneIds: [],
    selectedIds: [],
  };
}

/**
 * Takebacks between seats (issue 41): a seat asks to take back the last one to three events (its
 * own moves, or another seat's, or over a draw: accepted, refused NOT_OWN_MOVE or BARRIER, and
 * refused PENDING or LIMIT); while a request is open, mostly another seat's answer to it, accepting
 * (the last acceptance rewinds the game) or refusing. An answer with none open is refused.
 */
function takebackSteps(ctx: Ctx, ch: Choice, kit: StepKit, actor: number): void {
  const { weight, make } = kit;
  const { state } = ctx;
  const last = state.lastSeq;
  const how = ch.flag ? 'acceptTakeback' : 'refuseTakeback';
  const asker = ch.c % 4 !== 0 ? (ctx.lastActor ?? actor) : actor;
  weight(6, () =>
    make(
      'requestTakeback',
      'RequestTakebackInput',
      { toSeq: Math.max(1, last - 1 - (ch.b % 3)), reason: 'Misclick.' },
      { actor: asker },
    ),
  );
  const open = state.takeback;
  if (!open) {
    weight(1, () => make(how, 'AnswerTakebackInput', { toSeq: Math.max(1, last - 1) }));
    return;
  }
  const others = state.players.flatMap((p, i) => (p.id !== open.asker.id && !p.conceded ? [i] : []));
  weight(200, () =>
    make(how, 'AnswerTakebackInput', { toSeq: open.toSeq }, { actor: pick(others, ch.c) ?? actor }),
  );
}

/**
 * A counter the rules should nearly always let the actor add: a kind the file declares, on a holder
 * of the kind's zone types (an object of the actor's own in a public zone, a player, or a zone).
 * Null when no such holder is in the game.
 */
function ownCounter(
  ctx: Ctx,
  ch: Choice,
): { holder: Record<string, string>; kind: string; named: string[] } | null {
  const file = rulesetFile(ctx.ruleset);
  const counters = file.counters && !('none' in file.counters) ? file.counters : {};
  type Decl = { kind: string; zoneTypes?: string[] };
  const listed = (x: unknown) => (Array.isArray(x) ? (x as Decl[]) : []);
  const me = ctx.state.players[ch.actor % ctx.state.players.length]?.id;
  const isPublic = (type: string) => file.zoneTypes.find((t) => t.type === type)?.visibility === 'public';
  const fits = (d: Decl, type: string) => (d.zoneTypes ? d.zoneTypes.includes(type) : true);
  const options = [
    ...listed(counters.objects).flatMap((d) =>
      ctx.state.zones
        .filter((z) => isPublic(z.type) && fits(d, z.type))
        .flatMap((z) => z.objects.filter((o) => o.host === null && o.owner?.id === me && o.faceUp))
        .map((o) => ({ holder: { objectId: o.id }, kind: d.kind, named: [o.id] })),
    ),
    ...listed(counters.players).flatMap((d) =>
      ctx.state.players.map((p) => ({ holder: { playerId: p.id }, kind: d.kind, named: [] })),
    ),
    ...listed(counters.zones).flatMap((d) =>
      ctx.state.zones
        .filter((z) => fits(d, z.type))
        .map((z) => ({ holder: { zoneId: z.id }, kind: d.kind, named: [] })),
    ),
  ];
  return pick(options, ch.c) ?? null;
}

/**
 * A draw the rules must accept: the top card of the actor's own deck to the actor's own hand (its
 * `hand`, or else the first secret zone type without a capacity that is not the deck), by the actor, in an active game. Null
 * when there is nothing to draw (an empty deck, a conceded actor, an ended game, no hand).
 *
 * Suites send one every few steps and demand nearly all accepted (a {@link DRAW} floor): random
 * steps are refused often by design, so their share alone tells a healthy planner from one refusing
 * most moves only over many steps; a legal draw refused says it at once.
 */
export function drawStep(ctx: Ctx, actor: number): StepMutation | null {
  const piles = ownPiles(ctx, actor);
  if (!piles || piles.deck.count === 0) return null;
  const top = piles.deck.objects.find((o) => o.host === null);
  return pileMove(
    ctx,
    actor,
    { select: { zoneId: piles.deck.id, from: 'TOP', count: 1 } },
    piles.hand.id,
    top ? [top.id] : [],
  );
}

/**
 * The actor's own deck and hand (its `hand`, or else the first secret zone type without a capacity
 * that is not the deck), while the actor may act in an active game; null otherwise.
 */
function ownPiles(
  ctx: Ctx,
  actor: number,
): { deck: GameJson['zones'][number]; hand: GameJson['zones'][number] } | null {
  const { state } = ctx;
  const player = state.players[actor];
  if (state.status !== 'ACTIVE' || !player || player.conceded) return null;
  const file = rulesetFile(ctx.ruleset);
  const handType =
    file.zoneTypes.find((t) => t.type === 'hand') ??
    file.zoneTypes.find((t) => t.visibility === 'secret' && t.type !== file.deckZone && !t.capacity);
  const own = (type: string | undefined) =>
    state.zones.find((z) => z.type === type && z.owner?.id === player.id);
  const deck = own(file.deckZone);
  const hand = own(handType?.type);
  return deck && hand ? { deck, hand } : null;
}

function pileMove(
  ctx: Ctx,
  actor: number,
  select: Record<string, unknown>,
  toZoneId: string,
  selectedIds: string[],
  extra: Record<string, unknown> = {},
): StepMutation {
  return {
    field: 'moveObjects',
    document: moveDocument('moveObjects', 'MoveObjectsInput'),
    input: { gameId: ctx.state.id, ...select, to: { zoneId: toZoneId }, ...extra },
    actor,
    namedIds: [],
    reorderedZoneIds: [],
    selectedIds,
  };
}

/**
 * A move the rules should nearly always accept: one of the actor's own cards from its hand to the
 * top or bottom of its deck (named by id: the actor sees its hand), or, with an empty hand, its
 * deck's bottom card to its hand. Random moves are refused often (a full zone, a hidden card named
 * by id, an admission rule), and a run whose few moves were all refused would check no accepted
 * move; half the suite's moves are these. Null when both piles are empty.
 */
function ownCardMove(ctx: Ctx, actor: number, ch: Choice): StepMutation | null {
  const piles = ownPiles(ctx, actor);
  if (!piles) return null;
  const card = pick(
    piles.hand.objects.filter((o) => o.host === null),
    ch.b,
  );
  if (card) {
    const ids = [card.id];
    return {
      ...pileMove(ctx, actor, { objectIds: ids }, piles.deck.id, [], {
        position: ch.flag ? 'TOP' : 'BOTTOM',
      }),
      namedIds: ids,
    };
  }
  const bottom = piles.deck.objects.filter((o) => o.host === null).at(-1);
  if (!bottom) return null;
  return pileMove(
    ctx,
    actor,
    { select: { zoneId: piles.deck.id, from: 'BOTTOM', count: 1 } },
    piles.hand.id,
    [bottom.id],
  );
}

/**
 * An attachment the rules should nearly always accept: one of the actor's own cards (from its hand,
 * or another of its own in play) under one of its own top-level cards in a public zone, shared or
 * its own.
 * Null when the actor has no such host or nothing to attach.
 */
function ownAttach(ctx: Ctx, actor: number, ch: Choice): { host: string; object: string } | null {
  const me = ctx.state.players[actor]?.id;
  const file = rulesetFile(ctx.ruleset);
  const isPublic = (type: string) => file.zoneTypes.find((t) => t.type === type)?.visibility === 'public';
  const inPlay = ctx.state.zones
    .filter((z) => (z.owner === null || z.owner.id === me) && isPublic(z.type) && z.type !== 'stack')
    .flatMap((z) => z.objects.filter((o) => o.host === null && o.owner?.id === me));
  const host = pick(inPlay, ch.d);
  if (!host) return null;
  const hand = ownPiles(ctx, actor)?.hand.objects ?? [];
  const object = pick(ch.flag ? hand : inPlay.filter((o) => o.id !== host.id), ch.b) ?? pick(hand, ch.b);
  return object ? { host: host.id, object: object.id } : null;
}

/** The kind under which suites record {@link drawStep}'s steps. */
export const DRAW = 'draw (legal)';

/** Turns a choice into a mutation. Some are invalid on purpose (the rules refuse them): that is a path too. */
export function toMutation(ctx: Ctx, ch: Choice): StepMutation {
  const { state } = ctx;
  const players = state.players;
  const actor = ch.actor % players.length;
  const gameId = state.id;
  const zones = state.zones;
  const nonEmpty = zones.filter((z) => z.objects.length > 0);
  const objects = allObjects(state);
  const base = {
    actor,
    namedIds: [] as string[],
    reorderedZoneIds: [] as string[],
    selectedIds: [] as string[],
  };
  const make = (
    field: string,
    inputType: string,
    input: Record<string, unknown>,
    extra: Partial<StepMutation> = {},
  ): StepMutation => ({
    ...base,
    field,
    document: moveDocument(field, inputType),
    input: { gameId, ...input },
    ...extra,
  });
  const placement = (n: number) =>
    n % 3 === 0 ? { position: 'TOP' } : n % 3 === 1 ? { position: 'BOTTOM' } : { index: n % 4 };
  const by = ch.flag2 ? 'RULE' : 'EFFECT';

  /** Ids by explicit choice, or a position selector (TOP/BOTTOM ids computed now; RANDOM never in place). */
  const selection = (
    allowRandom: boolean,
  ): { input: Record<string, unknown>; namedIds: string[]; selectedIds: string[]; zoneId: string | null } => {
    // Three steps in four act on what the actor may act on (its own zones, shared ones, its own
    // objects), so that most are accepted; the fourth aims anywhere, at others' hidden cards too.
    const own = ch.d % 4 !== 0;
    const actorId = players[actor]?.id;
    const mine = nonEmpty.filter((z) => z.owner === null || z.owner?.id === actorId);
    const zone = (own ? pick(mine, ch.a) : undefined) ?? pick(nonEmpty, ch.a);
    if (!zone) return { input: { objectIds: [] }, namedIds: [], selectedIds: [], zoneId: null };
    if (ch.flag) {
      const owned = zone.objects.filter((o) => o.owner?.id === actorId);
      const first = (own ? pick(owned, ch.b) : undefined) ?? pick(zone.objects, ch.b)!;
      const second = ch.c % 3 === 0 ? pick(zone.objects, ch.b + 1) : undefined;
      const ids = [...new Set([first.id, ...(second ? [second.id] : [])])];
      return { input: { objectIds: ids }, namedIds: ids, selectedIds: [], zoneId: zone.id };
    }
    const count = 1 + (ch.c % 2);
    const from = allowRandom && ch.b % 3 === 2 ? 'RANDOM' : ch.b % 2 === 0 ? 'TOP' : 'BOTTOM';
    const top = zone.objects.filter((o) => o.host === null);
    const selectedIds =
      from === 'TOP'
        ? top.slice(0, count).map((o) => o.id)
        : from === 'BOTTOM'
          ? top.slice(-count).map((o) => o.id)
          : [];
    return {
      input: { select: { zoneId: zone.id, from, count } },
      namedIds: [],
      selectedIds,
      zoneId: zone.id,
    };
  };

  const ops: (() => StepMutation)[] = [];
  const weight = (w: number, f: () => StepMutation) => {
    for (let i = 0; i < w; i++) ops.push(f);
  };

  weight(30, () => {
    const aimed = ch.a % 2 === 0 ? ownCardMove(ctx, actor, ch) : null;
    if (aimed) return aimed;
    const to = pick(zones, ch.d)!;
    const sel = selection(to.id !== pick(nonEmpty, ch.a)?.id);
    const face = ch.c % 4 === 0 ? { faceUp: ch.d % 2 === 0 } : {};
    return make(
      'moveObjects',
      'MoveObjectsInput',
      { ...sel.input, to: { zoneId: to.id }, ...placement(ch.c), ...face, by },
      { namedIds: sel.namedIds, selectedIds: sel.selectedIds },
    );
  });
  weight(8, () => {
    // Mostly hidden piles: that is where shuffles matter.
    const decks = zones.filter((z) => ['library', 'deck'].includes(z.type));
    const zone = (ch.flag ? pick(decks, ch.a) : undefined) ?? pick(zones, ch.a)!;
    return make('shuffleZone', 'ShuffleZoneInput', { zoneId: zone.id }, { reorderedZoneIds: [zone.id] });
  });
  weight(6, () => {
    // Three in four aim at the actor's own hand, whose cards it sees and may arrange however it
    // wishes: a zone picked at random is mostly one the actor may not reorder (a deck whose cards it
    // cannot name, NR rule_deck_ordered; others' objects, MTG 400.5), and a run could accept none.
    const hand = ch.c % 4 !== 0 ? ownPiles(ctx, actor)?.hand : undefined;
    const zone =
      (hand && hand.count >= 2 ? hand : undefined) ??
      pick(
        zones.filter((z) => z.count >= 2),
        ch.a,
      );
    if (!zone) return make('shuffleZone', 'ShuffleZoneInput', { zoneId: pick(zones, ch.a)!.id });
    const top = zone.objects.filter((o) => o.host === null).map((o) => o.id);
    const k = 1 + (ch.b % (top.length - 1));
    const order = [...top.slice(k), ...top.slice(0, k)];
    return make(
      'reorderZone',
      'ReorderZoneInput',
      { zoneId: zone.id, order, by },
      { namedIds: order, reorderedZoneIds: [zone.id] },
    );
  });
  weight(8, () => {
    const sel = selection(true);
    return make(
      'turnFace',
      'TurnFaceInput',
      { ...sel.input, faceUp: ch.flag2 },
      { namedIds: sel.namedIds, selectedIds: sel.selectedIds },
    );
  });
  weight(10, () => {
    const sel = selection(true);
    const to = ch.flag2 ? { toAll: true } : { toPlayerIds: [pick(players, ch.d)!.id] };
    return make(
      'revealObjects',
      'RevealObjectsInput',
      { ...sel.input, ...to },
      {
        namedIds: sel.namedIds,
        selectedIds: sel.selectedIds,
      },
    );
  });
  weight(8, () => {
    const revealed = objects.filter((o) => o.revealedToAll || o.revealedTo.length > 0);
    const target = pick(revealed, ch.a) ?? pick(objects, ch.a);
    const ids = target ? [target.id] : [];
    return make('endReveal', 'EndRevealInput', { objectIds: ids }, { namedIds: ids });
  });
  weight(4, () => {
    const to = pick(zones, ch.d)!;
    const face = ch.c % 2 === 0 ? { faceUp: ch.flag2 } : {};
    return make('createToken', 'CreateTokenInput', {
      token: { name: ctx.nextName('Token'), types: ['token'], text: 'Token text.' },
      to: { zoneId: to.id },
      ...face,
    });
  });
  weight(5, () => {
    // Half aim at a host the rules should take: see `ownAttach`.
    const aimed = ch.a % 2 === 0 ? ownAttach(ctx, actor, ch) : null;
    if (aimed)
      return make(
        'attachObjects',
        'AttachObjectsInput',
        { objectIds: [aimed.object], hostId: aimed.host, by },
        { namedIds: [aimed.object, aimed.host] },
      );
    const sel = selection(true);
    const host = pick(objects, ch.d);
    return make(
      'attachObjects',
      'AttachObjectsInput',
      { ...sel.input, hostId: host?.id ?? 'no-such-host', by },
      { namedIds: [...sel.namedIds, ...(host ? [host.id] : [])], selectedIds: sel.selectedIds },
    );
  });
  weight(4, () => {
    const hosted = objects.filter((o) => o.host !== null);
    // Half take one of the actor's own hosted cards back to its hand.
    const ownHosted = hosted.filter((o) => o.owner?.id === players[actor]?.id);
    const hand = ch.a % 2 === 0 ? ownPiles(ctx, actor)?.hand : undefined;
    const target = (hand ? pick(ownHosted, ch.b) : undefined) ?? pick(hosted, ch.a) ?? pick(objects, ch.a);
    const to = hand ?? pick(zones, ch.d)!;
    const ids = target ? [target.id] : [];
    return make(
      'detachObjects',
      'DetachObjectsInput',
      { objectIds: ids, to: { zoneId: to.id }, ...placement(ch.c), by },
      { namedIds: ids },
    );
  });
  weight(3, () =>
    make('addStackLayer', 'AddStackLayerInput', {
      layer: { name: ctx.nextName('Layer'), text: 'An ability.' },
    }),
  );
  weight(3, () => {
    const stack = zones.find((z) => z.type === 'stack');
    const layer = pick(stack?.objects ?? [], ch.a) ?? pick(objects, ch.a);
    const to = ch.flag ? { to: { zoneId: pick(zones, ch.d)!.id } } : {};
    return make(
      'removeStackLayer',
      'RemoveStackLayerInput',
      { layerId: layer?.id ?? 'no-such-layer', ...to, by },
      { namedIds: layer ? [layer.id] : [] },
    );
  });
  weight(3, () => {
    const to = pick(zones, ch.d)!;
    return make('bringIntoGame', 'BringIntoGameInput', {
      cards: [{ name: ctx.nextName('Token'), types: ['creature'], text: 'From outside the game.' }],
      to: { zoneId: to.id },
      ...placement(ch.c),
      ...(ch.c % 2 === 0 ? { faceUp: ch.flag2 } : {}),
    });
  });
  weight(2, () => {
    const sel = selection(true);
    return make('removeFromGame', 'RemoveFromGameInput', sel.input, {
      namedIds: sel.namedIds,
      selectedIds: sel.selectedIds,
    });
  });
  weight(2, () => {
    const file = ['mtg', 'fab', 'netrunner'].includes(ctx.ruleset) ? null : rulesetFile(ctx.ruleset);
    const types =
      ctx.ruleset === 'mtg'
        ? ['ante']
        : ctx.ruleset === 'fab'
          ? ['weapon', 'arsenal', 'banished']
          : (file?.zoneTypes.map((t) => t.type) ?? ['setAside']);
    const type = pick(types, ch.a)!;
    const shared =
      ctx.ruleset === 'mtg' ||
      type === 'setAside' ||
      file?.zoneTypes.find((t) => t.type === type)?.scope === 'shared';
    const owner = shared ? {} : { ownerId: pick(players, ch.b)!.id };
    return make('createZone', 'CreateZoneInput', { type, ...owner });
  });
  weight(2, () => {
    const zone = pick(zones, ch.a)!;
    return make('removeZone', 'RemoveZoneInput', { zoneId: zone.id });
  });
  tableSteps(ctx, ch, { weight, make, selection, objects, zones });
  chanceSteps(ctx, ch, { weight, make, selection, objects, zones });
  takebackSteps(ctx, ch, { weight, make, selection, objects, zones }, actor);
  return ops[ch.op % ops.length]!();
}
