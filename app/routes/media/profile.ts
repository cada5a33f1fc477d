import { extname } from 'node:path';
import { db } from '~/lib/db.server';
import { requireUser } from '~/lib/auth.server';
import { attachment } from '~/lib/uploads.server';
import type { Route } from './+types/profile';

/** A profile picture, for signed-in users; named after its owner (SPEC §2 default image rule). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const user = await db.user.findUnique({ where: { id: Number(params.id) || 0 }, select: { username: true, profile: true } });
  if (!user?.profile) return new Response('Not found', { status: 404 });
  return attachment('profiles', user.profile, `${user.username}${extname(user.profile)}`);
}
