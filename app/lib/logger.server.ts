import pino from 'pino';
import { env } from './env.server';

// The one logger, for server.ts's request lines and the app alike. Written asynchronously: lines
// that come while a write is under way go out together in the next one, so a busy server makes one
// system call for many lines rather than one each; pino flushes what is pending when the process
// exits. Redaction is a safety net: the code never passes secrets to the logger on purpose.
export const logger = pino(
  {
    level: env.logLevel,
    redact: {
      paths: ['password', 're_password', 'new_password', 'token', 'flag', 'value', 'access', 'refresh', '*.password', '*.token', '*.flag', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  },
  pino.destination({ dest: 1, sync: false }),
);
