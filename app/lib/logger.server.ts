import pino from 'pino';
import { env } from './env.server';

// Redaction is a safety net: the code never passes secrets to the logger on purpose.
export const logger = pino({
  level: env.logLevel,
  redact: {
    paths: ['password', 're_password', 'new_password', 'token', 'flag', 'value', 'access', 'refresh', '*.password', '*.token', '*.flag', 'req.headers.cookie', 'req.headers.authorization'],
    censor: '[redacted]',
  },
});
