import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePiece, gzipJoin } from './gzip.server';

describe('gzip joined from pieces', () => {
  it('decodes to the pieces in order, whether deflated ahead, stored, empty or longer than a stored block', () => {
    const text = Buffer.from('<tr><td>row</td></tr>'.repeat(2_000));
    const noise = randomBytes(70_000); // more than one stored block (65,535 bytes) holds
    const pieces = [
      { raw: text, deflated: deflatePiece(text) },
      { raw: Buffer.from('alice') },
      { raw: Buffer.alloc(0) },
      { raw: noise },
      { raw: Buffer.from('é🇫🇷 '.repeat(100)), deflated: deflatePiece(Buffer.from('é🇫🇷 '.repeat(100))) },
      // Too short to be worth a deflate: stored.
      { raw: Buffer.from('<a href="'), deflated: deflatePiece(Buffer.from('<a href="')) },
    ];
    const joined = gzipJoin(pieces);
    // gunzip checks the CRC and length of the trailer too.
    expect(gunzipSync(joined).equals(Buffer.concat(pieces.map((p) => p.raw)))).toBe(true);
    expect(gunzipSync(gzipJoin([])).length).toBe(0);
  });
});
