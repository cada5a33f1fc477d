// Team input, shared by the team pages and /api/teams (SPEC §5 "Team": passwords must match;
// creation requires name and passwords; update requires the name only, passwords optional; join
// requires team name and password, or the invitation code). Browser-safe: no server-only import.
import { z } from 'zod';
import { MESSAGES } from '~/lib/messages';
import { passwordField } from './account';
import { id, optional, requiredString, string, text, tooLong } from './fields';
import { INVITATION_CODE } from './invitation';

export const TEAM_NAME_MAX = 50;
export const PASSWORDS_MISMATCH = "This two password field didn't match";
/** SPEC §2 and §8 sentences the team pages show (here so components may import them). */
export const NO_TEAM = MESSAGES.noTeam;
export const TEAM_UPDATED = 'Your Team account has been successfully modified.';

const teamName = text(TEAM_NAME_MAX);

export const teamCreateSchema = z
  .object({
    name: teamName,
    password: passwordField,
    re_password: requiredString(),
    /** The event, when the URL does not name it (/teams/create, or the API's body). */
    event: optional(id()),
  })
  .refine((v) => v.password === v.re_password, { message: PASSWORDS_MISMATCH, path: ['re_password'] });
export type TeamCreateInput = z.infer<typeof teamCreateSchema>;

export const teamUpdateSchema = z
  .object({
    name: teamName,
    /** The new password: optional; changing it needs current_password. */
    password: optional(passwordField),
    re_password: optional(string().max(128, tooLong(128))),
    current_password: optional(string().max(128, tooLong(128))),
  })
  .refine((v) => (v.password ?? '') === (v.re_password ?? ''), { message: PASSWORDS_MISMATCH, path: ['re_password'] })
  .refine((v) => !v.password || !!v.current_password, { message: 'Enter the current password to choose a new one.', path: ['current_password'] });
export type TeamUpdateInput = z.infer<typeof teamUpdateSchema>;

/**
 * Joining: by the invitation code alone, or by the team's name and password (with the event when the
 * same name exists in several open events).
 */
export const teamJoinSchema = z
  .object({
    name: optional(string().trim().max(TEAM_NAME_MAX, tooLong(TEAM_NAME_MAX))),
    password: optional(string().max(128, tooLong(128))),
    code_invitation: optional(string().trim().regex(INVITATION_CODE, 'This invitation code is not valid.')),
    event: optional(id()),
  })
  .superRefine((v, ctx) => {
    if (v.code_invitation) return;
    if (!v.name) ctx.addIssue({ code: 'custom', message: 'This field is required.', path: ['name'] });
    if (!v.password) ctx.addIssue({ code: 'custom', message: 'This field is required.', path: ['password'] });
  });
export type TeamJoinInput = z.infer<typeof teamJoinSchema>;
