// @ts-check
/**
 * ESLint rule `zonekeeper/resolver-responses`: a resolver in `src/resolvers/` returns what
 * `src/render` shaped, never an object literal of its own (issue 39: every outgoing shape is built
 * in `render/`, on types of its own).
 *
 * The resolvers are the functions at the places of a resolver map: an object literal checked with
 * `satisfies Resolvers` (or declared `: Resolvers`), its type and field objects, and what a field
 * names in the same file (a constant, a function, an object filled in by assignments, or what a
 * local function returns, as `resolverOf(entry)` in `mutations.ts`). From each resolver the rule
 * follows every value it can return: through `await`, `?:`, `??`/`||`/`&&`, arrays, casts, local
 * constants, calls of functions of the same file, `.map`/`.flatMap`/`.then` callbacks and returned
 * functions. An object literal met on that path is refused. Values made elsewhere (a render
 * function, the authority, an import) end the path: what they return is theirs to shape.
 *
 * Objects a resolver passes as arguments (the authority's requests, a render function's options)
 * and the inputs built for the authority (`move-inputs/`, `seatsOf`) are not responses and are not
 * followed.
 */

/** @typedef {import('eslint').Rule.Node} Node */
/** @typedef {import('eslint').Scope.Scope} Scope */

const MAPPING_CALLS = new Set(['map', 'flatMap', 'then']);

/** @param {any} node */
const isFunction = (node) =>
  node.type === 'ArrowFunctionExpression' ||
  node.type === 'FunctionExpression' ||
  node.type === 'FunctionDeclaration';

/** A cast, `satisfies`, `!`, `await` or optional chain around a value: the value itself. */
function unwrap(/** @type {any} */ node) {
  while (
    [
      'TSAsExpression',
      'TSSatisfiesExpression',
      'TSNonNullExpression',
      'AwaitExpression',
      'ChainExpression',
    ].includes(node.type)
  )
    node = node.type === 'AwaitExpression' ? node.argument : node.expression;
  return node;
}

/** The expressions a function can return (not those of the functions nested in it). */
function returnsOf(/** @type {any} */ fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  /** @type {any[]} */
  const found = [];
  const visit = (/** @type {any} */ node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node !== fn && isFunction(node)) return;
    if (node.type === 'ReturnStatement' && node.argument) found.push(node.argument);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(fn.body);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const resolverResponses = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Resolvers return values shaped by src/render, never object literals of their own.',
    },
    schema: [],
    messages: {
      literal:
        'A resolver returns what src/render shapes: build this outgoing object in src/render (a function ' +
        'exported by render/index.ts), not in a resolver.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    const seen = new Set();

    /** The variable `id` names, where it is declared in this file. */
    function variableOf(/** @type {any} */ id) {
      for (let scope = /** @type {Scope | null} */ (source.getScope(id)); scope; scope = scope.upper) {
        const variable = scope.set.get(id.name);
        if (variable) return variable;
      }
      return null;
    }

    /** What a local name stands for: its function, its constant's value, and values assigned into it. */
    function definitionsOf(/** @type {any} */ id) {
      const variable = variableOf(id);
      if (!variable) return [];
      /** @type {any[]} */
      const values = [];
      for (const def of variable.defs) {
        if (def.type === 'FunctionName') values.push(def.node);
        if (def.type === 'Variable' && def.node.init) values.push(def.node.init);
      }
      for (const ref of variable.references) {
        const member = /** @type {any} */ (ref.identifier).parent;
        const assigned = member?.parent;
        if (member?.type === 'MemberExpression' && member.object === ref.identifier)
          if (assigned?.type === 'AssignmentExpression' && assigned.left === member)
            values.push(assigned.right);
      }
      return values;
    }

    /** The functions a call of this file runs: a local function by name. */
    function localCallee(/** @type {any} */ call) {
      if (call.callee.type !== 'Identifier') return [];
      return definitionsOf(call.callee).filter(isFunction);
    }

    /** A value at a place of the resolver map: a resolver, a nested map, or a name for one. */
    function mapValue(/** @type {any} */ raw) {
      const node = unwrap(raw);
      if (seen.has(node)) return;
      seen.add(node);
      if (isFunction(node)) return resolver(node);
      if (node.type === 'ObjectExpression')
        for (const p of node.properties) mapValue(p.type === 'Property' ? p.value : p.argument);
      else if (node.type === 'Identifier') definitionsOf(node).forEach(mapValue);
      else if (node.type === 'CallExpression')
        for (const fn of localCallee(node)) returnsOf(fn).forEach(mapValue);
    }

    /** A resolver: every value it returns is a response. */
    function resolver(/** @type {any} */ fn) {
      returnsOf(fn).forEach(response);
    }

    /** A value on a resolver's return path. */
    function response(/** @type {any} */ raw) {
      const node = unwrap(raw);
      if (seen.has(node)) return;
      seen.add(node);
      switch (node.type) {
        case 'ObjectExpression':
          context.report({ node, messageId: 'literal' });
          return;
        case 'ArrayExpression':
          for (const e of node.elements) if (e) response(e.type === 'SpreadElement' ? e.argument : e);
          return;
        case 'ConditionalExpression':
          response(node.consequent);
          response(node.alternate);
          return;
        case 'LogicalExpression':
          response(node.left);
          response(node.right);
          return;
        case 'SequenceExpression':
          response(node.expressions[node.expressions.length - 1]);
          return;
        case 'Identifier':
          definitionsOf(node).forEach(response);
          return;
        case 'ArrowFunctionExpression':
        case 'FunctionExpression':
        case 'FunctionDeclaration':
          resolver(node);
          return;
        case 'CallExpression': {
          for (const fn of localCallee(node)) resolver(fn);
          const callee = node.callee;
          const name = callee.type === 'MemberExpression' ? callee.property.name : undefined;
          const callback = node.arguments[0];
          if (MAPPING_CALLS.has(name) && callback && isFunction(callback)) resolver(callback);
          return;
        }
        default:
          return;
      }
    }

    /** @param {any} type */
    const namesResolvers = (type) =>
      type?.type === 'TSTypeReference' &&
      type.typeName.type === 'Identifier' &&
      type.typeName.name === 'Resolvers';

    return {
      TSSatisfiesExpression(/** @type {any} */ node) {
        if (namesResolvers(node.typeAnnotation)) mapValue(node.expression);
      },
      VariableDeclarator(/** @type {any} */ node) {
        if (node.init && namesResolvers(node.id.typeAnnotation?.typeAnnotation)) mapValue(node.init);
      },
    };
  },
};
