import { db, dbReady } from '~/lib/db.server';

/** 200 once the database answers. */
export async function loader() {
  try {
    await dbReady;
    await db.$queryRawUnsafe('SELECT 1');
    return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
  } catch {
    return new Response('database unavailable', { status: 503 });
  }
}
