// The API's own description: this document, its reference page, and the answer for any other path.
import { z } from 'zod';
import { docsQuery } from '~/schemas/query';
import type { Operation } from '../operation';

export const reference: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the zod schemas that validate the requests and shape the answers.',
    access: 'public',
    answers: { 200: { description: 'The document.', schema: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }) } },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'This reference as a page',
    description: 'Every call of this document, readable without JavaScript: the list of all, then each group in full.',
    access: 'public',
    query: docsQuery,
    answers: { 200: { description: 'The page.', media: ['text/html'] }, 404: { description: 'No group of that name (a page).', media: ['text/html'] } },
    page: true,
  },
  ...(['get', 'post', 'put', 'patch', 'delete'] as const).map(
    (method): Operation => ({
      method,
      path: '/api/{path}',
      summary: 'Any other path',
      description: 'Any path under /api/ that no call above matches, an id that is not a whole number from 1 to 2^53 − 1 included: a JSON 404, never the site\'s HTML page.',
      access: 'public',
      params: z.object({ path: z.string().meta({ description: 'The rest of the path, slashes included.' }) }),
      answers: {},
      refusals: { 404: 'Not found.', ...(method === 'get' ? {} : { 401: 'A body from a caller who is not signed in: no body is read before the caller is known.' }) },
      catchAll: true,
    }),
  ),
];
