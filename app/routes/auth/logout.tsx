import { Form, redirect } from 'react-router';
import { Link } from '~/components/link';
import { LOGOUT_TEXT } from '~/components/logout-button';
import { metaTranslator, useT } from '~/lib/i18n';
import { requestToken, destroySession, sessionCookie } from '~/lib/session.server';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Log out') + ' · CTF Arena' }];
};

/** Without JavaScript the header's Logout link lands here: the confirmation is a page. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await requestToken(request))) throw redirect('/login');
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const found = await requestToken(request);
  if (found?.via === 'cookie') await destroySession(found.token);
  return redirect('/login', { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } });
}

export default function Logout() {
  const t = useT();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-3 text-xl font-semibold">{t('Logout')}</h1>
      <p className="mb-6 text-sm text-slate-700">{t(LOGOUT_TEXT)}</p>
      <Form method="post" className="flex justify-end gap-2">
        <Link to="/" className="btn-secondary">{t('Cancel')}</Link>
        <button type="submit" className="btn-danger">{t('Logout')}</button>
      </Form>
    </div>
  );
}
