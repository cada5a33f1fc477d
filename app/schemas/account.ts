// Form and API input shapes for accounts. Messages follow SPEC §5/§8 where it gives them and
// Django's wording (which the spec's API descends from) where it does not.
// Browser-safe (no server-only imports), so forms can validate on the client with the same schema.
import { z } from 'zod';
import { isCountryCode } from '~/lib/countries';
import { LANGUAGES } from '~/lib/i18n';
import { NOT_LIST, REQUIRED, choice, id, requiredString, string, text, tooLong } from './fields';

export const emailField = string()
  .trim()
  .min(1, REQUIRED)
  .max(254, tooLong(254))
  .pipe(z.email('Enter a valid email address.'))
  .transform((e) => e.toLowerCase());

export const usernameField = text(30).regex(/^[\w.@+-]{3,30}$/, 'Enter a valid username. It must be 3 to 30 characters: letters, numbers, and @/./+/-/_ only.');

export const passwordField = requiredString()
  .min(8, 'This password is too short. It must contain at least 8 characters.')
  .max(128, tooLong(128))
  .refine((p) => !/^\d+$/.test(p), 'This password is entirely numeric.');

export const genderField = choice(['M', 'F']).default('M');
export const countryField = string()
  .trim()
  .min(1, REQUIRED)
  .transform((c) => c.toUpperCase())
  .refine(isCountryCode, 'Select a valid country.');

/**
 * The account's language (lib/language.server.ts): 'en' or 'fr', or '' (null in JSON) to follow the
 * browser, stored as null. Left out, the setting stays as it was. A form posts its select's '' as
 * a blank value, which conform reads as left out: the page with the select reads that as ''
 * (routes/account/me.tsx).
 */
export const languageField = z
  .preprocess((v) => (v === null ? '' : v), choice(['', ...LANGUAGES] as const))
  .transform((v) => (v === '' ? null : v))
  .optional();

const mismatch = "The two password fields didn't match.";

export const profileFields = {
  username: usernameField,
  fullname: text(100),
  email: emailField,
  gender: genderField,
  country: countryField,
};

export const signUpSchema = z
  .object({ ...profileFields, password: passwordField, re_password: requiredString() })
  .refine((v) => v.password === v.re_password, { message: mismatch, path: ['re_password'] });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({ ...profileFields, language: languageField });
export type ProfileInput = z.infer<typeof profileSchema>;

/** A collaborator's account is created by staff: its language is the collaborator's own to set. */
export const collaboratorSchema = z.object(profileFields);

export const loginSchema = z.object({
  email: emailField,
  password: requiredString().max(128, tooLong(128)),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const uidTokenSchema = z.object({
  uid: requiredString().max(64, tooLong(64)),
  token: requiredString().max(128, tooLong(128)),
});

export const resetPasswordSchema = uidTokenSchema
  .extend({ new_password: passwordField, re_new_password: requiredString() })
  .refine((v) => v.new_password === v.re_new_password, { message: mismatch, path: ['re_new_password'] });

export const learnerIdsSchema = z.object({
  ids: z.array(id(), { error: (issue) => (issue.input === undefined ? REQUIRED : NOT_LIST) }).min(1, 'Select at least one learner.').max(500, 'Select at most 500 learners.'),
});
