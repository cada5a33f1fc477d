// A user as every /api answer shows it (SPEC §3 User), from what the viewer may see (user-view.server.ts).
import { z } from 'zod';
import { profileUrl, type UserView } from '~/domain/user-view.server';
import { detail, int, paginated } from '../openapi/shapes';

export const UserJson = z
  .strictObject({
    id: int(),
    username: z.string(),
    fullname: z.string().optional(),
    email: z.string().optional(),
    gender: z.enum(['M', 'F']).optional(),
    is_active: z.boolean().optional(),
    is_validated: z.boolean().optional(),
    coin: int().optional(),
    country: z.string().meta({ description: 'ISO 3166 two-letter code (BJ when none was given).' }),
    profile: z.string().meta({ description: 'Path of the profile picture (the default image when none).' }),
    is_staff: z.boolean(),
    is_superuser: z.boolean(),
    type: z.enum(['Collaborater', 'Learner']).optional().meta({ description: "The superuser's Type column." }),
  })
  .meta({ id: 'User', description: 'fullname, email, gender, is_active, is_validated and coin only for staff and the user themself; type for the superuser.' });

/** A row of the learners list and GET /api/auth/users/{id}/: the user with their practice points. */
export const UserWithPointsJson = UserJson.extend({ total_points: int() }).meta({ id: 'UserWithPoints' });
export const UserPageJson = paginated(UserWithPointsJson, 'UserPage');
/** GET and PUT /api/auth/users/me/. */
export const MeJson = UserJson.extend({ has_active_team: z.boolean().meta({ description: 'A member of a team in an event that has not ended.' }) }).meta({ id: 'Me' });
/** POST /api/auth/users/ by staff: the new collaborator and SPEC §8's message. */
export const CollaboratorJson = UserJson.extend({ detail: detail() }).meta({ id: 'CreatedCollaborator' });

export function userJson(view: UserView): z.infer<typeof UserJson> {
  return {
    id: view.id,
    username: view.username,
    ...(view.private
      ? {
          fullname: view.private.fullname,
          email: view.private.email,
          gender: view.private.gender as 'M' | 'F',
          is_active: view.private.isActive,
          is_validated: view.private.isValidated,
          coin: view.private.coin,
        }
      : {}),
    country: view.country,
    profile: profileUrl(view),
    is_staff: view.isStaff,
    is_superuser: view.isSuperuser,
    ...(view.type ? { type: view.type } : {}),
  };
}
