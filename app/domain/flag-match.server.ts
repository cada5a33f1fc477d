// Flag collations (SPEC §3 Flag): a registry of matchers. Neither can be made slow by its input.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RE2JS } from 're2js';
import { say } from '~/lib/i18n';
import { MAX_FLAG_LENGTH } from '~/schemas/flag-attempt';

export { MAX_FLAG_LENGTH };

const key = randomBytes(32);
// Comparing fixed-length MACs takes the same time whatever the flag's length or content.
const mac = (s: string) => createHmac('sha256', key).update(s).digest();
// A flag's own MAC is the same at every attempt: kept for the flags in play (bounded), so an attempt
// costs one HMAC, its own.
const flagMacs = new Map<string, Buffer>();
function flagMac(flag: string): Buffer {
  let found = flagMacs.get(flag);
  if (!found) {
    if (flagMacs.size >= 1_000) flagMacs.delete(flagMacs.keys().next().value!);
    flagMacs.set(flag, (found = mac(flag)));
  }
  return found;
}

export type Matcher = (flag: string, attempt: string) => boolean;

export const COLLATIONS: Record<string, Matcher> = {
  /** Exact match after trimming surrounding white space, in constant time. */
  plain_text: (flag, attempt) => timingSafeEqual(flagMac(flag.trim()), mac(attempt.trim())),
  /** A full match on RE2 (linear time: no pattern can be made to backtrack). */
  regex: (flag, attempt) => {
    try {
      return RE2JS.compile(flag).matcher(attempt.trim()).matches();
    } catch {
      return false;
    }
  },
};

export const COLLATION_NAMES = Object.keys(COLLATIONS) as ('plain_text' | 'regex')[];

export function flagMatches(flag: { value: string; collation: string }, attempt: string): boolean {
  if (attempt.length > MAX_FLAG_LENGTH) return false;
  return (COLLATIONS[flag.collation] ?? COLLATIONS.plain_text)(flag.value, attempt);
}

/** Checks that a regex flag compiles on RE2; returns the error message otherwise. */
export function regexError(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    return say('Invalid regular expression: {{error}}', { error: (error as Error).message });
  }
}
