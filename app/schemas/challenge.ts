// Input shapes for challenge authoring, shared by the pages (conform) and /api. They check the shape
// of each field; rules that compare fields or need the database (minimal <= initial, the training
// week of a training-platform event, the hint's half rule...) live in
// app/domain/challenge-authoring.server.ts.
import { z } from 'zod';
import { REQUIRED, boolean, choice, id, integer, optionalInteger, text } from './fields';

export { REQUIRED };

export const CHALLENGE_TYPES = ['standard', 'dynamic'] as const;
export const LEVELS = ['easy', 'medium', 'difficult'] as const;
export const COLLATIONS = ['plain_text', 'regex'] as const;
export const TRAINING_WEEKS = { min: 1, max: 20 } as const;
export const MAX_POINTS = 100_000;
export const MAX_FLAG_VALUE_LENGTH = 1000;

/**
 * Flags no learner could ever submit (learners' attempts must have the format CTF{flag}, SPEC §5):
 * a plain text flag of another format is refused; a regex that looks unable to match that format
 * is saved, with this warning (docs/rules.md "Authoring").
 */
export const PLAIN_FLAG_FORMAT = 'A plain text flag must have the format CTF{flag}: learners can only submit flags of that format.';
export const REGEX_FLAG_WARNING =
  'This regular expression does not seem to match any flag of the format CTF{flag}, the only format learners can submit: check it (for example CTF\\{[a-z_]+\\}).';

/** Success texts of SPEC §8, and the ones the spec leaves to us. */
export const AUTHORING_MESSAGES = {
  added: 'Addition completed successfully!',
  updated: 'Update completed successfully!',
  challengeDeleted: 'Challenge deleted successfully!',
  fileDeleted: 'File deleted successfully!',
} as const;

/** The main form: everything a challenge is, but its flag, hint and files. */
export const challengeFields = {
  name: text(100),
  category: id(),
  type: choice(CHALLENGE_TYPES).default('standard'),
  // Markdown (raw HTML allowed); the domain stores it and its sanitized HTML.
  description: text(50_000),
  level: choice(LEVELS).default('easy'),
  initial_value: integer(0, MAX_POINTS),
  minimal_value: optionalInteger(0, MAX_POINTS).optional(),
  decay_value: optionalInteger(0, MAX_POINTS).optional(),
  is_active: boolean().default(true),
  training_week: optionalInteger(TRAINING_WEEKS.min, TRAINING_WEEKS.max).optional(),
  next: optionalInteger(1, Number.MAX_SAFE_INTEGER).optional(),
};

export const challengeSchema = z.object(challengeFields);
export type ChallengeInput = z.infer<typeof challengeSchema>;

/** PUT: any subset of the main fields, merged over the challenge's current values. */
export const challengePatchSchema = z.object({
  ...challengeFields,
  type: choice(CHALLENGE_TYPES).optional(),
  level: choice(LEVELS).optional(),
  is_active: boolean().optional(),
}).partial();
export type ChallengePatch = z.infer<typeof challengePatchSchema>;

export const flagFields = {
  value: text(MAX_FLAG_VALUE_LENGTH),
  collation: choice(COLLATIONS),
};
export const flagSchema = z.object(flagFields);
export type FlagInput = z.infer<typeof flagSchema>;

/** The create page's last step: the main fields (kept in hidden inputs), the flag and the files. */
export const challengeWithFlagSchema = z.object({ ...challengeFields, ...flagFields });

/** POST /api/challenges/: the main fields, the scope's event, and the flag as a JSON object or string. */
export const apiChallengeCreateSchema = z.object({
  ...challengeFields,
  event: optionalInteger(1, Number.MAX_SAFE_INTEGER).optional(),
});

export const hintSchema = z.object({
  description: text(5_000),
  score: integer(0, MAX_POINTS),
});
export type HintInput = z.infer<typeof hintSchema>;

export const nextSchema = z.object({ next: optionalInteger(1, Number.MAX_SAFE_INTEGER) });

/**
 * The API's `flag` field: a JSON object, or (in multipart) a JSON string of one. Errors are keyed
 * by the flag's own fields, value and collation, as SPEC §8 shows them.
 */
export function parseFlagField(raw: unknown): { flag: FlagInput | null; errors: Record<string, string[]> } {
  if (raw === undefined || raw === null || raw === '') return { flag: null, errors: {} };
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { flag: null, errors: { flag: ['Value must be valid JSON.'] } };
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { flag: null, errors: { flag: ['Expected an object with value and collation.'] } };
  const result = flagSchema.safeParse(value);
  if (result.success) return { flag: result.data, errors: {} };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? 'flag')] ??= []).push(issue.message);
  return { flag: null, errors };
}

/** Multipart bodies send empty strings for untouched inputs; treat them as absent. */
export function withoutBlanks(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}
