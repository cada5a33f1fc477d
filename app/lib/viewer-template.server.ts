// Rendering once for every viewer (docs/rules.md "Speed"). During a competition every
// solve moves the data version, so the per-session page cache (page-cache.server.ts) rarely replays:
// each page view went through React's render, although most of a page is the same for everyone
// who opens it. Here a page is rendered as a template and finished per viewer:
//
// - For a document request of a page whose route opted in with `handle.pageCache`
//   (page-sharing.server.ts; every other page gets the real values), the root loader hands the
//   header its viewer fields as tokens (random per process, never shown): the
//   username, the profile picture's URL, the user id and each non-zero header count. Whether a count
//   is zero stays in the data, since it decides whether a badge is drawn.
// - entry.server.tsx renders that, then puts this viewer's values in place of the tokens.
// - A template is a pure function of its input: the route tree matched by the URL, every route's
//   loader data (tokens included) and the status. So it is kept under a hash of exactly that, and a
//   request whose loaders returned the same data is finished from the kept template without
//   rendering. The loaders themselves still run for every request, with all their checks: only
//   React's render is shared. Nothing needs invalidating: new data makes a new key, and unused
//   templates fall out by age and size.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { GZIP_HEADERS, gzipJoin, pieceBytes, pieceLength, pieceOf, plainOf, wantsGzip, type Deflated, type Piece } from './gzip.server';
import { LRUCache } from 'lru-cache';
import { CLOCK, onMemoryPressure } from './kept.server';
import { isStaff } from '~/domain/policy.server';
import { own } from '~/components/viewer-value';

/** The viewer's own values, as the root loader read them. */
export interface ViewerValues {
  id: number;
  username: string;
  profile: string;
  counts: { general: number; admin: number; rewardRequests: number };
}

// 16 digits from 1.0e15 to 1.3e15: they and the sum of two (the header adds two counts) stay below
// Number.MAX_SAFE_INTEGER, so JSON writes them as they are, and no sum equals a token.
const numberToken = () => 1_000_000_000_000_000 + randomInt(0, 2 ** 38) * 1000;
const TOKENS = {
  id: numberToken(),
  general: numberToken(),
  admin: numberToken(),
  rewardRequests: numberToken(),
  username: `vu${randomBytes(12).toString('hex')}`,
  profile: `/vp${randomBytes(12).toString('hex')}`,
};

/** What the root loader returns instead of the viewer's values when the page is a template. */
export function viewerTokens(values: ViewerValues) {
  const count = (n: number, token: number) => (n > 0 ? token : 0);
  return {
    id: TOKENS.id,
    username: TOKENS.username,
    profile: TOKENS.profile,
    counts: {
      general: count(values.counts.general, TOKENS.general),
      admin: count(values.counts.admin, TOKENS.admin),
      rewardRequests: count(values.counts.rewardRequests, TOKENS.rewardRequests),
    },
  };
}

/**
 * What the root loader hands the header of its signed-in viewer: their values, or tokens on a page
 * rendered as a template. On such a page this is all the root loader decides of the viewer, so its
 * JSON (with tokens) is one part of a kept page's key (lib/page-cache.server.ts); what the page's
 * loaders read of their viewer is the other (lib/viewer-reads.server.ts).
 */
export function headerViewer(user: { isStaff: boolean; isSuperuser: boolean }, values: ViewerValues, asTokens: boolean) {
  const shown = asTokens ? viewerTokens(values) : values;
  const { general, admin, rewardRequests } = shown.counts;
  // Opaque to the components (components/viewer-value.tsx): only its components render them.
  return {
    user: { id: own(shown.id), username: own(shown.username), isStaff: isStaff(user), isSuperuser: user.isSuperuser, profile: own(shown.profile) },
    counts: { general: own(general), admin: own(admin), rewardRequests: own(rewardRequests) },
  };
}

// Usernames ([\w.@+-], schemas/account.ts) and profile URLs (ours) need no escaping in HTML or inside
// the hydration script's strings; anything else is refused rather than escaped wrongly.
const SAFE = /^[\w.@+\-/]*$/;

/**
 * Whether a page may be rendered as a template for this viewer: a name from elsewhere (a superuser
 * set up by the environment, say) outside the safe alphabet gets pages rendered for them alone.
 */
export const templatable = (values: ViewerValues) => SAFE.test(values.username) && SAFE.test(values.profile);

type Slot = 'username' | 'profile' | 'nonce' | 'notifications' | 'general' | 'admin' | 'rewardRequests' | 'id';

/**
 * A render cut at its tokens once, so finishing it for a viewer is one join. Its parts are bytes
 * (outside the JavaScript heap). At the first gzipped answer each long part is deflated and then kept
 * only so (lib/gzip.server.ts gzipJoin): a gzipped page costs no compression per viewer, and a kept
 * template a fifth of its text. A client that takes no gzip (a script, the bench's loads) reads the
 * text: as rendered, or `plain`, inflated again once after the parts were deflated.
 */
export interface Template { parts: Piece[]; slots: Slot[]; deflated?: true; plain?: Piece[] }

/** The memory a template holds (the stores count it when they take it in). */
export const templateBytes = (template: Template) => [...template.parts, ...(template.plain ?? [])].reduce((sum, part) => sum + pieceBytes(part), 0);

const SLOT_OF = new Map<string, Slot>([
  [TOKENS.username, 'username'],
  [TOKENS.profile, 'profile'],
  // The header shows general + admin as one badge.
  [String(TOKENS.general + TOKENS.admin), 'notifications'],
  [String(TOKENS.general), 'general'],
  [String(TOKENS.admin), 'admin'],
  [String(TOKENS.rewardRequests), 'rewardRequests'],
  [String(TOKENS.id), 'id'],
]);
// Tokens are letters, digits and a slash: nothing a regular expression reads specially.
const ANY_TOKEN = new RegExp([...SLOT_OF.keys()].join('|'), 'g');

/**
 * Cuts a render at its tokens, the nonce of its response included. The render is read as latin1, one
 * character per byte with no decoding: tokens and nonces are ASCII, and no byte of a multi-byte UTF-8
 * character is, so a match's index is its byte offset. Decoding the UTF-8 instead cost about 1 ms for
 * a 70 KB page holding one accented letter, and encoding the parts back about 0.2 ms.
 */
export function asTemplate(rendered: Buffer | string, nonce: string): Template {
  const bytes = typeof rendered === 'string' ? Buffer.from(rendered) : rendered;
  const text = bytes.toString('latin1');
  // The tokens through one expression compiled once, the nonce by indexOf: an expression made for
  // each response's nonce was compiled for each render and never tiered up (about 2% of a render).
  const found: { at: number; length: number; slot: Slot }[] = [];
  for (const match of text.matchAll(ANY_TOKEN)) found.push({ at: match.index, length: match[0].length, slot: SLOT_OF.get(match[0])! });
  if (nonce) for (let at = text.indexOf(nonce); at >= 0; at = text.indexOf(nonce, at + nonce.length)) found.push({ at, length: nonce.length, slot: 'nonce' });
  found.sort((a, b) => a.at - b.at);
  const parts: Piece[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const { at, length, slot } of found) {
    if (at < last) continue; // inside the one before (as one expression would have read it)
    parts.push({ raw: bytes.subarray(last, at) });
    slots.push(slot);
    last = at + length;
  }
  parts.push({ raw: bytes.subarray(last) });
  return { parts: packed(parts), slots };
}

/**
 * The same pieces with their bytes in one allocation. Small buffers would each pin memory far larger
 * than themselves: a slab of Buffer's pool, or (zlib's answers) the 16 KB chunk they were cut from.
 */
function packed(pieces: Piece[]): Piece[] {
  const bytesOf = (piece: Piece) => ('raw' in piece ? piece.raw : piece.deflated);
  const whole = Buffer.concat(pieces.map(bytesOf));
  let at = 0;
  return pieces.map((piece) => {
    const bytes = whole.subarray(at, (at += bytesOf(piece).length));
    return 'raw' in piece ? { raw: bytes } : ({ ...piece, deflated: bytes } satisfies Deflated);
  });
}

/**
 * The pieces of the finished page, in order: the template's parts and between them the viewer's
 * values and this response's nonce in place of the tokens. A page rendered without tokens (`values`
 * null) has only its nonce to put back.
 */
function piecesFor(template: Template, values: ViewerValues | null, nonce: string, parts = template.parts): Piece[] {
  let value: Record<Slot, string>;
  if (!values) {
    if (template.slots.some((slot) => slot !== 'nonce')) throw new Error('A template with viewer tokens needs a viewer.');
    value = { nonce } as Record<Slot, string>;
  } else {
    if (!templatable(values)) throw new Error('A viewer value the template cannot hold safely.');
    const { general, admin, rewardRequests } = values.counts;
    value = {
      username: values.username,
      profile: values.profile,
      nonce,
      notifications: String(general + admin),
      general: String(general),
      admin: String(admin),
      rewardRequests: String(rewardRequests),
      id: String(values.id),
    };
  }
  const bytes = new Map<Slot, Piece>();
  const pieces: Piece[] = [parts[0]];
  for (let i = 0; i < template.slots.length; i++) {
    const slot = template.slots[i];
    let piece = bytes.get(slot);
    if (!piece) bytes.set(slot, (piece = { raw: Buffer.from(value[slot]) }));
    pieces.push(piece, parts[i + 1]);
  }
  return pieces;
}

/** The finished page's plain bytes for this viewer (see piecesFor). */
export function finishFor(template: Template, values: ViewerValues | null, nonce: string): Buffer {
  if (template.deflated) template.plain ??= packed(template.parts.map((part) => ({ raw: plainOf(part) })));
  return Buffer.concat(piecesFor(template, values, nonce, template.plain ?? template.parts).map(plainOf));
}

/**
 * The finished page as it goes out to a client whose Accept-Encoding is `accepted`: gzipped from
 * the template's deflated parts, or plain.
 */
export function finishedBody(template: Template, values: ViewerValues | null, nonce: string, accepted: string | null | undefined): { body: Buffer; headers: [string, string][] } {
  const length = template.parts.reduce((sum, part) => sum + pieceLength(part), 0);
  if (!wantsGzip(length, accepted)) return { body: finishFor(template, values, nonce), headers: [] };
  if (!template.deflated) {
    template.parts = packed(template.parts.map((part) => ('raw' in part ? pieceOf(part.raw) : part)));
    template.deflated = true;
  }
  return { body: gzipJoin(piecesFor(template, values, nonce)), headers: GZIP_HEADERS };
}

/**
 * The key of a render's input; null when the loader data holds something JSON cannot tell apart
 * (a promise, a Map, a class instance): such a page is rendered every time.
 */
export function templateKey(url: string, status: number, routeIds: string[], loaderData: unknown): string | null {
  // Checked by a walk of its own, then written by JSON.stringify without a replacer: a replacer is
  // called from native code for every value, most of what the key cost. Data with a cycle (which
  // turbo-stream can carry) throws in either: no template either.
  let json: string;
  try {
    if (!plainData(loaderData)) return null;
    json = JSON.stringify(loaderData) ?? '';
  } catch {
    return null;
  }
  return createHash('sha256').update(`${status}\n${url}\n${routeIds.join(',')}\n`).update(json).digest('base64url');
}

/** Whether JSON tells `value` apart from any other: plain objects, arrays, dates and primitives only. */
function plainData(value: unknown): boolean {
  switch (typeof value) {
    case 'function':
    case 'bigint':
    case 'symbol':
      return false;
    case 'object': {
      if (value === null || value instanceof Date) return true;
      if (Array.isArray(value)) return value.every(plainData);
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) if (!plainData((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return true;
  }
}

// ---- Kept templates ----------------------------------------------------------------------------

// Counted in bytes, as kept (long parts deflated). A team event's board differs per team: in the
// 2,000-player competition its 500 boards take 3 MB (they took 15 when the text was kept beside the
// deflated parts, and with 8 MB then two board views in three were renders of an evicted board).
const MAX_BYTES = 4 * 1024 * 1024;
/** Bounds what a render may depend on besides its data: the clock (the footer's year, "starts on"). */
const MAX_AGE_MS = 60_000;
const templates = new LRUCache<string, Template>({ maxSize: MAX_BYTES, maxEntrySize: MAX_BYTES / 16, sizeCalculation: templateBytes, ttl: MAX_AGE_MS, ...CLOCK });
onMemoryPressure(() => templates.clear());

export function keptTemplate(key: string): Template | null {
  return templates.get(key) ?? null;
}

/** Keeps a template (one larger than a sixteenth of the bound is not kept). */
export function keepTemplate(key: string, template: Template): void {
  templates.set(key, template);
}
