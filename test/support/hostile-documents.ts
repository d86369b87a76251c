/**
 * GraphQL documents built to make a validator work hard: fragment doublings (each fragment spreads
 * the next one twice, so a rule that follows spreads without a memo walks 2^levels paths), deep
 * nesting, wide aliases, many directives and long comments. Shared by the hardening suites and the
 * bench (bench/hostile.ts).
 */

/** `fragment F0 on T { ...F1 ...F1 } fragment F1 on T { ...F2 ...F2 } …`, spread from `wrap`. */
export function fragmentDoubling(
  levels: number,
  opts: {
    on?: string;
    leaf?: string;
    wrap?: (spread: string) => string;
    step?: (next: string) => string;
  } = {},
): string {
  const on = opts.on ?? 'Query';
  const leaf = opts.leaf ?? 'whoami { kind }';
  const step = opts.step ?? ((next: string) => `...${next} ...${next}`);
  const wrap = opts.wrap ?? ((spread: string) => `query { ${spread} }`);
  const fragments: string[] = [];
  for (let i = 0; i < levels; i++) fragments.push(`fragment F${i} on ${on} { ${step(`F${i + 1}`)} }`);
  fragments.push(`fragment F${levels} on ${on} { ${leaf} }`);
  return `${wrap('...F0')} ${fragments.join(' ')}`;
}

/** The same doubling below `__schema`, which armor's depth and cost rules skip. */
export function introspectionDoubling(levels: number): string {
  return fragmentDoubling(levels, {
    on: '__Type',
    leaf: 'name',
    wrap: (spread) => `query { __schema { types { ${spread} } } }`,
  });
}

/** Doubling through list fields, for the list-nesting rule: each level is `zone { objects { … } }`. */
export function listDoubling(levels: number): string {
  return fragmentDoubling(levels, {
    on: 'GameObject',
    leaf: 'id',
    step: (next) => `zone { objects { ...${next} } } host { ...${next} }`,
    wrap: (spread) => `query { game(id: "g") { zones { objects { ${spread} } } } }`,
  });
}

/** `{ whoami { whoami … } }` is not in the schema; `host { host { … } }` is, one object per level. */
export function deepNesting(levels: number): string {
  return `query { game(id: "g") { zones { objects { ${'host { '.repeat(levels)}id${' }'.repeat(levels)} } } } }`;
}

export function wideAliases(count: number): string {
  return `query { ${Array.from({ length: count }, (_, i) => `a${i}: whoami { kind }`).join(' ')} }`;
}

export function manyDirectives(count: number): string {
  return `query { whoami { ${Array.from({ length: count }, () => 'kind @include(if: true)').join(' ')} } }`;
}

/** A valid query padded with a comment (comments cost no tokens) to about `bytes` bytes. */
export function longComment(bytes: number, query = '{ whoami { kind } }'): string {
  return `${query} #${'x'.repeat(Math.max(0, bytes - query.length - 2))}`;
}

/** The trivial query the timing bounds are ratios to. */
export const TRIVIAL_QUERY = '{ whoami { kind } }';

/**
 * Shapes that cost graphql's own rules far more than their size (selection-budget.ts). Each is
 * refused by a limit of the selection budget, or, for the `…AtLimit` ones, is the worst such shape
 * the limits let through, validated in full and then refused by graphql itself (an unused variable),
 * so that a flood of it measures validation and nothing else.
 */
export function repeatedField(count: number): string {
  return `{ rulesets { ${'id '.repeat(count)}} }`;
}

export function repeatedTypename(count: number): string {
  return `{ ${'__typename '.repeat(count)}}`;
}

export function manyOperations(count: number): string {
  return Array.from({ length: count }, (_, i) => `query Q${i} { __typename }`).join(' ');
}

export function manyVariables(count: number): string {
  return `query (${Array.from({ length: count }, (_, i) => `$v${i}: Int`).join(', ')}) { __typename }`;
}

/** `adminGames(filter: { status: [ACTIVE, …] })`, the same long list under one response name `copies` times. */
export function longListArguments(items: number, copies: number): string {
  const field = `adminGames(filter: { status: [${'ACTIVE, '.repeat(items)}] }) { total }`;
  return `{ ${Array.from({ length: copies }, () => field).join(' ')} }`;
}

/**
 * `sets` aliased selection sets each spreading the same `count` distinct fragments: graphql compares
 * every pair of fragments spread into one set.
 */
export function fragmentPairs(count: number, sets = 1): string {
  const spreads = Array.from({ length: count }, (_, i) => `...G${i}`).join(' ');
  const fields = ['id', 'name', 'deckZone', 'version', 'minPlayers', 'maxPlayers'];
  const fragments = Array.from({ length: count }, (_, i) => `fragment G${i} on Ruleset { ${fields[i % 6]} }`);
  const selections = Array.from({ length: sets }, (_, i) => `r${i}: rulesets { ${spreads} }`).join(' ');
  return `query ($unused: Int) { ${selections} } ${fragments.join(' ')}`;
}

/** 15 aliased `rulesets`, each selecting `names` fields `repeats` times over. */
export function repeatsAtLimit(repeats: number, names: number): string {
  const fields = [
    'id',
    'name',
    'deckZone',
    'version',
    'minPlayers',
    'maxPlayers',
    'sides',
    'openObjectCounterKinds',
  ];
  const selection = fields
    .slice(0, names)
    .map((f) => `${f} `.repeat(repeats))
    .join('');
  const aliased = Array.from({ length: 15 }, (_, i) => `a${i}: rulesets { ${selection}}`).join(' ');
  return `query ($unused: Int) { ${aliased} }`;
}
