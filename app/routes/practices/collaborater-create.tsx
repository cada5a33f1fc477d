import { useActionData, useLoaderData } from 'react-router';
import { AccountForm } from '~/components/account-form';
import { createCollaborator } from '~/domain/accounts.server';
import { requireStaffPage } from '~/lib/auth.server';
import { countriesIn } from '~/lib/countries.server';
import { pageLanguage } from '~/lib/language.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { redirectWithFlash } from '~/lib/session.server';
import { collaboratorSchema } from '~/schemas/account';
import type { Route } from './+types/collaborater-create';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('New collaborater')} · CTF Arena` }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  return { countries: countriesIn(pageLanguage()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const outcome = await handleForm(request, collaboratorSchema, (input) => createCollaborator(user, input));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, '/practices/users', { type: 'success', text: MESSAGES.collaboratorSuccess });
}

export default function CreateCollaborator() {
  const { countries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="card mx-auto max-w-2xl">
      <h1 className="mb-6 text-2xl font-bold">{t('New collaborater')}</h1>
      <AccountForm mode="collaborator" countries={countries} lastResult={result?.result} />
    </div>
  );
}
