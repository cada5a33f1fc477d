// Typed domain errors; routes turn them into HTTP once, here.
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(public status: number, message: string, public code?: string) {
    // A domain error is an answer (a wrong flag is one), not a fault: its stack is never logged or
    // read, and capturing it cost about 5% of a wrong flag attempt.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found.') { super(404, message); }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to perform this action.') { super(403, message); }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication credentials were not provided.', code?: string) { super(401, message, code); }
}
export class Conflict extends DomainError {
  constructor(message: string) { super(409, message); }
}
export class RateLimited extends DomainError {
  constructor(public retryAfterSeconds: number, message = `Too many attempts. Try again in ${retryAfterSeconds} seconds.`) {
    super(429, message);
  }
}
export class Invalid extends DomainError {
  constructor(public fields: FieldErrors) {
    super(400, Object.values(fields)[0]?.[0] ?? 'Invalid input.');
  }
}

/** Conform's error map (form-level errors under '') as API field errors (under non_field_errors). */
export function fromConformErrors(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(error ?? {})) if (messages?.length) fields[key || 'non_field_errors'] = messages;
  return fields;
}

/** Throws Invalid with one message for one field. */
export function invalid(field: string, message: string): never {
  throw new Invalid({ [field]: [message] });
}

/** The JSON body the API sends for a domain error (SPEC §7 / ARCHITECTURE "API conventions"). */
export function errorBody(error: DomainError): Record<string, unknown> {
  if (error instanceof Invalid) return error.fields;
  return error.code ? { detail: error.message, code: error.code } : { detail: error.message };
}
