import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'zonekeeper' },
    redact: { paths: ['req.headers.authorization', '*.authorization', '*.token'], censor: '[redacted]' },
  });
}
