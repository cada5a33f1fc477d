import { Form, useActionData, useNavigation } from 'react-router';
import { FormErrors } from '~/components/field';
import { activate } from '~/domain/accounts.server';
import { FormFields } from '~/lib/body.server';
import { contextOf } from '~/lib/context';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { LOGIN_MESSAGES, redirectWithFlash } from '~/lib/session.server';
import { uidTokenSchema } from '~/schemas/account';
import type { Route } from './+types/activate';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Activate your account · CTF Arena') }];
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ip } = contextOf(context);
  // The link is the whole input: the body is never read.
  const form = new FormFields([['uid', params.uid], ['token', params.token]]);
  const outcome = await handleForm(form, uidTokenSchema, (input) => activate(input, { ip }));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, '/login', LOGIN_MESSAGES.account_activated);
}

/** SPEC §8: the first token or uid error, otherwise the detail. */
export default function Activate() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const errors = result?.result.error;
  const message = errors?.token?.[0] ?? errors?.uid?.[0] ?? errors?.['']?.[0];
  return (
    <div className="card mx-auto max-w-md text-center">
      <h1 className="mb-4 text-2xl font-bold">{t('Activate your account')}</h1>
      <FormErrors errors={message ? [message] : null} />
      <Form method="post">
        <button type="submit" className="btn-primary" disabled={busy}>{t('Activate my account')}</button>
      </Form>
    </div>
  );
}
