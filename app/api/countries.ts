import { COUNTRIES } from '~/lib/countries.server';
import { methodNotAllowed } from '~/lib/api.server';

/** GET /api/countries/: ISO 3166 code and name pairs. */
export function loader() {
  return Response.json(COUNTRIES, { headers: { 'Cache-Control': 'public, max-age=86400' } });
}

export const action = () => methodNotAllowed();
