import { methodNotAllowed } from '~/lib/api.server';
import { openapiDocument } from './openapi/document.server';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, built once per process. It changes only
 * with a release, so clients and caches may keep it an hour.
 */
export function loader() {
  return new Response(openapiDocument().text, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' } });
}

export const action = () => methodNotAllowed();
