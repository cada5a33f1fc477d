// A page in French carries the French texts its render read (docs/rules.md "Languages"), so the
// browser hydrates it at once instead of first loading i18next and the whole table (about 30 KiB of
// compressed script, which would put French learner pages over the 120 KiB budget on a slow link).
// They follow at the reader's first tap or key, or at the first text the page's own lacks
// (lib/i18n.ts `addPageTexts`, entry.client.tsx).
//
// It assumes the browser's first render reads the texts the server's did: hydration needs the same
// markup anyway, and a text it lacks shows in English until the whole table is in, then in French.
import { PAGE_TEXTS_ID } from './i18n';
import { setTextReadRecorder } from './i18next';
import { notedTexts, notingTexts } from './request-scope.server';

setTextReadRecorder((key, text) => notedTexts()?.set(key, text));

/** Runs `render`, noting each table text it reads (through every callback it starts) into `texts`. */
export function readingTexts<T>(texts: Map<string, string>, render: () => T): T {
  return notingTexts(texts, render);
}

const BODY_END = Buffer.from('</body>');

/** The rendered document with `texts` before its </body> (as is when none were read). */
export function withPageTexts(document: Buffer, texts: Map<string, string>): Buffer {
  const end = document.lastIndexOf(BODY_END);
  if (!texts.size || end < 0) return document;
  // JSON in HTML: '<' escaped, so no text can close the element; not a script a browser runs.
  const json = JSON.stringify(Object.fromEntries(texts)).replace(/</g, '\\u003c');
  return Buffer.concat([document.subarray(0, end), Buffer.from(`<script type="application/json" id="${PAGE_TEXTS_ID}">${json}</script>`), document.subarray(end)]);
}
