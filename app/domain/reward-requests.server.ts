// Staff processing of reward requests (SPEC §2 "Black Friday administration", §4 "Reward request",
// issue 10 §3): a pending request is validated (the player gets the reward) or dismissed (the coins it
// paid go back). A decision moves a request out of 'pending' only while it is still pending, so two
// staff deciding at once decide once: the later one finds it processed. Each decision is logged and
// announced to the player in the transaction that makes it.
import type { TFunction } from 'i18next';
import { text, translator } from '~/lib/i18n';
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DomainError, Invalid, NotFound } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import { tooManyMessage } from '~/schemas/fields';
import { bookCoins } from './coins.server';
import { notifyPerson, type NoticeWords } from './notify.server';
import { requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

export const REWARD_REQUEST_MESSAGES = {
  validated: 'Reward request validated successfully!',
  // SPEC §8's wording, typo included.
  dismissed: 'Reward request dismiss successfully!',
  notFound: 'No RewardRequest matches the given query.',
  alreadyProcessed: 'This reward request has already been processed.',
  noneSelected: 'Select at least one reward request.',
} as const;

/** How many requests one bulk decision may cover. */
export const BULK_MAX = 500;

export type Decision = 'validate' | 'dismiss';
export type RequestStatus = 'pending' | 'validated' | 'dismissed';

const STATUS_OF: Record<Decision, Exclude<RequestStatus, 'pending'>> = { validate: 'validated', dismiss: 'dismissed' };

const rowSelect = {
  id: true,
  coin: true,
  status: true,
  createdAt: true,
  processedAt: true,
  player: { select: { id: true, username: true } },
  reward: { select: { id: true, title: true, coin: true, isCtfCertificationReward: true, hidden: true } },
  processedBy: { select: { id: true, username: true } },
} satisfies Prisma.RewardRequestSelect;

export type RewardRequestRow = Prisma.RewardRequestGetPayload<{ select: typeof rowSelect }>;

const processedWhere = (processed: boolean | undefined): Prisma.RewardRequestWhereInput =>
  processed === undefined ? {} : processed ? { status: { not: 'pending' } } : { status: 'pending' };

/** Requests newest first: unprocessed ones, processed ones, or (undefined) all of them. Staff only. */
export async function listRewardRequests(actor: Actor | null, opts: { processed?: boolean; page: number; pageSize: number }): Promise<Page<RewardRequestRow>> {
  requireStaff(actor);
  const where = processedWhere(opts.processed);
  const [count, results] = await Promise.all([
    db.rewardRequest.count({ where }),
    db.rewardRequest.findMany({ where, select: rowSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  return { count, page: opts.page, pageSize: opts.pageSize, results };
}

export async function getRewardRequest(actor: Actor | null, id: number): Promise<RewardRequestRow> {
  requireStaff(actor);
  const row = validId(id) ? await db.rewardRequest.findUnique({ where: { id }, select: rowSelect }) : null;
  if (!row) throw new NotFound(REWARD_REQUEST_MESSAGES.notFound);
  return row;
}

function validId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** Reads the ids of a decision: one id or a non-empty list of them (form strings or JSON numbers). */
export function requestIds(ids: unknown): number[] {
  const list = Array.isArray(ids) ? ids : ids === undefined || ids === null || ids === '' ? [] : [ids];
  const numbers = list.map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v));
  if (!numbers.every(validId)) throw new Invalid({ ids: ['A valid integer is required.'] });
  const unique = [...new Set(numbers)];
  if (unique.length === 0) throw new Invalid({ ids: [REWARD_REQUEST_MESSAGES.noneSelected] });
  if (unique.length > BULK_MAX) throw new Invalid({ ids: [tooManyMessage(BULK_MAX)] });
  return unique;
}

const DECIDED = {
  validate: { title: text('Reward request validated'), text: text('Your request for the reward “{{reward}}” was validated.') },
  // `count` is the coins: French words them by number; English says "coins" whatever it is, as ever.
  dismiss: { title: text('Reward request dismissed'), text: text('Your request for the reward “{{reward}}” was dismissed. The {{count}} coins it cost are back in your balance.') },
};

function notice(decision: Decision, request: { id: number; coin: number; playerId: number; reward: { title: string } }): NoticeWords {
  return decision === 'validate'
    ? { ...DECIDED.validate, values: { reward: request.reward.title } }
    : { ...DECIDED.dismiss, values: { reward: request.reward.title, count: request.coin } };
}

/**
 * Validates or dismisses the listed requests in one transaction. Every id must exist (else 404 and
 * nothing changes); requests already processed are skipped, and if none was still pending the answer
 * is 400 'This reward request has already been processed.'. A dismissal refunds the coins the request
 * paid, booked once per request (onceKey). Returns the ids decided now.
 */
export async function decideRewardRequests(actor: Actor | null, decision: Decision, ids: unknown): Promise<number[]> {
  requireStaff(actor);
  const wanted = requestIds(ids);
  const status = STATUS_OF[decision];
  return db.$transaction(async (tx) => {
    const requests = await tx.rewardRequest.findMany({
      where: { id: { in: wanted } },
      select: { id: true, coin: true, playerId: true, reward: { select: { title: true } } },
      orderBy: { id: 'asc' },
    });
    if (requests.length !== wanted.length) throw new NotFound(REWARD_REQUEST_MESSAGES.notFound);
    const now = new Date();
    const decided: number[] = [];
    for (const request of requests) {
      // The condition is the guard: a request another decision already moved is left alone.
      const { count } = await tx.rewardRequest.updateMany({
        where: { id: request.id, status: 'pending' },
        data: { status, processedById: actor.id, processedAt: now },
      });
      if (count !== 1) continue;
      if (decision === 'dismiss') {
        await bookCoins(tx, { userId: request.playerId, amount: request.coin, reason: 'refund', rewardRequestId: request.id, actorId: actor.id, onceKey: `refund:${request.id}` });
      }
      await notifyPerson(tx, { recipientId: request.playerId, ...notice(decision, request), link: '/me', onceKey: `reward-request:${request.id}:${status}` });
      decided.push(request.id);
    }
    if (decided.length === 0) throw new DomainError(400, REWARD_REQUEST_MESSAGES.alreadyProcessed);
    await logStaffAction(tx, actor, `reward-request.${decision}`, 'reward-request', decided);
    return decided;
  });
}

export const validateRewardRequests = (actor: Actor | null, ids: unknown) => decideRewardRequests(actor, 'validate', ids);
export const dismissRewardRequests = (actor: Actor | null, ids: unknown) => decideRewardRequests(actor, 'dismiss', ids);

/** The success message of a decision on `count` requests (SPEC §8's text, then the count when several). */
export function decisionMessage(decision: Decision, count: number, t: TFunction = translator('en')): string {
  const message = t(decision === 'validate' ? REWARD_REQUEST_MESSAGES.validated : REWARD_REQUEST_MESSAGES.dismissed);
  if (count <= 1) return message;
  return `${message} ${decision === 'validate' ? t('{{count}} reward requests validated.', { count }) : t('{{count}} reward requests dismissed.', { count })}`;
}

export interface Certificate { title: string; validatedAt: Date }

/**
 * The certificates a player holds: validated requests for a CTF certification reward (a hidden
 * reward still counts: the certificate was earned), oldest first.
 */
export async function certificatesOf(playerId: number): Promise<Certificate[]> {
  const rows = await db.rewardRequest.findMany({
    where: { playerId, status: 'validated', reward: { isCtfCertificationReward: true } },
    select: { processedAt: true, createdAt: true, reward: { select: { title: true } } },
    orderBy: [{ processedAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({ title: r.reward.title, validatedAt: r.processedAt ?? r.createdAt }));
}
