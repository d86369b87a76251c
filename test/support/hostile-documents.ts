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
