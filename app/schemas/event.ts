// Input shape of the event form and /api/events (SPEC §5 Event), shared by the page (conform) and the
// API. It checks each field alone; the rules that compare fields or depend on the type (end after
// start, place and register link for in-person events, the image on create) live in
// app/domain/events.server.ts, which reads the type's rules from the registry.
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '~/domain/event-types';
import { blank, choice, isChosenFile, optional, optionalInteger, REQUIRED, string, text, tooLong } from './fields';

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];
export const MAX_TEAM_SIZE = 1000;
export const INVALID_DATE = 'Enter a valid date and time (YYYY-MM-DDTHH:MM, UTC unless a zone is given).';
export const INVALID_URL = 'Enter a valid URL.';

/** Success texts: SPEC §8's for deletion, §8's generic ones for the form. */
export const EVENT_MESSAGES = {
  created: 'Addition completed successfully!',
  updated: 'Update completed successfully!',
  deleted: 'Event deleted successfully!',
  registered: 'You are registered for this event.',
  endAfterStart: 'The end date must be after the start date.',
  imageType: 'Upload a PNG, JPEG or WebP image.',
} as const;

/**
 * A date-time: ISO 8601 with a zone, or a form's `YYYY-MM-DDTHH:MM[:SS]` without one, read as UTC
 * (the form says so). Anything else is refused rather than guessed.
 */
export const dateTime = () =>
  z.preprocess(
    (v) => {
      if (blank(v) || typeof v !== 'string') return v;
      const s = v.trim();
      if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(s)) return new Date(NaN);
      const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(s);
      const iso = s.length === 10 ? `${s}T00:00:00Z` : `${s.replace(' ', 'T')}${zoned ? '' : 'Z'}`;
      return new Date(iso);
    },
    z.date({ error: (issue) => (blank(issue.input) ? 'This field is required.' : INVALID_DATE) }).refine((d) => !Number.isNaN(d.getTime()), INVALID_DATE),
  );

/** An http(s) URL, or absent. */
const link = () =>
  optional(
    string()
      .trim()
      .max(500, tooLong(500))
      .refine((v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, INVALID_URL),
  );

export const eventFields = {
  name: text(200),
  type: choice(EVENT_TYPE_NAMES),
  // Markdown (raw HTML allowed); the domain stores its sanitized HTML.
  description: text(50_000),
  place: optional(string().trim().max(200, tooLong(200))),
  register_link: link(),
  pictures_link: link(),
  start_date: dateTime(),
  end_date: dateTime(),
  team_size_limit: optionalInteger(1, MAX_TEAM_SIZE).optional(),
};

export const eventSchema = z.object(eventFields);
export type EventInput = z.infer<typeof eventSchema>;

/**
 * The form's schema on create, given the form's `image`: when other fields are refused, a missing
 * image is said with them (when they pass, the domain says it with its own rules). The action reads
 * the image from the posted form, the browser from the form it checks.
 */
export const eventCreateSchema = (image: unknown) =>
  eventSchema.refine(() => isChosenFile(image), { path: ['image'], message: REQUIRED, when: (payload) => payload.issues.length > 0 });

/** PUT: any subset, merged over the event's current values before the whole is checked. */
export const eventPatchSchema = eventSchema.partial();
export type EventPatch = z.infer<typeof eventPatchSchema>;

const CLEARABLE = ['place', 'register_link', 'pictures_link'] as const;
export type EventUpdate = Omit<EventPatch, (typeof CLEARABLE)[number]> & { [K in (typeof CLEARABLE)[number]]?: string | null };

/**
 * What a PUT or the edit form changes: a text field sent blank is cleared (null); one not sent stays
 * as it is (undefined). The schema alone cannot tell them apart: both parse as absent.
 */
export function withCleared(sent: Record<string, unknown>, patch: EventPatch): EventUpdate {
  const update: EventUpdate = { ...patch };
  for (const key of CLEARABLE) if (key in sent && blank(sent[key])) update[key] = null;
  return update;
}

/** The type select's options, labelled from the registry (online is 'Other Competition'). */
export const EVENT_TYPE_OPTIONS = EVENT_TYPE_NAMES.map((value) => ({ value, label: EVENT_TYPES[value].label }));
