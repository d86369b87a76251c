/** The embedded database cannot start; the message is one line that names the cause. */
export class EmbeddedStartError extends Error {
  override readonly name = 'EmbeddedStartError';
}

/** The first line of an error's message: what a one-line cause quotes of a child's failure. */
export function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
