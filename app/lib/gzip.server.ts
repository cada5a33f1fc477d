// Compressing a body that is whole in memory, in one synchronous call: the compression middleware
// streams through zlib's thread pool in 16 KB steps, which cost a page more than the gzip itself.
// Used where the body is complete anyway (the direct lane's answers, finished pages); other
// responses stream through the middleware, which leaves an encoded body alone.
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

// Level 4: within a few percent of the default 6 in size (a 23 KB board page: 5.5 KB against
// 5.3 KB) for a third less CPU per response.
export const GZIP_LEVEL = 4;
/** Below this, gzip's header and the CPU are not worth it (the middleware's own threshold). */
const MIN_BYTES = 1024;
const GZIP_HEADERS: [string, string][] = [
  ['Content-Encoding', 'gzip'],
  ['Vary', 'Accept-Encoding'],
];

/** Whether a body of `length` bytes goes out gzipped to a client whose Accept-Encoding is `accepted`. */
export const wantsGzip = (length: number, accepted: string | null | undefined) => length > MIN_BYTES && /\bgzip\b/.test(accepted ?? '');

/** The body to send for a client whose Accept-Encoding is `accepted`, and the headers it needs. */
export function gzipped(body: Buffer, accepted: string | null | undefined): { body: Buffer; headers: [string, string][] } {
  if (!wantsGzip(body.length, accepted)) return { body, headers: [] };
  return { body: gzipSync(body, { level: GZIP_LEVEL }), headers: GZIP_HEADERS };
}

// ---- Gzip joined from pieces compressed once ----------------------------------------------------
// A page finished from a template (lib/viewer-template.server.ts) is the same large parts for every
// viewer with a few short values between them. Each part is deflated once, with a sync flush, so it
// ends on a byte boundary with no back-reference beyond itself; a viewer's gzip is then those blocks
// with the values between them as stored (uncompressed) blocks, a final empty block and the trailer.
// The CRC still covers every byte, but zlib's crc32 runs at gigabytes a second.

// Each deflate call costs about 10 µs before its first byte, and a page has dozens of parts, many of
// them a few bytes between two tokens: those go in stored, like the values.
const DEFLATED_FROM = 256;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end code. */
const LAST_BLOCK = [0x03, 0x00];
const STORED_MAX = 0xffff;

/**
 * `raw` as deflate blocks that may be followed by any others (see gzipJoin); undefined when it is
 * too short to be worth a compression, so gzipJoin stores it as it is.
 */
export function deflatePiece(raw: Buffer): Buffer | undefined {
  if (raw.length < DEFLATED_FROM) return undefined;
  return deflateRawSync(raw, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
}

/** `raw` as stored blocks: for short values, where compressing costs more than it saves. */
function stored(raw: Buffer, out: Buffer[]) {
  for (let at = 0; at < raw.length; at += STORED_MAX) {
    const chunk = raw.subarray(at, at + STORED_MAX);
    const head = Buffer.allocUnsafe(5);
    head[0] = 0; // not final, stored; the previous piece ended on a byte boundary
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(chunk.length ^ 0xffff, 3);
    out.push(head, chunk);
  }
}

/**
 * One gzip member holding the pieces in order. A piece is its bytes and, when it was compressed
 * ahead, the deflatePiece of them; a piece without one goes in stored.
 */
export function gzipJoin(pieces: { raw: Buffer; deflated?: Buffer }[]): Buffer {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  for (const { raw, deflated } of pieces) {
    if (!raw.length) continue;
    if (deflated) out.push(deflated);
    else stored(raw, out);
    crc = crc32(raw, crc);
    size += raw.length;
  }
  const trailer = Buffer.from([...LAST_BLOCK, 0, 0, 0, 0, 0, 0, 0, 0]);
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(size >>> 0, 6);
  out.push(trailer);
  return Buffer.concat(out);
}

/** gzipJoin's answer with its headers when the client takes gzip, else the plain bytes. */
export function joinedBody(pieces: { raw: Buffer; deflated?: Buffer }[], accepted: string | null | undefined): { body: Buffer; headers: [string, string][] } {
  const length = pieces.reduce((sum, p) => sum + p.raw.length, 0);
  if (!wantsGzip(length, accepted)) return { body: Buffer.concat(pieces.map((p) => p.raw)), headers: [] };
  return { body: gzipJoin(pieces), headers: GZIP_HEADERS };
}
