// Compressing a body that is whole in memory, in one synchronous call: the compression middleware
// streams through zlib's thread pool in 16 KB steps, which cost a page more than the gzip itself.
// Used where the body is complete anyway (the direct lane's answers, finished pages); other
// responses stream through the middleware, which leaves an encoded body alone.
import { constants, crc32, deflateRawSync, gzipSync, inflateRawSync } from 'node:zlib';

// Level 4: within a few percent of the default 6 in size (a 23 KB board page: 5.5 KB against
// 5.3 KB) for a third less CPU per response.
export const GZIP_LEVEL = 4;
/** Below this, gzip's header and the CPU are not worth it (the middleware's own threshold). */
const MIN_BYTES = 1024;
export const GZIP_HEADERS: [string, string][] = [
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
// A deflated part keeps only its deflated bytes (a fifth of the text: 500 teams' boards are 3 MB
// instead of 15), its length and its CRC; the trailer's CRC over every byte is combined from the
// parts' CRCs (crcShift) and the values' own.

// Each deflate call costs about 10 µs before its first byte, and a page has dozens of parts, many of
// them a few bytes between two tokens: those go in stored, like the values.
const DEFLATED_FROM = 256;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end code. */
const LAST_BLOCK = [0x03, 0x00];
const STORED_MAX = 0xffff;

/** A piece of a page: bytes as they are (short parts, a viewer's values), or a part deflated ahead. */
export type Piece = { raw: Buffer } | Deflated;
export interface Deflated {
  deflated: Buffer;
  length: number;
  crc: number;
  /** What appending `length` bytes does to a CRC before them (crcShift). */
  shift: number;
}

/**
 * `raw` as a piece for gzipJoin: deflate blocks that may be followed by any others when it is long
 * enough to be worth a compression, else the bytes themselves (stored).
 */
export function pieceOf(raw: Buffer): Piece {
  if (raw.length < DEFLATED_FROM) return { raw };
  const deflated = deflateRawSync(raw, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
  return { deflated, length: raw.length, crc: crc32(raw), shift: crcShift(raw.length) };
}

export const pieceLength = (piece: Piece) => ('raw' in piece ? piece.raw.length : piece.length);
/** The memory a piece holds. */
export const pieceBytes = (piece: Piece) => ('raw' in piece ? piece.raw.length : piece.deflated.length + 4);

// CRC-32 is linear: the CRC of A then B is crc(A)·x^(8·|B|) + crc(B), polynomials over GF(2)
// modulo CRC-32's (zlib's crc32_combine). x^(8·|B|) is worked out once per part, by squaring.
const POLY = 0xedb88320;
/** a·b modulo CRC-32's polynomial, both in its reflected bit order (zlib's multmodp). */
function times(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}
/** X_POWERS[k] = x^(2^k) modulo the polynomial. */
const X_POWERS: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = times(p, p)) X_POWERS.push(p);

/** What appending `length` bytes does to a CRC before them: x^(8·length), to multiply it by. */
export function crcShift(length: number): number {
  let result = 0x80000000; // x^0
  for (let k = 3; length > 0; k++, length = Math.floor(length / 2)) if (length % 2) result = times(X_POWERS[k % 32], result);
  return result;
}

/** The CRC of A then B, from crc(A), crc(B) and B's crcShift. */
export const crcCombine = (before: number, shift: number, after: number) => (times(shift, before) ^ after) >>> 0;

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

/** One gzip member holding the pieces in order. */
export function gzipJoin(pieces: Piece[]): Buffer {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    if ('raw' in piece) {
      if (!piece.raw.length) continue;
      stored(piece.raw, out);
      crc = crc32(piece.raw, crc);
      size += piece.raw.length;
    } else {
      out.push(piece.deflated);
      crc = crcCombine(crc, piece.shift, piece.crc);
      size += piece.length;
    }
  }
  const trailer = Buffer.from([...LAST_BLOCK, 0, 0, 0, 0, 0, 0, 0, 0]);
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(size >>> 0, 6);
  out.push(trailer);
  return Buffer.concat(out);
}

/** A piece's plain bytes: a deflated part inflated again. */
export const plainOf = (piece: Piece): Buffer => ('raw' in piece ? piece.raw : inflateRawSync(piece.deflated, { finishFlush: constants.Z_SYNC_FLUSH }));

