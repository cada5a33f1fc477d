// /language/{en|fr}?back=/path: the language switch of every page's header (components/language-switch.tsx).
// A plain link, so it works without JavaScript: it keeps the choice for this browser in a cookie and
// goes back. A link from another site goes back without changing anything (no state changes on a
// request from another site); an unknown language is no page.
import { redirect } from 'react-router';
import { NotFound } from '~/lib/errors.server';
import { isLanguage } from '~/lib/i18n';
import { languageCookie } from '~/lib/language.server';
import { safeReturnPath } from '~/lib/return-to';
import type { Route } from './+types/language';

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isLanguage(params.language)) throw new NotFound('No language matches the given query.');
  const back = safeReturnPath(new URL(request.url).searchParams.get('back'), '/', { loginPage: true });
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return redirect(back);
  return redirect(back, { headers: { 'Set-Cookie': await languageCookie.serialize(params.language) } });
}
