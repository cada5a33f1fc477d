// Staff review of submitted solutions (SPEC §2 "Submissions review", §4): a correct submission
// waiting for review is validated (final) or invalidated with a comment; a rejected one stops
// counting, so the player may solve the challenge again.
import type { Prisma } from '~/generated/prisma/client';
import { db, inBatches } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { containsLiteral, containsPattern } from '~/lib/literal-search';
import type { Page } from '~/lib/pagination';
import { statementsBy } from '~/lib/sql.server';
import { tooLongMessage, tooManyMessage } from '~/schemas/fields';
import { noticeReviewed } from './notifications.server';
import { isStaff, requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { inScope, rulesOf, type Scope } from './scope.server';
import { logStaffAction } from './staff-log.server';

export const REVIEW_MESSAGES = {
  validated: 'Submission validation completed successfully!',
  invalidated: 'Submission invalidation completed successfully!',
  notFound: 'No Submission matches the given query.',
  notReviewable: 'Only a correct submission that is still pending can be validated or invalidated.',
  noWriteup: 'This submission has no writeup.',
  noneSelected: 'Select at least one submission.',
  required: 'This field is required.',
  noReviewInBlackFriday: 'Black-friday submissions are not reviewed.',
} as const;

export const COMMENT_MAX = 2000;
/** How many submissions one bulk decision may cover. */
export const BULK_MAX = 500;

/** The review state of SPEC §3: is_validated null (pending), true (accepted) or false (rejected). */
export { REVIEW_STATES, type ReviewState } from './review-states';

const rowSelect = {
  id: true,
  score: true,
  isCorrect: true,
  isValidated: true,
  writeupName: true,
  comment: true,
  eventId: true,
  createdAt: true,
  reviewedAt: true,
  learner: { select: { id: true, username: true } },
  team: { select: { id: true, name: true } },
  challenge: { select: { id: true, name: true, initialValue: true, category: { select: { name: true } } } },
} satisfies Prisma.SubmissionSelect;

export type ReviewRow = Prisma.SubmissionGetPayload<{ select: typeof rowSelect }>;

export interface ReviewListOptions {
  /** undefined: every state. */
  isValidated?: boolean | null;
  /** Part of the learner's username or the challenge's name. */
  search?: string;
  page: number;
  pageSize: number;
}

function refuseUnreviewed(scope: Scope) {
  // Black-friday solves count at once; SPEC §2 gives that event type no review screen.
  if (!rulesOf(scope).reviewed) throw new NotFound(REVIEW_MESSAGES.noReviewInBlackFriday);
}

/** The scope's submissions, newest first, optionally of one review state (staff only). */
export async function listSubmissions(actor: Actor | null, scope: Scope, opts: ReviewListOptions): Promise<Page<ReviewRow>> {
  requireStaff(actor);
  refuseUnreviewed(scope);
  const q = opts.search?.trim();
  if (q) return searchSubmissions(scope, q, opts);
  const where: Prisma.SubmissionWhereInput = {
    ...inScope(scope),
    ...(opts.isValidated === undefined ? {} : { isValidated: opts.isValidated }),
  };
  const [count, results] = await Promise.all([
    db.submission.count({ where }),
    db.submission.findMany({ where, select: rowSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  return { count, page: opts.page, pageSize: opts.pageSize, results };
}

// The search matches the learner's username or the challenge's name literally (`%` and `_` are
// plain characters, app/lib/literal-search.ts), so it is SQL: same scope, state and order as above.
const searchWhere = (byState: boolean) =>
  `s."eventId" IS NOT DISTINCT FROM ?${byState ? ' AND s."isValidated" IS NOT DISTINCT FROM ?' : ''} AND (${containsLiteral('u.username')} OR ${containsLiteral('c.name')})`;
const searchFrom = 'FROM "Submission" s JOIN "User" u ON u.id = s."learnerId" JOIN "Challenge" c ON c.id = s."challengeId"';
const countSearched = statementsBy<{ n: number }, unknown[]>((where) => `SELECT count(*) AS n ${searchFrom} WHERE ${where}`);
const pageSearched = statementsBy<{ id: number }, unknown[]>(
  (where) => `SELECT s.id ${searchFrom} WHERE ${where} ORDER BY s."createdAt" DESC, s.id DESC LIMIT ? OFFSET ?`,
);

async function searchSubmissions(scope: Scope, q: string, opts: ReviewListOptions): Promise<Page<ReviewRow>> {
  const byState = opts.isValidated !== undefined;
  const where = searchWhere(byState);
  const pattern = containsPattern(q);
  const state = opts.isValidated === undefined || opts.isValidated === null ? null : opts.isValidated ? 1 : 0;
  const params = [inScope(scope).eventId, ...(byState ? [state] : []), pattern, pattern];
  const [counted, ids] = await Promise.all([
    countSearched(where).get(...params),
    pageSearched(where).all(...params, opts.pageSize, (opts.page - 1) * opts.pageSize),
  ]);
  const results = await inBatches(ids.map((r) => r.id), (batch) =>
    db.submission.findMany({ where: { id: { in: batch } }, select: rowSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  );
  return { count: counted?.n ?? 0, page: opts.page, pageSize: opts.pageSize, results };
}

/** Only these may be reviewed: a wrong flag has nothing to accept, and a decision is final. */
const reviewable = { isCorrect: true, isValidated: null } satisfies Prisma.SubmissionWhereInput;

function validId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

async function findReviewable(tx: Prisma.TransactionClient, id: number) {
  const submission = validId(id) ? await tx.submission.findUnique({ where: { id }, select: { id: true, isCorrect: true, isValidated: true, eventId: true, score: true } }) : null;
  if (!submission) throw new NotFound(REVIEW_MESSAGES.notFound);
  if (!submission.isCorrect || submission.isValidated !== null) throw new DomainError(400, REVIEW_MESSAGES.notReviewable);
  return submission;
}

/** Accepts a correct pending submission. It already counts, so the standings do not move. */
export async function validateSubmission(actor: Actor | null, id: number) {
  requireStaff(actor);
  return db.$transaction(async (tx) => {
    const submission = await findReviewable(tx, id);
    const now = new Date();
    // The condition repeats the check, so two reviewers deciding at once cannot both succeed.
    const { count } = await tx.submission.updateMany({ where: { id: submission.id, ...reviewable }, data: { isValidated: true, reviewerId: actor.id, reviewedAt: now } });
    if (count !== 1) throw new DomainError(400, REVIEW_MESSAGES.notReviewable);
    await logStaffAction(tx, actor, 'submission.validate', 'submission', [submission.id]);
    await noticeReviewed(tx, [submission.id], { validated: true });
    return { ...submission, isValidated: true as const };
  });
}

/**
 * Rejects a correct pending submission with the reviewer's comment. Clearing its solveKey takes its
 * points away and frees the player to submit the challenge again.
 */
export async function invalidateSubmission(actor: Actor | null, id: number, input: { description?: unknown }) {
  requireStaff(actor);
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  const result = await db.$transaction(async (tx) => {
    const submission = await findReviewable(tx, id);
    if (!description) throw new Invalid({ description: [REVIEW_MESSAGES.required] });
    if (description.length > COMMENT_MAX) throw new Invalid({ description: [tooLongMessage(COMMENT_MAX)] });
    const { count } = await tx.submission.updateMany({
      where: { id: submission.id, ...reviewable },
      data: { isValidated: false, comment: description, solveKey: null, reviewerId: actor.id, reviewedAt: new Date() },
    });
    if (count !== 1) throw new DomainError(400, REVIEW_MESSAGES.notReviewable);
    await logStaffAction(tx, actor, 'submission.invalidate', 'submission', [submission.id], { comment: description });
    await noticeReviewed(tx, [submission.id], { validated: false, comment: description });
    return { ...submission, isValidated: false as const, comment: description };
  });
  return result;
}

/** Reads the `ids` of a bulk decision: a non-empty list of submission ids. */
function bulkIds(ids: unknown): number[] {
  const list = Array.isArray(ids) ? ids : ids === undefined || ids === null || ids === '' ? [] : [ids];
  const numbers = list.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
  if (!numbers.every((n): n is number => typeof n === 'number' && validId(n))) throw new Invalid({ ids: ['A valid integer is required.'] });
  const unique = [...new Set(numbers)];
  if (unique.length === 0) throw new Invalid({ ids: [REVIEW_MESSAGES.noneSelected] });
  if (unique.length > BULK_MAX) throw new Invalid({ ids: [tooManyMessage(BULK_MAX)] });
  return unique;
}

/**
 * Validates several submissions in one transaction: all of them, or none when one is missing or not
 * a correct pending submission. Returns how many were validated.
 */
export async function validateSubmissions(actor: Actor | null, ids: unknown): Promise<number> {
  requireStaff(actor);
  const unique = bulkIds(ids);
  return db.$transaction(async (tx) => {
    const found = await tx.submission.findMany({ where: { id: { in: unique } }, select: { id: true, isCorrect: true, isValidated: true } });
    if (found.length !== unique.length) throw new NotFound(REVIEW_MESSAGES.notFound);
    const refused = found.filter((s) => !s.isCorrect || s.isValidated !== null).map((s) => s.id).sort((a, b) => a - b);
    if (refused.length) throw new DomainError(400, `${say(REVIEW_MESSAGES.notReviewable)} ${say('Not pending: {{ids}}.', { ids: refused.join(', ') })}`);
    const { count } = await tx.submission.updateMany({ where: { id: { in: unique }, ...reviewable }, data: { isValidated: true, reviewerId: actor.id, reviewedAt: new Date() } });
    if (count !== unique.length) throw new DomainError(400, REVIEW_MESSAGES.notReviewable);
    await logStaffAction(tx, actor, 'submission.validate', 'submission', unique);
    await noticeReviewed(tx, unique, { validated: true });
    return count;
  });
}

export function bulkValidationMessage(count: number): string {
  return `${say(REVIEW_MESSAGES.validated)} ${count === 1 ? say('1 submission validated.') : say('{{count}} submissions validated.', { count })}`;
}

/** Who may download a writeup: staff, or the learner who submitted it. Returns its bytes and name. */
export async function writeupFile(actor: Actor | null, id: number): Promise<{ bytes: Uint8Array; name: string }> {
  requireAuthenticated(actor);
  const submission = validId(id)
    ? await db.submission.findUnique({ where: { id }, select: { learnerId: true, writeupName: true, writeupFile: { select: { bytes: true } } } })
    : null;
  if (!submission) throw new NotFound(REVIEW_MESSAGES.notFound);
  if (!isStaff(actor) && submission.learnerId !== actor.id) throw new Forbidden();
  if (!submission.writeupFile) throw new NotFound(REVIEW_MESSAGES.noWriteup);
  return { bytes: submission.writeupFile.bytes, name: submission.writeupName || 'writeup' };
}
