import type { SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { z } from 'zod';
import { Form, redirect, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { UrlDialog } from '~/components/dialog';
import { FormLoading, onDemand } from '~/components/on-demand';
import { DownloadLink } from '~/components/download-link';
import { RichText } from '~/components/rich-text';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { ProgressRing } from '~/components/progress-ring';
import { categoriesWithProgress } from '~/domain/categories.server';
import { ACCESS_MESSAGES, entryRefusal, playBlock } from '~/domain/challenge-access.server';
import { boardChallenge, canSubmit, isAwaitingReview, isRejected, isSolved, listBoard, nextChallengeFor, topSolvers, trainingWeeksOf, type BoardChallenge } from '~/domain/challenge-board.server';
import { registerForEvent, viewOf } from '~/domain/events.server';
import { unlockHint } from '~/domain/hints.server';
import { isStaff, isSuperuser } from '~/domain/policy.server';
import { resolveScope, rulesOf, scopePath, type Scope } from '~/domain/scope.server';
import { submitFlag, verifyFlag, writeupRequired } from '~/domain/submit-flag.server';
import { requireUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, submittedForm, unknownAction } from '~/lib/form.server';
import { resultFor, typedValue } from '~/lib/form-result';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES } from '~/schemas/event';
import { intentSchema, postedId } from '~/schemas/fields';
import { checkFlagForm, submitFlagForm } from '~/schemas/flag-attempt';
import { hrefWith } from '~/lib/url';
import { metaTranslator, text, useLanguage, useT } from '~/lib/i18n';
import type { Route } from './+types/challenges';

// The flag forms bring conform and zod, the heaviest code of the board: they load when a dialog
// shows them, or as the learner reaches for a challenge's card.
const flagForms = onDemand(() => import('~/components/flag-forms'));
const CheckForm = flagForms.component((m) => m.CheckForm);
const SubmitForm = flagForms.component((m) => m.SubmitForm);

const PER_SLIDE = 3;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data ? (data.title ?? t('Practice challenges')) : t('Challenges')} · CTF Arena` }];
};

/** A challenge's level as the card and the dialog name it (SPEC's lower-case words), in the page's language. */
const LEVEL_NAMES: Record<string, string> = { easy: text('easy'), medium: text('medium'), difficult: text('difficult') };
const levelName = (t: TFunction, level: string) => (LEVEL_NAMES[level] ? t(LEVEL_NAMES[level]) : level);

/** /challenges/training-week/{n}: one week of a training event (1-20); anything else is no page. */
function weekOf(params: { trainingWeek?: string }): number | null {
  if (params.trainingWeek === undefined) return null;
  const week = Number(params.trainingWeek);
  if (!/^\d{1,2}$/.test(params.trainingWeek) || week < 1 || week > 20) throw new NotFound('No training week matches the given query.');
  return week;
}

// The team notice of a team event: shown as a dialog until the player closes it (then a banner).
const TEAM_NOTICE_HIDDEN = 'team-notice';

// Replayed per viewer until the database changes (lib/page-cache.server.ts): read far more than written.
export const handle = { pageCache: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const scope = await resolveScope(params);
  const trainingWeek = weekOf(params);
  // A training event's board is for validated learners: the others get the notice of SPEC §1.
  if (scope.kind === 'event' && entryRefusal(user, scope)) throw redirect(`/events/training-platform?dialog=training-only&id=${scope.event.id}`);
  const url = new URL(request.url);
  const categoryId = Number(url.searchParams.get('category')) || null;
  const selectedId = Number(url.searchParams.get('challenge')) || null;
  const [board, categories, selected, play, weeks, event] = await Promise.all([
    listBoard(user, scope, { categoryId, trainingWeek, page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.challenges }),
    categoriesWithProgress(user, scope, { trainingWeek }),
    // Through this scope only: another scope's challenge, or one not open to the viewer, is a 404/403.
    selectedId ? boardChallenge(user, scope, selectedId) : null,
    playBlock(user, scope),
    scope.kind === 'event' && rulesOf(scope).trainingWeeks ? trainingWeeksOf(user, scope) : [],
    scope.kind === 'event' ? viewOf(user, scope.event) : null,
  ]);
  const [solvers, next] = selected
    ? await Promise.all([url.searchParams.get('tab') === 'solves' ? topSolvers(user, scope, selected.id) : [], nextChallengeFor(user, scope, selected)])
    : [[], null];
  return {
    base: scopePath(scope),
    // The event's name, or null for practice (the page says 'Practice challenges' in its language).
    title: event ? event.event.name : null,
    // What keeps the viewer from playing (the access rule's answer): no team, the event ended, staff.
    block: play.block,
    blockMessage: play.block === 'ended' ? ACCESS_MESSAGES.ended : play.block === 'team' ? ACCESS_MESSAGES.teamNeeded : null,
    teamNoticeOpen: play.block === 'team' && !url.searchParams.has(TEAM_NOTICE_HIDDEN),
    eventId: event?.event.id ?? null,
    // Learners register from the board too (SPEC §2 cards); staff do not play.
    canRegister: !!event && !event.registered && event.phase !== 'ended' && !isStaff(user),
    weeks,
    trainingWeek,
    board: { ...board, results: board.results.map((c) => cardOf(scope, c)) },
    categories,
    categoryId,
    selected,
    solvers: solvers.map((s) => ({ ...s, href: s.teamId && scope.kind === 'event' ? `/competes/${scope.event.id}/teams/${s.teamId}` : `/practices/users/${s.learnerId}` })),
    selectedAwaiting: selected ? isAwaitingReview(scope, selected.last) : false,
    selectedRejected: selected ? isRejected(selected.last) : false,
    selectedSolved: selected ? isSolved(scope, selected.last) : false,
    next,
    selectedCanSubmit: selected ? canSubmit(selected.last) : false,
    writeupRequired: writeupRequired(scope),
    // Where solves earn coins (Black Friday), the player sees what they hold and where to spend it.
    coins: scope.kind === 'event' && rulesOf(scope).coins && !isStaff(user) ? user.coin : null,
    staff: isStaff(user),
    // Staff check flags but never submit (the access rule): they get the check only, and this note.
    staffNote: isStaff(user) ? ACCESS_MESSAGES.staffSubmit : null,
    superuser: isSuperuser(user),
  };
}

/**
 * What a card shows of a challenge, and all the page's data carries of it: the open challenge's
 * dialog reads `selected`. The rest of a board challenge (its description above all) would be
 * encoded into every board's hydration data for nothing.
 */
function cardOf(scope: Scope, c: BoardChallenge) {
  const rejected = isRejected(c.last);
  return {
    id: c.id,
    name: c.name,
    newValue: c.newValue,
    categoryName: c.categoryName,
    level: c.level,
    isActive: c.isActive,
    solveCount: c.solveCount,
    solved: isSolved(scope, c.last),
    rejected,
    awaiting: isAwaitingReview(scope, c.last),
    score: c.last?.score ?? null,
    comment: rejected ? (c.last?.comment ?? null) : null,
  };
}

type CardChallenge = ReturnType<typeof cardOf>;

const REGISTER = intentSchema('register');
const UNLOCK_HINT = intentSchema('unlock-hint', z.object({ challenge: postedId(), hint: postedId() }));

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const scope = await resolveScope(params);
  // Shown in the challenge's dialog (its URL says which is open).
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const url = new URL(request.url);
  const intent = form.get('intent');
  // Every refusal shows in the dialog, a challenge or hint this scope does not have (404) too.
  const onForm = { notFoundOnForm: true };
  if (intent === 'register' && scope.kind === 'event') {
    const eventId = scope.event.id;
    const outcome = await handleForm(form, REGISTER, () => registerForEvent(user, eventId), onForm);
    if (!outcome.ok) return outcome.response;
    return redirectWithFlash(request, `${url.pathname}${url.search}`, { type: 'success', text: EVENT_MESSAGES.registered });
  }
  if (intent === 'unlock-hint') {
    const outcome = await handleForm(form, UNLOCK_HINT, ({ challenge, hint }) => unlockHint(user, challenge, hint, scope), onForm);
    if (!outcome.ok) return outcome.response;
    return redirectWithFlash(request, hrefWith(url, { hint: null }), { type: 'success', text: text('Hint unlocked.') });
  }
  if (intent === 'check') {
    const check = async ({ challenge, flag }: { challenge: number; flag: string }) => {
      await verifyFlag(user, challenge, flag, scope);
      return { challengeId: challenge, flag };
    };
    const outcome = await handleForm(form, checkFlagForm, check, onForm);
    if (!outcome.ok) return outcome.response;
    // Step two keeps its state in the response and a hidden field, not in client memory.
    return { checked: outcome.value };
  }
  if (intent === 'submit') {
    const writeup = form.get('writeup');
    const outcome = await handleForm(form, submitFlagForm(writeup, writeupRequired(scope)), ({ challenge, value }) => submitFlag(user, challenge, { value, writeup }, scope), onForm);
    if (!outcome.ok) return outcome.response;
    // Said as it is: a solve that waits for review does not count yet, and a flag may come alone.
    const text = isAwaitingReview(scope, outcome.value) ? MESSAGES.flagSubmittedForReview : outcome.value.writeupName ? MESSAGES.flagSubmitted : MESSAGES.flagSubmittedAlone;
    return redirectWithFlash(request, `${url.pathname}${url.search}`, { type: 'success', text });
  }
  return unknownAction();
}

/**
 * The flag checked in step one, kept when its submission was refused for something else than the
 * flag (a missing writeup), so the player only adds the file.
 */
function keptCheck(result: SubmissionResult<string[]> | null): { challengeId: number; flag: string } | null {
  const submitted = resultFor(result, 'submit');
  const error = submitted?.error;
  if (!error || error.value || error['']) return null;
  return { challengeId: Number(submitted.initialValue?.challenge), flag: typedValue(submitted, 'value') };
}

function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => hrefWith(location, changes);
}

function CategoryCarousel({ categories, categoryId }: { categories: { id: number; name: string; submissionsPercentage: number }[]; categoryId: number | null }) {
  const href = useHref();
  const location = useLocation();
  const slides = Math.max(1, Math.ceil(categories.length / PER_SLIDE));
  const slide = Math.min(slides - 1, Math.max(0, Number(new URLSearchParams(location.search).get('slide')) || 0));
  const shown = categories.slice(slide * PER_SLIDE, slide * PER_SLIDE + PER_SLIDE);
  const t = useT();
  return (
    <section aria-label={t('Categories')} className="mb-6 flex items-center gap-2">
      <Link to={href({ slide: slide - 1 })} aria-label={t('Previous categories')} className={`btn-secondary ${slide === 0 ? 'pointer-events-none opacity-40' : ''}`} preventScrollReset>‹</Link>
      <ul className="grid flex-1 grid-cols-1 gap-3 sm:grid-cols-3">
        {shown.map((c) => (
          <li key={c.id}>
            <Link
              to={href({ category: c.id, page: null, challenge: null, tab: null })}
              aria-current={c.id === categoryId ? 'true' : undefined}
              className={`card flex items-center gap-3 p-3 ${c.id === categoryId ? 'ring-2 ring-brand-600' : ''}`}
              preventScrollReset
            >
              <ProgressRing percent={c.submissionsPercentage} />
              <span className="font-medium">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={href({ slide: slide + 1 })} aria-label={t('Next categories')} className={`btn-secondary ${slide >= slides - 1 ? 'pointer-events-none opacity-40' : ''}`} preventScrollReset>›</Link>
    </section>
  );
}

/** A correct submission that counts once staff validate it (isAwaitingReview). */
function AwaitingBadge() {
  const t = useT();
  return <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900" data-testid="awaiting-review">{t(MESSAGES.awaitingReview)}</span>;
}

function Card({ c, staff, superuser, href, base }: { c: CardChallenge; staff: boolean; superuser: boolean; href: string; base: string }) {
  const t = useT();
  return (
    <li className="card relative flex flex-col gap-2">
      <div className="flex items-start justify-between gap-2">
        <Link to={href} className="font-semibold after:absolute after:inset-0" preventScrollReset {...flagForms.intent}>{c.name}</Link>
        {/* Solved: what the player scored (a hint's penalty included), not what the next solver would get. */}
        {c.solved && c.score !== null ? (
          <span className="text-right text-lg font-bold text-green-800" data-testid="own-score">{c.score}<span className="sr-only">{` ${t('points scored')}`}</span></span>
        ) : (
          <span className="text-lg font-bold text-brand-700">{c.newValue}<span className="sr-only">{` ${t('points')}`}</span></span>
        )}
      </div>
      <p className="text-sm text-slate-500">{c.categoryName} · {levelName(t, c.level)}</p>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {c.solved ? <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-800">{t('Solved · you scored {{score}}', { score: c.score ?? '' })}</span> : null}
        {c.rejected ? <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-800">{t('Rejected')}</span> : null}
        {c.awaiting ? <AwaitingBadge /> : null}
        {staff && !c.isActive ? <span className="rounded bg-slate-200 px-2 py-0.5 font-semibold text-slate-700">{t('Inactive')}</span> : null}
        <span className="text-slate-500">{c.solveCount === 1 ? t('1 solve') : t('{{count}} solves', { count: c.solveCount })}</span>
      </div>
      {c.rejected ? <RejectedNote comment={c.comment} /> : null}
      {staff ? (
        <div className="relative z-10 mt-auto flex gap-2 text-sm">
          <Link className="link" to={`${base}/challenges/${c.id}`}>{t('Edit')}</Link>
          {superuser ? <Link className="link text-red-700" to={`${base}/challenges/${c.id}?dialog=delete`}>{t('Delete')}</Link> : null}
        </div>
      ) : null}
    </li>
  );
}

/** SPEC §4: a rejected solve shows 'Rejected' with the reviewer's comment; the player may submit again. */
function RejectedNote({ comment }: { comment: string | null }) {
  const t = useT();
  return (
    <div className="text-sm text-red-800" data-testid="rejected-note">
      {comment ? <p>{t("Reviewer's comment: {{comment}}", { comment })}</p> : null}
      <p>{t('You may submit this challenge again.')}</p>
    </div>
  );
}

export default function Challenges() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const reply = result && 'result' in result ? result.result : null;
  const href = useHref();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const params = new URLSearchParams(location.search);
  const tab = params.get('tab') ?? 'challenge';
  const close = href({ challenge: null, tab: null, hint: null });
  const c = d.selected;
  const passed = result && 'checked' in result ? result.checked : keptCheck(reply);
  const checked = c && passed?.challengeId === c.id ? passed : null;
  const errors = reply?.error;
  const t = useT();
  const language = useLanguage();

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{d.title ?? t('Practice challenges')}</h1>
        <div className="flex flex-wrap gap-2">
          {d.canRegister ? (
            <Form method="post">
              <input type="hidden" name="intent" value="register" />
              <button type="submit" className="btn-secondary">{t('Register')}</button>
            </Form>
          ) : null}
          {d.staff ? <Link to={`${d.base}/challenges/create`} className="btn-primary">{t('Add challenge')}</Link> : null}
        </div>
      </div>
      <PlayNotice block={d.block} message={d.blockMessage} base={d.base} teamNoticeShown={d.teamNoticeOpen} />
      {d.coins !== null ? (
        <p className="mb-4 rounded border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="board-coins">
          {t('My black friday coins:')} <strong>{d.coins}</strong> · <Link className="link" to="/me?dialog=purchase">{t('Spend them on a reward')}</Link>
        </p>
      ) : null}
      {d.weeks.length ? <WeekTabs weeks={d.weeks} current={d.trainingWeek} base={d.base} /> : null}

      <CategoryCarousel categories={d.categories} categoryId={d.categoryId} />
      <p className="mb-4 text-sm"><Link className="link" to={location.pathname}>{t('All challenges')}</Link></p>

      {d.board.results.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('Challenges')}>
          {d.board.results.map((ch) => (
            <Card key={ch.id} c={ch} staff={d.staff} superuser={d.superuser} base={d.base} href={href({ challenge: ch.id, tab: null, hint: null })} />
          ))}
        </ul>
      )}
      <Pagination count={d.board.count} page={d.board.page} pageSize={PAGE_SIZE.challenges} />

      {d.teamNoticeOpen && !c ? (
        <UrlDialog title={t('Join a team')} closeTo={href({ [TEAM_NOTICE_HIDDEN]: 1 })}>
          <p className="mb-4 text-sm text-slate-700">{d.blockMessage ? t(d.blockMessage) : null}</p>
          <p className="flex flex-wrap gap-2"><TeamLinks base={d.base} buttons /></p>
        </UrlDialog>
      ) : c && params.get('hint') && c.hint && !c.hint.unlocked ? (
        <UrlDialog title={t('Unlock the hint')} closeTo={href({ hint: null })}>
          <p className="mb-6 text-sm text-slate-700">
            {t('Unlocking this hint deducts its')} <strong>{t('{{count}} points', { count: c.hint.score })}</strong> {t('from the score you will get for this challenge. Do you want to see it?')}
          </p>
          <Form method="post" className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="unlock-hint" />
            <input type="hidden" name="challenge" value={c.id} />
            <input type="hidden" name="hint" value={c.hint.id} />
            <Link to={href({ hint: null })} className="btn-secondary">{t('Cancel')}</Link>
            <button type="submit" className="btn-primary">{t('Unlock the hint')}</button>
          </Form>
        </UrlDialog>
      ) : c ? (
        <UrlDialog title={c.name} closeTo={close}>
          <nav aria-label={t('Challenge tabs')} className="mb-4 flex gap-1 border-b border-slate-200 text-sm">
            {[
              ['challenge', t('Challenge')],
              ['solves', t('{{count}} Solved', { count: c.solveCount })],
              ['comment', t('Comment')],
            ].map(([key, label]) => (
              <Link key={key} to={href({ tab: key === 'challenge' ? null : key })} aria-current={tab === key ? 'page' : undefined} preventScrollReset
                className={`-mb-px border-b-2 px-3 py-2 ${tab === key ? 'border-brand-600 font-semibold' : 'border-transparent text-slate-600'}`}>
                {label}
              </Link>
            ))}
          </nav>

          {tab === 'solves' ? (
            d.solvers.length ? (
              <ol className="space-y-1 text-sm" aria-label={t('Top solvers')}>
                {d.solvers.map((s, i) => (
                  <li key={`${s.learnerId}-${i}`} className="flex flex-wrap justify-between gap-x-3">
                    <Link className="link" to={s.href}>{s.teamName ?? s.username}</Link>
                    <span className="font-semibold" data-testid="solver-score">{t('{{count}} points', { count: s.score })}</span>
                    <span className="text-slate-500">{new Date(s.at).toLocaleString(language === 'en' ? 'en-US' : language)}</span>
                  </li>
                ))}
              </ol>
            ) : <p className="text-sm text-slate-600">{t('No one has solved this challenge yet.')}</p>
          ) : tab === 'comment' ? (
            <p className="text-sm text-slate-700" data-testid="review-comment">{c.last?.comment ?? t('No comment yet.')}</p>
          ) : (
            <div className="space-y-4">
              <div className="flex flex-wrap gap-2 text-sm">
                {d.selectedSolved && c.last ? (
                  <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-800" data-testid="own-score">{t('You scored {{count}} points', { count: c.last.score })}</span>
                ) : (
                  <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-700">{t('{{count}} points', { count: c.newValue })}</span>
                )}
                <span className="rounded bg-slate-100 px-2 py-0.5">{c.categoryName}</span>
                <span className="rounded bg-slate-100 px-2 py-0.5">{levelName(t, c.level)}</span>
                {d.selectedSolved ? <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-800">{t('Solved')}</span> : null}
                {d.selectedAwaiting ? <AwaitingBadge /> : null}
              </div>
              {d.selectedRejected ? (
                <div className="rounded border border-red-200 bg-red-50 p-3">
                  <p className="text-sm font-semibold text-red-800">{t('Rejected')}</p>
                  <RejectedNote comment={c.last?.comment ?? null} />
                </div>
              ) : null}
              <RichText html={c.description} testId="challenge-description" />
              {c.files.length ? (
                <ul className="text-sm" aria-label={t('Files')}>
                  {c.files.map((f) => <li key={f.id}><DownloadLink href={`/api/challenges/${c.id}/files/${f.id}/download/`} name={f.name}>{f.name}</DownloadLink></li>)}
                </ul>
              ) : null}
              {c.hint ? (
                c.hint.unlocked ? (
                  <section aria-label={t('Hint')} className="rounded border border-amber-200 bg-amber-50 p-3" data-testid="hint">
                    <h3 className="mb-1 text-sm font-semibold">{t('Hint')}</h3>
                    <RichText html={c.hint.description ?? ''} />
                  </section>
                ) : (
                  <Link to={href({ hint: 1 })} className="btn-secondary" preventScrollReset>{t('Hint (−{{count}} points)', { count: c.hint.score })}</Link>
                )
              ) : null}

              {errors?.[''] ? <p className="field-error" role="alert">{t(errors[''][0])}</p> : null}
              {d.block === 'ended' || d.block === 'team' ? (
                <p className="text-sm text-slate-600" data-testid="play-blocked">
                  {d.blockMessage ? t(d.blockMessage) : null}{' '}
                  {d.block === 'ended' ? <Link className="link" to={`${d.base}/scoreboard`}>{t('See the scoreboard')}</Link> : <TeamLinks base={d.base} />}
                </p>
              ) : !d.selectedCanSubmit ? (
                <>
                  <p className="text-sm text-slate-600">{d.selectedAwaiting ? t('Your flag and writeup were submitted: they count once staff have reviewed them.') : t('You have already solved this challenge.')}</p>
                  {d.next ? (
                    <p className="text-sm">
                      <Link className="btn-primary" to={href({ challenge: d.next.id, tab: null, hint: null })} preventScrollReset>{t('Next: {{name}}', { name: d.next.name })}</Link>
                    </p>
                  ) : null}
                </>
              ) : checked && d.staffNote ? (
                <div className="space-y-2" role="status">
                  <p className="text-sm font-medium text-green-700">{t(MESSAGES.flagCorrect)}</p>
                  <p className="text-sm text-slate-600">{t(d.staffNote)}</p>
                </div>
              ) : (
                // As tall as the check form (128 px): the dialog is centred, and a shorter stand-in
                // moved everything above the form when the form came (a click aimed at the hint
                // link landed beside it).
                <Suspense fallback={<FormLoading className="min-h-32" />}>
                  {checked ? (
                    <SubmitForm challengeId={c.id} flag={checked.flag} writeupRequired={d.writeupRequired} lastResult={resultFor(reply, 'submit')} busy={busy} />
                  ) : (
                    <CheckForm
                      challengeId={c.id} staffNote={d.staffNote} replied={!!result} busy={busy}
                      lastResult={resultFor(reply, 'check')} submittedFlagErrors={resultFor(reply, 'submit')?.error?.value}
                    />
                  )}
                </Suspense>
              )}
            </div>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

/** Where a player without a team goes: create one in this event, or join one (SPEC §2 team forms). */
function TeamLinks({ base, buttons = false }: { base: string; buttons?: boolean }) {
  const t = useT();
  return (
    <>
      <Link className={buttons ? 'btn-primary' : 'link'} to={`${base}/teams/create`}>{t('Create a team')}</Link>
      {buttons ? null : ` ${t('or')} `}
      <Link className={buttons ? 'btn-secondary' : 'link'} to="/teams/join">{t('Join a team')}</Link>
    </>
  );
}

/** What keeps the viewer from playing this board, said once above it (the dialog says it first for a missing team). */
function PlayNotice({ block, message, base, teamNoticeShown }: { block: string | null; message: string | null; base: string; teamNoticeShown: boolean }) {
  const t = useT();
  const said = message ? t(message) : null;
  if (block === 'ended') {
    return (
      <p className="mb-4 rounded border border-slate-200 bg-slate-50 p-3 text-sm" role="status">
        {said} <Link className="link" to={`${base}/scoreboard`}>{t('See the scoreboard')}</Link>
      </p>
    );
  }
  if (block === 'team' && !teamNoticeShown) {
    return (
      <p className="mb-4 rounded border border-amber-200 bg-amber-50 p-3 text-sm" role="status">
        {said} <TeamLinks base={base} />
      </p>
    );
  }
  return null;
}

/** A training event's weeks as tabs (links: /challenges/training-week/{n}), All first. */
function WeekTabs({ weeks, current, base }: { weeks: number[]; current: number | null; base: string }) {
  const t = useT();
  const tab = (to: string, label: string, active: boolean) => (
    <Link key={to} to={to} aria-current={active ? 'page' : undefined}
      className={`-mb-px border-b-2 px-3 py-2 ${active ? 'border-brand-600 font-semibold' : 'border-transparent text-slate-600'}`}>
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('Training weeks')} className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 text-sm">
      {tab(`${base}/challenges`, t('All weeks'), current === null)}
      {weeks.map((w) => tab(`${base}/challenges/training-week/${w}`, t('Week {{week}}', { week: w }), current === w))}
    </nav>
  );
}
