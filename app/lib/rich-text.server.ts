// Rich text (challenge and event descriptions, notifications): authors write Markdown (MDXEditor
// with JavaScript, a textarea without); what is stored and shown is sanitized HTML. No script, no
// event-handler attribute and no javascript: URL survives, whoever typed it.
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'kbd',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], code: ['class'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Markdown (raw HTML inside it included) to safe HTML. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitize(marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string);
}

/**
 * Whether sanitized HTML still says anything (a description of only `<script>` says nothing).
 * Only for sanitize's output: there every `<` opens a tag that closes, so the tag pattern is linear.
 */
export function hasContent(html: string): boolean {
  return /<img\s/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';
}
