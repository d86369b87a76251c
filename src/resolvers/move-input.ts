/**
 * GraphQL inputs → rules `Move`s. Shape checks only (exactly one of two forms, bounded sizes);
 * whether the move is legal is the planner's call (INVALID_MOVE with the rule it cites).
 */
import { badInput } from '../errors.js';
import {
  CARD_LIMITS,
  type CardProps,
  type Destination,
  type MoveBy,
  type Placement,
  type Selector,
} from '../rules/index.js';

/** Present in the input: neither omitted nor null. */
export const given = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;

export const MAX_OBJECTS = 1000;
export const MAX_INDEX = 100_000;
const MAX_NAME = CARD_LIMITS.name;
const MAX_TEXT = CARD_LIMITS.text;
const MAX_LIST = CARD_LIMITS.list;
const MAX_ATTRIBUTES_BYTES = CARD_LIMITS.attributesBytes;

export interface PositionSelectorInput {
  readonly zoneId: string;
  readonly from: 'TOP' | 'BOTTOM' | 'RANDOM';
  readonly count: number;
}

export interface SelectionInput {
  readonly objectIds?: readonly string[] | null;
  readonly select?: PositionSelectorInput | null;
}

export interface DestinationInput {
  readonly zoneId?: string | null;
  readonly type?: string | null;
  readonly ownerId?: string | null;
}

/**
 * Printed properties of a card or token (SDL `TokenInput` in `createToken.token` and
 * `bringIntoGame.cards`, and the characteristics of `CardInput`).
 */
export interface CardPropsInput {
  readonly name: string;
  readonly types: readonly string[];
  readonly subtypes: readonly string[];
  readonly text: string;
  readonly attributes?: unknown;
}

/**
 * A stack layer that is not a card (SDL `TokenInput` in `addStackLayer.layer`): the same fields, as
 * the SDL shares the type; a layer's meaningful one is its text (MTG 405.4).
 */
export type LayerInput = CardPropsInput;

export function count(n: number, field: string): number {
  if (!Number.isInteger(n) || n < 1 || n > MAX_OBJECTS)
    throw badInput(`Field ${field} must be 1 to ${MAX_OBJECTS}.`, field);
  return n;
}

function ids(list: readonly string[], field: string): readonly string[] {
  if (list.length === 0 || list.length > MAX_OBJECTS)
    throw badInput(`Field ${field} must list 1 to ${MAX_OBJECTS} ids.`, field);
  if (new Set(list).size !== list.length) throw badInput(`Field ${field} lists an id twice.`, field);
  return list;
}

/** `objectIds` or `select`, exactly one. */
export function selector(input: SelectionInput): Selector {
  const hasIds = input.objectIds !== undefined && input.objectIds !== null;
  const hasSelect = input.select !== undefined && input.select !== null;
  if (hasIds === hasSelect)
    throw badInput('Give exactly one of objectIds and select.', hasIds ? 'select' : 'objectIds');
  if (hasIds) return { kind: 'ids', ids: ids(input.objectIds!, 'objectIds') };
  const s = input.select!;
  const n = count(s.count, 'select.count');
  switch (s.from) {
    case 'TOP':
      return { kind: 'top', zoneId: s.zoneId, count: n };
    case 'BOTTOM':
      return { kind: 'bottom', zoneId: s.zoneId, count: n };
    case 'RANDOM':
      return { kind: 'random', zoneId: s.zoneId, count: n };
  }
}

/** A zone by id, or a zone type plus owner (omit owner for shared zones): exactly one form. */
export function destination(input: DestinationInput, field = 'to'): Destination {
  const hasZone = input.zoneId !== undefined && input.zoneId !== null;
  const hasType = input.type !== undefined && input.type !== null;
  if (hasZone === hasType) throw badInput(`Field ${field}: give exactly one of zoneId and type.`, field);
  if (hasZone) {
    if (given(input.ownerId))
      throw badInput(`Field ${field}: ownerId goes with type, not zoneId.`, `${field}.ownerId`);
    return { kind: 'zone', zoneId: input.zoneId! };
  }
  return { kind: 'type', type: input.type!, ownerId: input.ownerId ?? null };
}

/** `position` (default TOP) or `index` (0 = top), not both. */
export function placement(
  position: 'TOP' | 'BOTTOM' | null | undefined,
  index: number | null | undefined,
): Placement {
  if (given(position) && given(index)) throw badInput('Give position or index, not both.', 'index');
  if (given(index)) {
    if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX)
      throw badInput(`Index must be 0 to ${MAX_INDEX}.`, 'index');
    return { kind: 'index', index };
  }
  return position === 'BOTTOM' ? { kind: 'bottom' } : { kind: 'top' };
}

export const moveBy = (by: 'RULE' | 'EFFECT' | null | undefined): MoveBy =>
  by === 'RULE' ? 'rule' : 'effect';

/**
 * An input field's path, or a function that builds it: a large input (a createGame deck) builds a
 * card's path only if that card is refused.
 */
export type FieldPath = string | (() => string);

const pathOf = (field: FieldPath, key: string): string =>
  `${typeof field === 'string' ? field : field()}.${key}`;

function text(value: string, max: number, field: FieldPath, key: string, allowEmpty = true): string {
  if ((!allowEmpty && value.trim().length === 0) || value.length > max) {
    const at = pathOf(field, key);
    throw badInput(`Field ${at} must be ${allowEmpty ? 0 : 1} to ${max} characters.`, at);
  }
  return value;
}

function list(values: readonly string[], field: FieldPath, key: string): string[] {
  if (values.length > MAX_LIST) {
    const at = pathOf(field, key);
    throw badInput(`Field ${at} has more than ${MAX_LIST} entries.`, at);
  }
  const at = () => pathOf(field, key);
  return values.map((v, i) => text(v, MAX_NAME, at, String(i), false));
}

/** Printed properties from a card, token or layer input, bounded. */
export function cardProps(input: CardPropsInput | LayerInput, field: FieldPath): CardProps {
  const attributes = input.attributes ?? {};
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    const at = pathOf(field, 'attributes');
    throw badInput(`Field ${at} must be a JSON object.`, at);
  }
  if (JSON.stringify(attributes).length > MAX_ATTRIBUTES_BYTES) {
    const at = pathOf(field, 'attributes');
    throw badInput(`Field ${at} is too large.`, at);
  }
  return {
    name: text(input.name, MAX_NAME, field, 'name', false),
    types: list(input.types, field, 'types'),
    subtypes: list(input.subtypes, field, 'subtypes'),
    text: text(input.text, MAX_TEXT, field, 'text'),
    attributes: attributes as Record<string, unknown>,
  };
}
