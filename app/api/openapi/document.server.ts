// The OpenAPI 3.1 document of /api (served by app/api/openapi.ts, read by the /api/docs page): built
// by zod-to-openapi from the operations of ./paths/, whose request bodies and query parameters are
// the schemas of app/schemas the handlers parse with, and whose answers are the schemas beside the
// functions that shape them. Built once per process, on first use: it only changes with the code.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { env } from '~/lib/env.server';
import { toRoute, type Operation } from './operation';
import { accounts } from './paths/accounts';
import { challenges } from './paths/challenges';
import { events } from './paths/events';
import { notifications } from './paths/notifications';
import { reference } from './paths/reference';
import { review } from './paths/review';
import { rewards } from './paths/rewards';

/** The groups of the document (its tags) in the order the reference page shows them. */
export const GROUPS: { slug: string; tag: string; description: string; operations: Operation[] }[] = [
  { slug: 'accounts', tag: 'Accounts', description: 'Log in and out, sign up, passwords, profiles, learners and their coins.', operations: accounts },
  { slug: 'challenges', tag: 'Challenges', description: 'The boards, authoring (flags, hints, files) and the two steps of solving.', operations: challenges },
  { slug: 'events', tag: 'Events, teams and scoreboards', description: 'The catalogue, registration, teams, players and every scoreboard.', operations: events },
  { slug: 'review', tag: 'Categories and review', description: "Categories, and the staff's review of submissions.", operations: review },
  { slug: 'rewards', tag: 'Rewards', description: 'The Black Friday shop and the requests it makes.', operations: rewards },
  { slug: 'notifications', tag: 'Notifications', description: 'General and admin notifications, their counts and their live stream.', operations: notifications },
  { slug: 'reference', tag: 'Reference', description: 'This document and its page.', operations: reference },
];

const DESCRIPTION = `The JSON API of the CTF platform (SPEC §7), for the site's own pages and for other clients.

**Authentication.** Log in with POST /api/auth/jwt/create/ and send its \`access\` as \`Authorization: Bearer <access>\`, or send the site's session cookie (ctf_session), which the same call sets. A state-changing call authenticated by the cookie must come from the site's own origin (its Origin header), or it is refused with 403; a call with only a Bearer token is never refused for that.

**Bodies.** Every body may be JSON, application/x-www-form-urlencoded or multipart/form-data; files only travel in multipart. A body that is not read as any of them is a 400 under non_field_errors.

**Errors.** 400: \`{field: [messages]}\` (non_field_errors for the body as a whole), or \`{detail}\` when no one field is wrong. 401, 403, 404, 405, 413: \`{detail}\` (a 401 for a deactivated account adds code user_inactive). 429 and 503: \`{detail}\` with a Retry-After header in seconds.

**Lists.** \`{count, next, previous, results}\`: next and previous are absolute links (null at either end), \`page\` counts from 1 and \`page_size\`, where a list takes it, is at most 100.

**Paths** are written as SPEC §7 writes them; each is answered with or without its trailing slash. A method a path does not list is answered 405 \`{"detail": "Method not allowed."}\` (x-other-methods below); a page of the site (x-page: this reference at /api/docs) answers it with the site's 405 page, and a path that takes files (x-anonymous-body) answers 401 first to a body sent without credentials, which it does not read.`;

function build() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The `access` token of POST /api/auth/jwt/create/ (one token per session, ended by POST /api/auth/jwt/destroy/).',
  });
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'ctf_session',
    description: "The site's session cookie. State-changing calls authenticated by it must come from the site's own origin.",
  });
  for (const group of GROUPS) for (const op of group.operations) registry.registerPath(toRoute(op, group.tag));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'CTF Arena API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: env.publicUrl }],
    tags: GROUPS.map(({ tag, description }) => ({ name: tag, description })),
    'x-other-methods': {
      status: 405,
      description: 'Any method a path does not list.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    },
  });
}

export type OpenApiDocument = ReturnType<typeof build>;

let built: { document: OpenApiDocument; text: string } | null = null;

/** The document, built on first use. */
export function openapiDocument(): { document: OpenApiDocument; text: string } {
  if (!built) {
    const document = build();
    built = { document, text: JSON.stringify(document) };
  }
  return built;
}
