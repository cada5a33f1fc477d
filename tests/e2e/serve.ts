// The server the browser journeys use: the production build, an SMTP sink, its own database.
import { startTestServer } from '../support/test-server';

const server = await startTestServer('e2e', { PORT: process.env.E2E_PORT ?? '3199', RATE_LIMIT_FACTOR: '50' });
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
