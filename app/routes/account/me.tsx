import { z } from 'zod';
import { Suspense } from 'react';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { Cell, Row, StackedTable, TableRegion } from '~/components/data-table';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { FormLoading, onDemand } from '~/components/on-demand';
import { EmptyState, FormErrors } from '~/components/field';
import { LocalTime } from '~/components/local-time';
import { Pagination } from '~/components/pagination';
import { updateProfile } from '~/domain/accounts.server';
import { isStaff } from '~/domain/policy.server';
import { profileUrl } from '~/domain/user-view.server';
import { ownRewardRequests, purchaseReward, PURCHASE_SUCCESS, STAFF_DO_NOT_PURCHASE } from '~/domain/reward-purchase.server';
import { listRewards } from '~/domain/rewards.server';
import { requireUser } from '~/lib/auth.server';
import { countriesIn } from '~/lib/countries.server';
import { handleForm, submittedForm } from '~/lib/form.server';
import { intentSchema } from '~/schemas/fields';
import { resultFor, typedValue } from '~/lib/form-result';
import { isLanguage, metaTranslator, text, useT } from '~/lib/i18n';
import { languageCookie, pageLanguage } from '~/lib/language.server';
import { MESSAGES } from '~/lib/messages';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { isFile } from '~/lib/uploads.server';
import { profileSchema } from '~/schemas/account';
import type { Route } from './+types/me';

// The account form brings conform and zod, most of this page's JavaScript: it loads when the form
// shows (?edit=1), or as the learner reaches for Edit.
const accountForm = onDemand(() => import('~/components/account-form'));
const AccountForm = accountForm.component((m) => m.AccountForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('My account · CTF Arena') }];
};

const PURCHASE_DIALOG = '/me?dialog=purchase';
const CHOOSE_A_REWARD = text('Choose a reward.');
const PURCHASE = intentSchema('purchase', z.object({ reward: z.string({ error: CHOOSE_A_REWARD }).trim().min(1, CHOOSE_A_REWARD).transform(Number) }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  const player = !isStaff(user);
  // Staff do not buy rewards (docs/rules.md "Coins"): no shop and no requests for them.
  const [rewards, requests] = await Promise.all([
    player && query.get('dialog') === 'purchase' ? listRewards() : [],
    player ? ownRewardRequests(user, pageNumber(query.get('requests-page')), PAGE_SIZE.rewardRequests) : null,
  ]);
  return {
    me: { username: user.username, fullname: user.fullname, email: user.email, gender: user.gender, country: user.country, language: user.language ?? '', coin: user.coin, profile: profileUrl(user), isStaff: !player },
    // The country's name for the details; the whole list (250 names in the page's language, most of
    // this page's data when it was sent on every view) only where the form shows: opened with
    // ?edit=1, or answering its post.
    countryName: countriesIn(pageLanguage()).find((c) => c.code === user.country)?.name ?? user.country,
    countries: query.get('edit') === '1' || request.method !== 'GET' ? countriesIn(pageLanguage()) : [],
    staffNotice: player ? null : STAFF_DO_NOT_PURCHASE,
    rewards: rewards.map((r) => ({ id: r.id, title: r.title, coin: r.coin })),
    requests: requests && {
      count: requests.count,
      page: requests.page,
      rows: requests.results.map((r) => ({ id: r.id, title: r.title, coin: r.coin, state: r.state, at: r.createdAt.toISOString() })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  // A body refused whole (malformed, too many fields) shows its message above the profile form.
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  if (form.get('intent') === 'purchase') {
    // 400 (coins missing), 403 (staff), 404 (the reward left the shop): said in the dialog (SPEC §8).
    const outcome = await handleForm(form, PURCHASE, ({ reward }) => purchaseReward(user, reward), { notFoundOnForm: true });
    if (!outcome.ok) return outcome.response;
    return redirectWithFlash(request, '/me', { type: 'success', text: PURCHASE_SUCCESS });
  }
  const picture = form.get('profile');
  // The language select's "Browser's language" posts '', which conform reads as left out: posted, it is null.
  const languagePosted = form.has('language');
  const outcome = await handleForm(form, profileSchema, (input) =>
    updateProfile(user, { ...input, language: input.language ?? (languagePosted ? null : undefined) }, isFile(picture) ? picture : null),
  );
  if (!outcome.ok) return outcome.response;
  // This browser follows the saved language at once: the switch's cookie, which comes before the
  // account's setting (lib/language.server.ts), says the same, or goes for the browser's own.
  const headers = new Headers();
  if (languagePosted) {
    const saved = outcome.value.user.language;
    headers.append('Set-Cookie', isLanguage(saved) ? await languageCookie.serialize(saved) : await languageCookie.serialize('', { maxAge: 0 }));
  }
  // A changed e-mail has deactivated the account: the next request ends the session (SPEC §4).
  return redirectWithFlash(request, '/me', { type: 'success', text: MESSAGES.profileUpdated }, headers);
}

export default function Me() {
  const { me, countryName, countries, rewards, requests, staffNotice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  // The purchase's reply is the dialog's; any other (a body refused whole included) the profile form's.
  const purchase = resultFor(result, 'purchase');
  const profile = purchase ? null : result;
  const editing = params.get('edit') === '1' || !!profile;
  const purchaseError = purchase?.error?.[''] ?? purchase?.error?.reward;
  const chosen = Number(typedValue(purchase, 'reward')) || null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <img src={me.profile} alt={t("{{username}}'s profile", { username: me.username })} width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
        <div className="flex-1">
          <h1 className="text-2xl font-bold">{me.username}</h1>
          <p className="text-slate-600">{me.fullname}</p>
        </div>
        {!me.isStaff ? (
          <div className="text-right">
            <p className="text-sm text-slate-500">{t('My black friday coins')}</p>
            <p className="text-2xl font-bold" data-testid="coin-balance">{me.coin}</p>
            <Link to="?dialog=purchase" className="btn-secondary mt-2" preventScrollReset>{t('Purchase a reward')}</Link>
          </div>
        ) : null}
      </div>

      <section className="card">
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-lg font-semibold">{t('Account details')}</h2>
          {!editing ? <Link to="?edit=1" className="btn-secondary" {...accountForm.intent}>{t('Edit')}</Link> : null}
        </div>
        {editing ? (
          <Suspense fallback={<FormLoading />}>
            <AccountForm
              mode="account"
              countries={countries}
              lastResult={profile}
              defaultValue={{ username: me.username, fullname: me.fullname, email: me.email, gender: me.gender, country: me.country, language: me.language }}
            />
          </Suspense>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            <div><dt className="text-sm text-slate-500">{t('Username')}</dt><dd>{me.username}</dd></div>
            <div><dt className="text-sm text-slate-500">{t('Full name')}</dt><dd>{me.fullname}</dd></div>
            <div><dt className="text-sm text-slate-500">{t('Email')}</dt><dd>{me.email}</dd></div>
            <div><dt className="text-sm text-slate-500">{t('Gender')}</dt><dd>{me.gender === 'F' ? t('Female') : t('Male')}</dd></div>
            <div><dt className="text-sm text-slate-500">{t('Country')}</dt><dd>{countryName}</dd></div>
          </dl>
        )}
      </section>

      {requests ? (
        <section className="card" aria-labelledby="my-requests">
          <h2 id="my-requests" className="mb-4 text-lg font-semibold">{t('My reward requests')}</h2>
          {requests.rows.length === 0 ? (
            <EmptyState text={requests.count > 0 ? t('There is no page {{page}}: the list ends at page {{last}}.', { page: requests.page, last: lastPage(requests.count, PAGE_SIZE.rewardRequests) }) : undefined} />
          ) : (
            <TableRegion label={t('My reward requests')} framed={false}>
              <StackedTable testId="reward-requests" columns={['#', t('Reward'), t('Coins'), t('Requested'), t('State')]}>
                {requests.rows.map((r, i) => (
                  <Row key={r.id}>
                    <Cell label="#">{(requests.page - 1) * PAGE_SIZE.rewardRequests + i + 1}</Cell>
                    <Cell label={t('Reward')}>{r.title}</Cell>
                    <Cell label={t('Coins')}>{r.coin}</Cell>
                    <Cell label={t('Requested')}><LocalTime iso={r.at} /></Cell>
                    <Cell label={t('State')}><span className={STATE_STYLE[r.state]}>{t(STATE_WORDS[r.state] ?? r.state)}</span></Cell>
                  </Row>
                ))}
              </StackedTable>
            </TableRegion>
          )}
          <Pagination count={requests.count} page={requests.page} pageSize={PAGE_SIZE.rewardRequests} param="requests-page" />
        </section>
      ) : null}

      {params.get('dialog') === 'purchase' ? (
        <UrlDialog title={t('Purchase a reward')} closeTo="/me">
          <FormErrors errors={purchaseError} />
          {me.isStaff ? (
            !purchaseError ? <p className="text-sm text-slate-700">{staffNotice ? t(staffNotice) : null}</p> : null
          ) : (
            <>
              <p className="mb-4 text-sm">{t('My black friday coins:')} <strong data-testid="dialog-coin-balance">{me.coin}</strong></p>
              {rewards.length ? (
                <Form method="post" action={PURCHASE_DIALOG} preventScrollReset>
                  <input type="hidden" name="intent" value="purchase" />
                  <fieldset className="mb-6 space-y-2">
                    <legend className="label">{t('Reward')}</legend>
                    {rewards.map((r, i) => (
                      <label key={r.id} className="flex items-center gap-3 rounded-md border border-slate-200 p-3 hover:bg-slate-50">
                        <input type="radio" name="reward" value={r.id} required defaultChecked={chosen ? chosen === r.id : i === 0} />
                        <span className="flex-1">{r.title}</span>
                        <span className="text-sm font-semibold">{t('{{count}} coins', { count: r.coin })}</span>
                        {r.coin > me.coin ? <span className="text-xs text-slate-500">{t('({{count}} more needed)', { count: r.coin - me.coin })}</span> : null}
                      </label>
                    ))}
                  </fieldset>
                  <DialogActions cancelTo="/me" label={t('Purchase')} busy={busy} />
                </Form>
              ) : (
                <EmptyState />
              )}
            </>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

/** The words of a reward request's states (domain/reward-purchase.server.ts), translated where shown. */
const STATE_WORDS: Record<string, string> = { Pending: text('Pending'), Validated: text('Validated'), Dismissed: text('Dismissed') };

const STATE_STYLE: Record<string, string> = {
  Pending: 'rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800',
  Validated: 'rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800',
  Dismissed: 'rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700',
};
