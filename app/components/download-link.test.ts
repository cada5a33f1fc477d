import { describe, expect, it } from 'vitest';
import { dispositionName } from './download-link';

describe('dispositionName', () => {
  it('prefers the RFC 5987 name, then the quoted or bare one', () => {
    expect(dispositionName(`attachment; filename="notes.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.md`)).toBe('résumé.md');
    expect(dispositionName('attachment; filename="my \\"notes\\".txt"')).toBe('my "notes".txt');
    expect(dispositionName('attachment; filename=plain.bin')).toBe('plain.bin');
  });

  it('has no name without a header or a filename', () => {
    expect(dispositionName(null)).toBeNull();
    expect(dispositionName('attachment')).toBeNull();
  });
});
