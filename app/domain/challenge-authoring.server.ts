// Challenge authoring by staff (SPEC §2 "Create/edit challenge", §5): the challenge, its flag, its
// hint and its recommended next challenge. Written for a Scope: practice now, events later.
import type { Category, Challenge, ChallengeFile, Flag, Hint, Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Invalid, NotFound, type FieldErrors } from '~/lib/errors.server';
import { noSuchObject } from '~/schemas/fields';
import { remove } from '~/lib/uploads.server';
import { hasContent, markdownToSafeHtml } from '~/lib/rich-text.server';
import { RE2JS } from 're2js';
import { FLAG_FORMAT } from '~/schemas/flag-attempt';
import {
  PLAIN_FLAG_FORMAT,
  REGEX_FLAG_WARNING,
  REQUIRED,
  type ChallengeInput,
  type ChallengePatch,
  type FlagInput,
  type HintInput,
} from '~/schemas/challenge';
import { CHALLENGE_NOT_FOUND } from './challenge-access.server';
import { boardChallenge } from './challenge-board.server';
import { discardStored, readUploads, storeUploads } from './challenge-files.server';
import { regexError } from './flag-match.server';
import { HINT_NOT_FOUND } from './hints.server';
import { isStaff, requireStaff, requireSuperuser, type Actor } from './policy.server';
import { countingSubmissions, inScope, PRACTICE, rulesOf, scopeEventId, type Scope } from './scope.server';
import { logStaffAction } from './staff-log.server';

export const HINT_TOO_EXPENSIVE = 'Hint score should be less than or equal to half of the initial challenge value';
export const MINIMAL_ABOVE_INITIAL = 'Minimal value should be less than or equal to the initial value';
export const NEXT_IS_SELF = 'A challenge cannot recommend itself.';
export const HINT_EXISTS = 'This challenge already has a hint.';
export const FLAG_NOT_FOUND = 'No Flag matches the given query.';

export type ChallengeWithParts = Challenge & { category: Category; flag: Flag | null; hint: Hint | null; files: ChallengeFile[] };
const PARTS = { category: true, flag: true, hint: true, files: { orderBy: { id: 'asc' } } } as const satisfies Prisma.ChallengeInclude;

/** Training-platform events number their challenges by week (SPEC §5); nothing else does. */
export function needsTrainingWeek(scope: Scope): boolean {
  return rulesOf(scope).trainingWeeks;
}

export async function scopeOfChallenge(challenge: Pick<Challenge, 'eventId'>): Promise<Scope> {
  if (challenge.eventId === null) return PRACTICE;
  const event = await db.event.findUniqueOrThrow({ where: { id: challenge.eventId } });
  return { kind: 'event', event };
}

/** The scope named by the API's `event` field (none: practice). */
export async function scopeOfEventField(eventId: number | null | undefined): Promise<Scope> {
  if (!eventId) return PRACTICE;
  const event = await db.event.findUnique({ where: { id: eventId } });
  if (!event) throw new Invalid({ event: [noSuchObject(eventId)] });
  return { kind: 'event', event };
}

type ChallengeData = Omit<Prisma.ChallengeUncheckedCreateInput, 'eventId' | 'authorId'>;

/**
 * Applies every rule of a challenge's main fields and returns what to store, or throws Invalid
 * with all the field errors at once.
 */
async function resolveFields(scope: Scope, input: ChallengeInput, self?: { id: number; hint: Hint | null }): Promise<ChallengeData> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const description = markdownToSafeHtml(input.description);
  if (!hasContent(description)) add('description', REQUIRED);

  const category = await db.category.findUnique({ where: { id: input.category }, select: { id: true } });
  if (!category) add('category', noSuchObject(input.category));

  // Standard challenges keep no decay parameters (SPEC §4: switching to standard blanks them).
  const dynamic = input.type === 'dynamic';
  const minimalValue = dynamic ? (input.minimal_value ?? null) : null;
  const decayValue = dynamic ? (input.decay_value ?? null) : null;
  if (dynamic && minimalValue === null) add('minimal_value', REQUIRED);
  if (dynamic && decayValue === null) add('decay_value', REQUIRED);
  if (minimalValue !== null && minimalValue > input.initial_value) add('minimal_value', MINIMAL_ABOVE_INITIAL);

  const trainingWeek = needsTrainingWeek(scope) ? (input.training_week ?? null) : null;
  if (needsTrainingWeek(scope) && trainingWeek === null) add('training_week', REQUIRED);

  const nextId = input.next ?? null;
  if (nextId !== null) {
    if (self && nextId === self.id) add('next', NEXT_IS_SELF);
    else if (!(await db.challenge.findFirst({ where: { id: nextId, ...inScope(scope) }, select: { id: true } }))) add('next', noSuchObject(nextId));
  }

  // Lowering the initial value must not break the hint's rule.
  if (self?.hint && self.hint.score * 2 > input.initial_value) add('initial_value', HINT_TOO_EXPENSIVE);

  if (Object.keys(errors).length) throw new Invalid(errors);
  return {
    name: input.name,
    categoryId: input.category,
    type: input.type,
    source: input.description,
    description,
    level: input.level,
    initialValue: input.initial_value,
    minimalValue,
    decayValue,
    isActive: input.is_active,
    trainingWeek,
    nextId,
  };
}

/**
 * A flag no learner can submit is refused: a regex must compile on the engine that matches it, and
 * a plain text flag must have the format every attempt must have (CTF{...}, compared after trimming,
 * as the matcher does). Page and API alike: both create and set flags through here.
 */
function flagErrors(flag: FlagInput | null | undefined): FieldErrors {
  if (!flag) return { flag: [REQUIRED] };
  if (flag.collation === 'regex') {
    const error = regexError(flag.value);
    return error ? { value: [error] } : {};
  }
  return FLAG_FORMAT.test(flag.value.trim()) ? {} : { value: [PLAIN_FLAG_FORMAT] };
}

/** Attempts any sensible CTF{...} regex accepts one of. */
const FORMAT_PROBES = ['CTF{}', 'CTF{flag}', 'CTF{a}', 'CTF{A}', 'CTF{0}', 'CTF{test_flag}', 'CTF{0123456789abcdef}'];

/**
 * Whether a regex can plausibly match a CTF{...} value. Whether two regular languages meet is not
 * something RE2 can answer, so this is a cautious test, and its answer is a warning, not a refusal:
 * yes when the pattern accepts one of FORMAT_PROBES, or when its text, once stripped of anchors, a
 * leading flag group and one outer group, starts with `CTF\{` (or `CTF{`) and ends with a literal `}`.
 */
export function regexCanMatchFlagFormat(pattern: string): boolean {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    return true; // a pattern that does not compile gets its own error
  }
  if (FORMAT_PROBES.some((probe) => compiled.matcher(probe).matches())) return true;
  let text = pattern.trim();
  const flags = /^\(\?([a-zA-Z]+)\)/.exec(text);
  if (flags) text = text.slice(flags[0].length);
  text = text.replace(/^(\^|\\A)+/, '').replace(/(\$|\\z)+$/, '');
  const group = /^\((?:\?:)?([\s\S]*)\)$/.exec(text);
  if (group) text = group[1];
  const start = new RegExp('^CTF(\\\\)?\\{', flags?.[1].includes('i') ? 'i' : '');
  const repetition = /(^|[^\\])\{\d+(,\d*)?\}$/;
  return start.test(text) && /\}$/.test(text) && !repetition.test(text);
}

/** The warning a saved flag deserves (shown on the edit page), or null. */
export function flagWarning(flag: { value: string; collation: string } | null): string | null {
  return flag?.collation === 'regex' && !regexCanMatchFlagFormat(flag.value) ? REGEX_FLAG_WARNING : null;
}

async function merged<T>(run: () => Promise<T>, extra: FieldErrors): Promise<T> {
  try {
    const value = await run();
    if (Object.keys(extra).length) throw new Invalid(extra);
    return value;
  } catch (error) {
    if (error instanceof Invalid && Object.keys(extra).length) throw new Invalid({ ...error.fields, ...extra });
    throw error;
  }
}

/** Step one of the create page: checks the main fields without writing anything. */
export async function checkChallenge(actor: Actor | null, scope: Scope, input: ChallengeInput): Promise<void> {
  requireStaff(actor);
  await resolveFields(scope, input);
}

/**
 * Creates a challenge with its flag and files in one transaction: a challenge is never stored
 * without a flag, so it is never playable without one.
 */
export async function createChallenge(actor: Actor | null, scope: Scope, input: ChallengeInput, flag: FlagInput | null | undefined, files: unknown[] = []): Promise<ChallengeWithParts> {
  requireStaff(actor);
  const data = await merged(() => resolveFields(scope, input), flagErrors(flag));
  const stored = await storeUploads(await readUploads(files));
  try {
    return await db.$transaction(async (tx) => {
      const challenge = await tx.challenge.create({
        data: {
          ...data,
          eventId: scopeEventId(scope),
          authorId: actor.id,
          flag: { create: { value: flag!.value, collation: flag!.collation } },
          files: { create: stored },
        },
        include: PARTS,
      });
      await logStaffAction(tx, actor, 'challenge.create', 'challenge', [challenge.id], { name: challenge.name, files: stored.length });
      return challenge;
    });
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
}

async function loadForStaff(actor: Actor, id: number): Promise<ChallengeWithParts> {
  const challenge = Number.isSafeInteger(id) && id > 0 ? await db.challenge.findUnique({ where: { id }, include: PARTS }) : null;
  if (!challenge) throw new NotFound(CHALLENGE_NOT_FOUND);
  return challenge;
}

/** The challenge with its flag, hint and files, for the edit page of its own scope. */
export async function getChallengeForEditing(actor: Actor | null, scope: Scope, id: number): Promise<ChallengeWithParts> {
  requireStaff(actor);
  const challenge = await loadForStaff(actor, id);
  if (challenge.eventId !== scopeEventId(scope)) throw new NotFound(CHALLENGE_NOT_FOUND);
  return challenge;
}

/** What the selects of the form offer: every category, and the scope's other challenges as next. */
export async function authoringChoices(actor: Actor | null, scope: Scope, exceptId?: number) {
  requireStaff(actor);
  const [categories, challenges] = await Promise.all([
    db.category.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } }),
    db.challenge.findMany({
      where: { ...inScope(scope), ...(exceptId ? { id: { not: exceptId } } : {}) },
      orderBy: { name: 'asc' },
      select: { id: true, name: true },
    }),
  ]);
  return { categories, challenges, needsTrainingWeek: needsTrainingWeek(scope) };
}

/** The current main fields in input form, so a PUT may send only what changes. */
function currentInput(c: Challenge): ChallengeInput {
  return {
    name: c.name,
    category: c.categoryId,
    type: c.type as ChallengeInput['type'],
    description: c.source || c.description,
    level: c.level as ChallengeInput['level'],
    initial_value: c.initialValue,
    minimal_value: c.minimalValue,
    decay_value: c.decayValue,
    is_active: c.isActive,
    training_week: c.trainingWeek,
    next: c.nextId,
  };
}

/**
 * Edits the main fields; absent fields keep their value. Stored submission scores never change
 * (docs/rules.md "scoring"), so the standings stay as they are.
 */
export async function updateChallenge(actor: Actor | null, id: number, patch: ChallengePatch): Promise<ChallengeWithParts> {
  requireStaff(actor);
  const current = await loadForStaff(actor, id);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const data = await resolveFields(await scopeOfChallenge(current), { ...currentInput(current), ...defined }, current);
  return db.$transaction(async (tx) => {
    const challenge = await tx.challenge.update({ where: { id: current.id }, data, include: PARTS });
    await logStaffAction(tx, actor, 'challenge.update', 'challenge', [challenge.id], { fields: Object.keys(defined) });
    return challenge;
  });
}

/** The Next tab: the challenge recommended after this one, or none. */
export async function setNextChallenge(actor: Actor | null, id: number, next: number | null): Promise<ChallengeWithParts> {
  return updateChallenge(actor, id, { next });
}

/**
 * The superuser deletes a challenge with everything attached to it: flag, hint, files and
 * submissions with their writeups (their points leave the standings), and the files on disk.
 */
export async function deleteChallenge(actor: Actor | null, id: number): Promise<void> {
  requireSuperuser(actor);
  const challenge = await loadForStaff(actor, id);
  await db.$transaction(async (tx) => {
    await tx.challenge.delete({ where: { id: challenge.id } });
    await logStaffAction(tx, actor, 'challenge.delete', 'challenge', [challenge.id], { name: challenge.name });
  });
  await Promise.all(challenge.files.map((f) => remove('challenges', f.storedName)));
}

// Flag ----------------------------------------------------------------------------------------

async function flagOf(challenge: ChallengeWithParts, flagId: number): Promise<Flag> {
  if (!challenge.flag || challenge.flag.id !== flagId) throw new NotFound(FLAG_NOT_FOUND);
  return challenge.flag;
}

export async function getFlag(actor: Actor | null, challengeId: number, flagId: number): Promise<Flag> {
  requireStaff(actor);
  return flagOf(await loadForStaff(actor, challengeId), flagId);
}

/**
 * Sets the flag of a challenge (the Flag tab, and PUT on the API with the flag's id). A regex must
 * compile on the engine that will match it.
 */
export async function setFlag(actor: Actor | null, challengeId: number, input: FlagInput, flagId?: number): Promise<Flag> {
  requireStaff(actor);
  const challenge = await loadForStaff(actor, challengeId);
  if (flagId !== undefined) await flagOf(challenge, flagId);
  const errors = flagErrors(input);
  if (Object.keys(errors).length) throw new Invalid(errors);
  return db.$transaction(async (tx) => {
    const flag = await tx.flag.upsert({
      where: { challengeId: challenge.id },
      create: { challengeId: challenge.id, value: input.value, collation: input.collation },
      update: { value: input.value, collation: input.collation },
    });
    // Never the value itself: the log is read by every staff member.
    await logStaffAction(tx, actor, 'flag.update', 'flag', [flag.id], { challengeId: challenge.id, collation: flag.collation });
    return flag;
  });
}

// Hint ----------------------------------------------------------------------------------------

function checkHint(challenge: Challenge, input: HintInput) {
  if (input.score * 2 > challenge.initialValue) throw new Invalid({ score: [HINT_TOO_EXPENSIVE] });
}

export async function createHint(actor: Actor | null, challengeId: number, input: HintInput): Promise<Hint> {
  requireStaff(actor);
  const challenge = await loadForStaff(actor, challengeId);
  if (challenge.hint) throw new Invalid({ non_field_errors: [HINT_EXISTS] });
  checkHint(challenge, input);
  return db.$transaction(async (tx) => {
    const hint = await tx.hint.create({ data: { challengeId: challenge.id, description: input.description, score: input.score } });
    await logStaffAction(tx, actor, 'hint.create', 'hint', [hint.id], { challengeId: challenge.id, score: hint.score });
    return hint;
  });
}

/**
 * Edits the hint. Scores already stored keep the penalty they were given; a new score applies to
 * the correct submissions made from now on.
 */
export async function updateHint(actor: Actor | null, challengeId: number, hintId: number, input: HintInput): Promise<Hint> {
  requireStaff(actor);
  const challenge = await loadForStaff(actor, challengeId);
  if (!challenge.hint || challenge.hint.id !== hintId) throw new NotFound(HINT_NOT_FOUND);
  checkHint(challenge, input);
  return db.$transaction(async (tx) => {
    const hint = await tx.hint.update({ where: { id: hintId }, data: { description: input.description, score: input.score } });
    await logStaffAction(tx, actor, 'hint.update', 'hint', [hint.id], { challengeId: challenge.id, score: hint.score });
    return hint;
  });
}

/** The Hint tab: adds the hint, or edits the one there is. */
export async function saveHint(actor: Actor | null, challengeId: number, input: HintInput): Promise<{ hint: Hint; created: boolean }> {
  requireStaff(actor);
  const challenge = await loadForStaff(actor, challengeId);
  if (challenge.hint) return { hint: await updateHint(actor, challengeId, challenge.hint.id, input), created: false };
  return { hint: await createHint(actor, challengeId, input), created: true };
}

// Reading -------------------------------------------------------------------------------------

/**
 * A challenge as anyone who may see it reads it (the board's view of it, so GET /api/challenges/{id}/
 * and the board agree); staff also get the flag, the hint and the Markdown source they edit.
 */
export async function challengeDetail(actor: Actor | null, id: number) {
  const card = await boardChallenge(actor, 'own', id);
  if (!isStaff(actor)) return { card, staff: null };
  const parts = await db.challenge.findUniqueOrThrow({ where: { id: card.id }, include: { flag: true, hint: true } });
  return { card, staff: { source: parts.source, flag: parts.flag, hint: parts.hint } };
}
