// Compressing a body that is whole in memory, in one synchronous call: the compression middleware
// streams through zlib's thread pool in 16 KB steps, which cost a page more than the gzip itself.
// Used where the body is complete anyway (the direct lane's answers, finished pages); other
// responses stream through the middleware, which leaves an encoded body alone.
import { gzipSync } from 'node:zlib';

// Level 4: within a few percent of the default 6 in size (a 23 KB board page: 5.5 KB against
// 5.3 KB) for a third less CPU per response.
export const GZIP_LEVEL = 4;
/** Below this, gzip's header and the CPU are not worth it (the middleware's own threshold). */
const MIN_BYTES = 1024;

/** The body to send for a client whose Accept-Encoding is `accepted`, and the headers it needs. */
export function gzipped(body: Buffer, accepted: string | null | undefined): { body: Buffer; headers: [string, string][] } {
  if (body.length <= MIN_BYTES || !/\bgzip\b/.test(accepted ?? '')) return { body, headers: [] };
  return {
    body: gzipSync(body, { level: GZIP_LEVEL }),
    headers: [
      ['Content-Encoding', 'gzip'],
      ['Vary', 'Accept-Encoding'],
    ],
  };
}
