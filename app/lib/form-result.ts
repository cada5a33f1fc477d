// Reading conform's reply to a page action (app/lib/form.server.ts) in a page that has several
// forms, each posting its `intent`. Browser-safe.
import type { SubmissionResult } from '@conform-to/react';

type Result = SubmissionResult<string[]>;

/** The reply if it answers the form of `intent` (whose schema reads the intent back), else null. */
export function resultFor(result: Result | null | undefined, intent: string): Result | null {
  return result?.initialValue?.intent === intent ? result : null;
}

/**
 * What `name` held when the form was posted, for the form `result` answers (blank fields, which the
 * reply leaves out, come back blank), else `fallback`.
 */
export function typedValue(result: Result | null | undefined, name: string, fallback = ''): string {
  if (!result) return fallback;
  const value = result.initialValue?.[name];
  return typeof value === 'string' ? value : '';
}

/** The text values of the reply (blank fields, which it leaves out, are missing). */
export function typedValues(result: Result | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(result?.initialValue ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
