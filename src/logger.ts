import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Credentials never reach a log line: bearer tokens in headers and connection params, and the seat
 * tokens of a createGame payload. Paths are pino's (`*` is one level of any key).
 */
export const REDACTED_PATHS = [
  'authorization',
  'token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'connectionParams.authorization',
  '*.authorization',
  '*.token',
  '*.*.authorization',
  '*.*.token',
  '*.spectatorToken',
];

/** The service's logger; `destination` is for tests that read the log lines (default: stdout). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'zonekeeper' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
