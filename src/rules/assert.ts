/** Exhaustiveness guard for switches over unions: a compile error if a case is missing. */
export function assertNever(x: never): never {
  throw new Error(`unreachable case: ${JSON.stringify(x)}`);
}
