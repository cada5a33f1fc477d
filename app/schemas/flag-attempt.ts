// Flag attempts (check and submit), shared by the board page and the API. Browser-safe.
import { z } from 'zod';
import { fileTooLarge, intentSchema, postedId, string, REQUIRED, tooLong, withFile, type FileRules } from './fields';

/** Longest flag attempt accepted; longer ones are refused before matching (flag-match.server.ts). */
export const MAX_FLAG_LENGTH = 1000;
export const FLAG_FORMAT_MESSAGE = 'The flag must have the format CTF{flag}.';
/** SPEC §5 and §9: what every flag looks like (after trimming the white space around it). */
export const FLAG_FORMAT = /^CTF\{[\s\S]*\}$/;

/** SPEC §5: required, format CTF{flag}; capped in length before any matching. */
export const flagAttemptField = string()
  .trim()
  .min(1, REQUIRED)
  .max(MAX_FLAG_LENGTH, tooLong(MAX_FLAG_LENGTH))
  .regex(FLAG_FORMAT, FLAG_FORMAT_MESSAGE);

export const verifyFlagSchema = z.object({ flag: flagAttemptField });
export const submitFlagSchema = z.object({ value: flagAttemptField });

/** The writeup submitted with a flag (SPEC §5: required in submit mode, except black-friday). */
export const MAX_WRITEUP_BYTES = 10 * 1024 * 1024;
export const WRITEUP_REQUIRED = 'A writeup file is required.';

/** The writeup's rules, the form's and the domain's; `required` is the scope's (writeupRequired). */
export const writeupRules = (required: boolean): FileRules => ({
  required: required ? WRITEUP_REQUIRED : undefined,
  maxBytes: MAX_WRITEUP_BYTES,
  tooLarge: () => fileTooLarge(MAX_WRITEUP_BYTES),
});

/** The board's step one (app/components/flag-forms.tsx): a flag checked for one challenge. */
export const checkFlagForm = intentSchema('check', verifyFlagSchema.extend({ challenge: postedId() }));
const SUBMIT_FLAG_FORM = intentSchema('submit', submitFlagSchema.extend({ challenge: postedId() }));
/**
 * The board's step two, given its writeup (the action reads the posted file, the browser the chosen
 * one) and whether the scope asks for one (writeupRequired).
 */
export const submitFlagForm = (writeup: unknown, required: boolean) => withFile(SUBMIT_FLAG_FORM, 'writeup', writeup, writeupRules(required));
