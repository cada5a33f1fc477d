import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crcCombine, crcShift, gzipJoin, pieceOf, plainOf } from './gzip.server';

describe('gzip joined from pieces', () => {
  it('decodes to the pieces in order, whether deflated ahead, stored, empty or longer than a stored block', () => {
    const text = Buffer.from('<tr><td>row</td></tr>'.repeat(2_000));
    const noise = randomBytes(70_000); // more than one stored block (65,535 bytes) holds
    const raws = [
      text,
      Buffer.from('alice'),
      Buffer.alloc(0),
      noise,
      Buffer.from('é🇫🇷 '.repeat(100)),
      // Too short to be worth a deflate: stored.
      Buffer.from('<a href="'),
      text,
    ];
    const pieces = raws.map(pieceOf);
    expect(pieces.filter((piece) => 'deflated' in piece)).toHaveLength(4);
    // A deflated part keeps no copy of its text.
    expect(pieces.some((piece) => 'raw' in piece && piece.raw.length > 1000 && piece.raw !== noise)).toBe(false);
    const joined = gzipJoin(pieces);
    // gunzip checks the CRC and length of the trailer too.
    expect(gunzipSync(joined).equals(Buffer.concat(raws))).toBe(true);
    expect(Buffer.concat(pieces.map(plainOf)).equals(Buffer.concat(raws))).toBe(true);
    expect(gunzipSync(gzipJoin([])).length).toBe(0);
  });

  it("combines two CRCs into the CRC of both texts, whatever their lengths", () => {
    for (const [a, b] of [[0, 5], [7, 0], [1, 1], [100, 257], [3, 70_000], [65_536, 3]]) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crcCombine(crc32(first), crcShift(second.length), crc32(second))).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
