import { COUNTRIES } from '~/lib/countries.server';
import { methodNotAllowed } from '~/lib/api.server';
import { z } from 'zod';

export const CountriesJson = z
  .array(z.strictObject({ code: z.string().meta({ description: 'ISO 3166 alpha-2.' }), name: z.string() }))
  .meta({ id: 'Countries' });

/** GET /api/countries/: ISO 3166 code and name pairs. */
export function loader() {
  return Response.json(COUNTRIES satisfies z.infer<typeof CountriesJson>, { headers: { 'Cache-Control': 'public, max-age=86400' } });
}

export const action = () => methodNotAllowed();
