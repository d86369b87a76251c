/**
 * The examples of the guides (README.md and the Markdown files under docs/) as data: a parser for
 * the `<!-- example: … -->` annotations, a matcher that compares a documented response with a real
 * one apart from ids and tokens, and the substitution that carries ids and tokens from one step to
 * the next.
 *
 * An annotation is an HTML comment (invisible on GitHub) on its own line, followed by the code
 * blocks it covers, up to the next annotation or heading:
 *
 *   <!-- example: graphql as=Alice -->         ```graphql```, optional ```json variables```, ```json response```
 *   <!-- example: subscription as=Bob -->      ```graphql```, ```json variables```, ```json events``` (the first messages)
 *   <!-- example: sh -->                       ```sh```, optional ```text output``` or ```json output```
 *   <!-- example: excerpt file=examples/x.ts -->  blocks whose lines appear, in order, in that file
 *   <!-- example: not-run covered-by=test/… --> blocks run elsewhere: the named test file must exist
 *   <!-- example: figure -->                   a drawing, checked for the names it shows (see the runner)
 *   <!-- example: notation -->                 a formula or format of a specification, in a fence with
 *                                              no language: nothing to run, and nothing runnable can hide there
 *
 * `as` names whose credential the operation uses: a seat by its player's name (from a `createGame`
 * or `importGame` response earlier in the same guide), `spectator`, `admin`, or `none`.
 */
import prettier from 'prettier';

export type ExampleKind = 'graphql' | 'subscription' | 'sh' | 'excerpt' | 'not-run' | 'figure' | 'notation';
const KINDS: readonly ExampleKind[] = [
  'graphql',
  'subscription',
  'sh',
  'excerpt',
  'not-run',
  'figure',
  'notation',
];

export interface CodeBlock {
  /** First word of the info string (`graphql`, `json`, `sh`, …). */
  readonly lang: string;
  /** Second word of the info string: `variables`, `response`, `events`, `output`. */
  readonly role: string;
  readonly content: string;
  /** 0-based line index of the opening fence; the content starts on the next line. */
  readonly open: number;
  /** 0-based line index of the closing fence. */
  readonly close: number;
}

export interface Example {
  readonly kind: ExampleKind;
  readonly attrs: Readonly<Record<string, string>>;
  /** 1-based line of the annotation. */
  readonly line: number;
  /** The prose between the previous code block (or heading) and this annotation. */
  readonly lead: string;
  readonly blocks: readonly CodeBlock[];
}

export interface ParsedGuide {
  readonly lines: readonly string[];
  readonly examples: readonly Example[];
  /** Code blocks no annotation covers (each one is a defect: every example must be checked). */
  readonly orphans: readonly CodeBlock[];
  /** Malformed annotations, as messages. */
  readonly problems: readonly string[];
}

const ANNOTATION = /^<!-- example: ([\w-]+)((?:\s+[\w-]+=(?:"[^"]*"|\S+))*)\s*-->$/;
const ATTR = /([\w-]+)=(?:"([^"]*)"|(\S+))/g;

export function parseGuide(text: string): ParsedGuide {
  const lines = text.split('\n');
  const examples: Example[] = [];
  const orphans: CodeBlock[] = [];
  const problems: string[] = [];
  let current: { kind: ExampleKind; attrs: Record<string, string>; line: number; lead: string } | null = null;
  let blocks: CodeBlock[] = [];
  let lead: string[] = [];
  const flush = () => {
    if (current) examples.push({ ...current, blocks });
    current = null;
    blocks = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,})\s*(\S*)\s*(\S*)/.exec(line);
    if (fence) {
      const close = lines.findIndex((l, j) => j > i && l.startsWith(fence[1]!) && l.trim() === fence[1]);
      if (close < 0) {
        problems.push(`line ${i + 1}: unclosed code block`);
        break;
      }
      const block: CodeBlock = {
        lang: fence[2] ?? '',
        role: fence[3] ?? '',
        content: lines.slice(i + 1, close).join('\n'),
        open: i,
        close,
      };
      if (current) blocks.push(block);
      else orphans.push(block);
      lead = [];
      i = close;
      continue;
    }
    if (/^#{1,6}\s/.test(line)) {
      flush();
      lead = [];
      continue;
    }
    if (line.startsWith('<!-- example:')) {
      flush();
      const m = ANNOTATION.exec(line.trim());
      if (!m || !KINDS.includes(m[1] as ExampleKind)) {
        problems.push(`line ${i + 1}: malformed annotation ${line}`);
        lead = [];
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of (m[2] ?? '').matchAll(ATTR)) attrs[a[1]!] = a[2] ?? a[3] ?? '';
      current = { kind: m[1] as ExampleKind, attrs, line: i + 1, lead: lead.join('\n') };
      lead = [];
      continue;
    }
    lead.push(line);
  }
  flush();
  return { lines, examples, orphans, problems };
}

/** The blocks each kind takes, in order, as `lang role` patterns (`?` marks an optional one). */
const SHAPES: Record<'graphql' | 'subscription' | 'sh', readonly string[]> = {
  graphql: ['graphql', 'json variables?', 'json response'],
  subscription: ['graphql', 'json variables?', 'json events'],
  sh: ['sh', '(text|json) output?'],
};

/**
 * What is wrong with an example's blocks for its kind: a missing block, or one too many (a block
 * no step runs, such as a second command after a GraphQL example). Empty when the shape is right.
 */
export function shapeProblems(example: Example): string[] {
  if (example.kind === 'notation')
    return example.blocks.length === 0
      ? [`line ${example.line}: no code block`]
      : example.blocks
          .filter((b) => b.lang !== '')
          .map((b) => `line ${b.open + 1}: a notation block has no language (this one says \`\`\`${b.lang})`);
  if (!(example.kind in SHAPES)) return example.blocks.length ? [] : [`line ${example.line}: no code block`];
  const shape = SHAPES[example.kind as keyof typeof SHAPES];
  const got = example.blocks.map((b) => `${b.lang} ${b.role}`.trim());
  let at = 0;
  for (const want of shape) {
    const optional = want.endsWith('?');
    const pattern = new RegExp(`^${optional ? want.slice(0, -1) : want}$`);
    if (at < got.length && pattern.test(got[at]!)) at++;
    else if (!optional)
      return [`line ${example.line}: a ${example.kind} example needs a \`\`\`${want} block here`];
  }
  return got
    .slice(at)
    .map(
      (g, k) =>
        `line ${example.blocks[at + k]!.open + 1}: \`\`\`${g} block that the ${example.kind} example above does not run`,
    );
}

/** The phrase the prose before an example must contain to say whose credential it uses. */
export function actorPhrase(as: string): string {
  switch (as) {
    case 'none':
      return 'no token';
    case 'admin':
      return 'as the admin';
    case 'spectator':
      return 'as the spectator';
    default:
      if (as.startsWith('platform:')) return `as the platform user ${as.slice('platform:'.length)}`;
      return `as ${as}`;
  }
}

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IS_UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');
const ANY_UUID = new RegExp(UUID_SOURCE, 'gi');
/** A credential shortened for print: its prefix, a few characters, an ellipsis. */
const SHORT_TOKEN = /^(zk[a-z]_)[A-Za-z0-9_-]*…$/;
const ANY_SHORT_TOKEN = /zk[a-z]_[A-Za-z0-9_-]*…/g;
const IS_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const ANY_DATE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** How a credential is printed in a guide: prefix and four characters. */
export function shortenToken(token: string): string {
  const m = /^(zk[a-z]_)(.{4})/.exec(token);
  return m ? `${m[1]}${m[2]}…` : token;
}

/**
 * The correspondence between a guide's ids and tokens and those of the current run. Ids pair
 * one to one: the same guide id is always the same real id, and two guide ids never share one.
 */
export class Bindings {
  readonly ids = new Map<string, string>();
  private readonly back = new Map<string, string>();
  readonly tokens = new Map<string, string>();

  bindId(shown: string, actual: string): string | null {
    const known = this.ids.get(shown);
    if (known !== undefined)
      return known === actual ? null : `guide id ${shown} stands for ${known} earlier, here for ${actual}`;
    const other = this.back.get(actual);
    if (other !== undefined) return `guide ids ${other} and ${shown} are both ${actual}`;
    this.ids.set(shown, actual);
    this.back.set(actual, shown);
    return null;
  }

  /** A copy, for trying a match that may be abandoned. */
  clone(): Bindings {
    const copy = new Bindings();
    for (const [k, v] of this.ids) copy.bindId(k, v);
    for (const [k, v] of this.tokens) copy.tokens.set(k, v);
    return copy;
  }

  /** Takes over what a successful trial (a clone) bound. */
  adopt(trial: Bindings): void {
    for (const [k, v] of trial.ids) this.bindId(k, v);
    for (const [k, v] of trial.tokens) this.tokens.set(k, v);
  }

  /** Guide text rewritten with this run's ids and (shortened) tokens: for regenerating a guide. */
  rewrite(text: string): string {
    return text
      .replace(ANY_UUID, (id) => this.ids.get(id.toLowerCase()) ?? id)
      .replace(ANY_SHORT_TOKEN, (t) => {
        const actual = this.tokens.get(t);
        return actual === undefined ? t : shortenToken(actual);
      });
  }

  /** Guide text (variables, a command) with ids and tokens of this run; unknown ones are errors. */
  substitute(text: string, errors: string[]): string {
    return text
      .replace(ANY_UUID, (id) => {
        const actual = this.ids.get(id.toLowerCase());
        if (actual === undefined) errors.push(`id ${id} appears in no earlier response`);
        return actual ?? id;
      })
      .replace(ANY_SHORT_TOKEN, (t) => {
        const actual = this.tokens.get(t);
        if (actual === undefined) errors.push(`token ${t} appears in no earlier response`);
        return actual ?? t;
      });
  }
}

/**
 * Compares a documented value with a real one: equal apart from ids (bound through `bindings`),
 * shortened tokens (matching any token with that prefix) and date-times. Returns the differences.
 */
export function matchJson(
  expected: unknown,
  actual: unknown,
  bindings: Bindings,
  unordered: readonly string[] = [],
  path = '$',
): string[] {
  if (typeof expected === 'string') {
    if (typeof actual !== 'string')
      return [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    if (IS_UUID.test(expected)) {
      if (!IS_UUID.test(actual)) return [`${path}: expected an id, got ${JSON.stringify(actual)}`];
      const problem = bindings.bindId(expected.toLowerCase(), actual.toLowerCase());
      return problem ? [`${path}: ${problem}`] : [];
    }
    const token = SHORT_TOKEN.exec(expected);
    if (token) {
      if (!actual.startsWith(token[1]!)) return [`${path}: expected a ${token[1]} token, got ${actual}`];
      const known = bindings.tokens.get(expected);
      if (known !== undefined && known !== actual)
        return [`${path}: token ${expected} stands for another one`];
      bindings.tokens.set(expected, actual);
      return [];
    }
    if (IS_DATE.test(expected))
      return IS_DATE.test(actual) ? [] : [`${path}: expected a date-time, got ${actual}`];
    return expected === actual
      ? []
      : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: expected ${expected.length} items, got ${actual.length}: ${JSON.stringify(actual)}`];
    const key = /\.(\w+)$/.exec(path)?.[1];
    if (key === undefined || !unordered.includes(key))
      return expected.flatMap((e, i) => matchJson(e, actual[i], bindings, unordered, `${path}[${i}]`));
    // A set in no meaningful order: pair each documented item with some real one that matches it.
    const left = actual.map((a, i) => ({ a, i }));
    const problems: string[] = [];
    expected.forEach((e, i) => {
      const found = left.findIndex(({ a }) => {
        const trial = bindings.clone();
        if (matchJson(e, a, trial, unordered, `${path}[${i}]`).length > 0) return false;
        bindings.adopt(trial);
        return true;
      });
      if (found < 0)
        problems.push(`${path}[${i}]: no item matches ${JSON.stringify(e)} in ${JSON.stringify(actual)}`);
      else left.splice(found, 1);
    });
    return problems;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
    return keys.flatMap((k) =>
      !(k in e)
        ? [`${path}.${k}: not documented, got ${JSON.stringify(a[k])}`]
        : !(k in a)
          ? [`${path}.${k}: documented, but absent`]
          : matchJson(e[k], a[k], bindings, unordered, `${path}.${k}`),
    );
  }
  return Object.is(expected, actual)
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/**
 * Compares documented command output with real output: line by line, equal apart from ids (bound
 * through `bindings`), date-times and trailing spaces. Returns the differences.
 */
export function matchText(expected: string, actual: string, bindings: Bindings): string[] {
  const norm = (s: string) => s.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');
  const want = norm(expected).split('\n');
  const got = norm(actual).split('\n');
  if (want.length !== got.length) return [`expected ${want.length} lines, got ${got.length}:\n${actual}`];
  const problems: string[] = [];
  want.forEach((line, i) => {
    const ids: string[] = [];
    // Literal text between ids, date-times and shortened credentials, escaped; ids become groups,
    // date-times any date-time, a shortened credential any credential with its prefix.
    const source = line
      .split(new RegExp(`(${UUID_SOURCE}|${ANY_DATE.source}|${ANY_SHORT_TOKEN.source})`, 'i'))
      .map((part, k) => {
        if (k % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const token = SHORT_TOKEN.exec(part);
        if (token) return `${token[1]}[A-Za-z0-9_-]+(?:\\.${UUID_SOURCE})?`;
        if (!IS_UUID.test(part)) return ANY_DATE.source;
        ids.push(part.toLowerCase());
        return `(${UUID_SOURCE})`;
      })
      .join('');
    const m = new RegExp(`^${source}$`, 'i').exec(got[i]!);
    if (!m) return void problems.push(`line ${i + 1}: expected\n  ${line}\ngot\n  ${got[i]}`);
    ids.forEach((id, k) => {
      const problem = bindings.bindId(id, m[k + 1]!.toLowerCase());
      if (problem) problems.push(`line ${i + 1}: ${problem}`);
    });
  });
  return problems;
}

/**
 * Pairs ids at the same places of two values without judging anything else: used when a guide
 * is being rewritten from a run, where the documented values are expected to be out of date.
 */
export function bindLeniently(expected: unknown, actual: unknown, bindings: Bindings): void {
  if (typeof expected === 'string' && typeof actual === 'string') {
    if (IS_UUID.test(expected) && IS_UUID.test(actual))
      bindings.bindId(expected.toLowerCase(), actual.toLowerCase());
    else if (SHORT_TOKEN.test(expected)) bindings.tokens.set(expected, actual);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual))
    return expected.forEach((e, i) => bindLeniently(e, actual[i], bindings));
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object')
    for (const [k, v] of Object.entries(expected))
      bindLeniently(v, (actual as Record<string, unknown>)[k], bindings);
}

/** Text output: pairs ids line by line, in order of appearance (for rewriting a guide). */
export function bindTextLeniently(expected: string, actual: string, bindings: Bindings): void {
  const want = expected.split('\n');
  const got = actual.split('\n');
  want.forEach((line, i) => {
    const a = [...line.matchAll(ANY_UUID)].map((m) => m[0]);
    const b = [...(got[i] ?? '').matchAll(ANY_UUID)].map((m) => m[0]);
    a.forEach((id, k) => b[k] && bindings.bindId(id.toLowerCase(), b[k].toLowerCase()));
  });
}

/** A value as printed in a guide: credentials shortened, objects on one line where they fit. */
export async function formatJson(value: unknown): Promise<string> {
  const text = JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'string' && /^zk[a-z]_[A-Za-z0-9_-]{20,}(\.[0-9a-f-]{36})?$/.test(v) ? shortenToken(v) : v,
  );
  return (await prettier.format(text, { parser: 'json', printWidth: 125 })).trimEnd();
}
