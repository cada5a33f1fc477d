import { z } from 'zod';
import { MAX_FLAG_LENGTH } from '~/domain/flag-match.server';

const required = 'This field is required.';
export const FLAG_FORMAT_MESSAGE = 'The flag must have the format CTF{flag}.';

/** SPEC §5: required, format CTF{flag}; capped in length before any matching. */
export const flagAttemptField = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(MAX_FLAG_LENGTH, `Ensure this field has no more than ${MAX_FLAG_LENGTH} characters.`)
  .regex(/^CTF\{[\s\S]*\}$/, FLAG_FORMAT_MESSAGE);

export const verifyFlagSchema = z.object({ flag: flagAttemptField });
export const submitFlagSchema = z.object({ value: flagAttemptField });
