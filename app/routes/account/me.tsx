import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { AccountForm } from '~/components/account-form';
import { UrlDialog } from '~/components/dialog';
import { FormErrors } from '~/components/field';
import { updateProfile } from '~/domain/accounts.server';
import { profileUrl } from '~/domain/user-view.server';
import { purchaseReward, PURCHASE_SUCCESS } from '~/domain/reward-purchase.server';
import { listRewards } from '~/domain/rewards.server';
import { requireUser } from '~/lib/auth.server';
import { COUNTRIES } from '~/lib/countries.server';
import { DomainError } from '~/lib/errors.server';
import { handleForm } from '~/lib/form.server';
import { MESSAGES } from '~/lib/messages';
import { redirectWithFlash } from '~/lib/session.server';
import { isFile } from '~/lib/uploads.server';
import { profileSchema } from '~/schemas/account';
import type { Route } from './+types/me';

export const meta: Route.MetaFunction = () => [{ title: 'My account · CTF Arena' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const rewards = new URL(request.url).searchParams.get('dialog') === 'purchase' ? await listRewards() : [];
  return {
    me: { username: user.username, fullname: user.fullname, email: user.email, gender: user.gender, country: user.country, coin: user.coin, profile: profileUrl(user), isStaff: user.isStaff || user.isSuperuser },
    countries: COUNTRIES,
    rewards: rewards.map((r) => ({ id: r.id, title: r.title, coin: r.coin })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'purchase') {
    try {
      await purchaseReward(user, Number(form.get('reward')));
    } catch (error) {
      if (error instanceof DomainError) return data({ purchaseError: error.message, result: null }, { status: error.status });
      throw error;
    }
    return redirectWithFlash(request, '/me', { type: 'success', text: PURCHASE_SUCCESS });
  }
  const picture = form.get('profile');
  const outcome = await handleForm(form, profileSchema, (input) => updateProfile(user, input, isFile(picture) ? picture : null));
  if (!outcome.ok) return outcome.response;
  // A changed e-mail has deactivated the account: the next request ends the session (SPEC §4).
  return redirectWithFlash(request, '/me', { type: 'success', text: MESSAGES.profileUpdated });
}

export default function Me() {
  const { me, countries, rewards } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const editing = params.get('edit') === '1' || (result && 'result' in result && result.result);
  const countryName = countries.find((c) => c.code === me.country)?.name ?? me.country;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <img src={me.profile} alt={`${me.username}'s profile`} width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
        <div className="flex-1">
          <h1 className="text-2xl font-bold">{me.username}</h1>
          <p className="text-slate-600">{me.fullname}</p>
        </div>
        {!me.isStaff ? (
          <div className="text-right">
            <p className="text-sm text-slate-500">My black friday coins</p>
            <p className="text-2xl font-bold" data-testid="coin-balance">{me.coin}</p>
            <Link to="?dialog=purchase" className="btn-secondary mt-2" preventScrollReset>Purchase a reward</Link>
          </div>
        ) : null}
      </div>

      <section className="card">
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-lg font-semibold">Account details</h2>
          {!editing ? <Link to="?edit=1" className="btn-secondary">Edit</Link> : null}
        </div>
        {editing ? (
          <AccountForm
            mode="account"
            countries={countries}
            lastResult={result && 'result' in result ? result.result : null}
            defaultValue={{ username: me.username, fullname: me.fullname, email: me.email, gender: me.gender, country: me.country }}
          />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            <div><dt className="text-sm text-slate-500">Username</dt><dd>{me.username}</dd></div>
            <div><dt className="text-sm text-slate-500">Full name</dt><dd>{me.fullname}</dd></div>
            <div><dt className="text-sm text-slate-500">Email</dt><dd>{me.email}</dd></div>
            <div><dt className="text-sm text-slate-500">Gender</dt><dd>{me.gender === 'F' ? 'Female' : 'Male'}</dd></div>
            <div><dt className="text-sm text-slate-500">Country</dt><dd>{countryName}</dd></div>
          </dl>
        )}
      </section>

      {params.get('dialog') === 'purchase' ? (
        <UrlDialog title="Purchase a reward" closeTo="/me">
          <p className="mb-4 text-sm">My black friday coins: <strong>{me.coin}</strong></p>
          <FormErrors errors={result && 'purchaseError' in result && result.purchaseError ? [result.purchaseError] : null} />
          {rewards.length ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="purchase" />
              <label className="label" htmlFor="reward">Reward</label>
              <select id="reward" name="reward" className="input" required>
                {rewards.map((r) => <option key={r.id} value={r.id}>{r.title} — {r.coin} coins</option>)}
              </select>
              <button type="submit" className="btn-primary">Purchase</button>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">{MESSAGES.emptyList}</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}
