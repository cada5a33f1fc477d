// Form and API input shapes for accounts. Messages follow SPEC §5/§8 where it gives them and
// Django's wording (which the spec's API descends from) where it does not.
import { z } from 'zod';
import { isCountryCode } from '~/lib/countries.server';

const required = 'This field is required.';
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, `Ensure this field has no more than ${max} characters.`);

export const emailField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((e) => e.toLowerCase());

export const usernameField = text(30).regex(/^[\w.@+-]{3,30}$/, 'Enter a valid username. It must be 3 to 30 characters: letters, numbers, and @/./+/-/_ only.');

export const passwordField = z
  .string({ error: required })
  .min(1, required)
  .min(8, 'This password is too short. It must contain at least 8 characters.')
  .max(128, 'Ensure this field has no more than 128 characters.')
  .refine((p) => !/^\d+$/.test(p), 'This password is entirely numeric.');

export const genderField = z.enum(['M', 'F'], { error: 'Select a valid choice.' }).default('M');
export const countryField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .transform((c) => c.toUpperCase())
  .refine(isCountryCode, 'Select a valid country.');

const mismatch = "The two password fields didn't match.";

export const profileFields = {
  username: usernameField,
  fullname: text(100),
  email: emailField,
  gender: genderField,
  country: countryField,
};

export const signUpSchema = z
  .object({ ...profileFields, password: passwordField, re_password: z.string({ error: required }).min(1, required) })
  .refine((v) => v.password === v.re_password, { message: mismatch, path: ['re_password'] });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object(profileFields);
export type ProfileInput = z.infer<typeof profileSchema>;

export const collaboratorSchema = profileSchema;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: required }).min(1, required).max(128),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const uidTokenSchema = z.object({
  uid: z.string({ error: required }).min(1, required).max(64),
  token: z.string({ error: required }).min(1, required).max(128),
});

export const resetPasswordSchema = uidTokenSchema
  .extend({ new_password: passwordField, re_new_password: z.string({ error: required }).min(1, required) })
  .refine((v) => v.new_password === v.re_new_password, { message: mismatch, path: ['re_new_password'] });

export const learnerIdsSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, 'Select at least one learner.').max(500),
});
