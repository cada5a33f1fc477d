import { describe, expect, it } from 'vitest';
import { MAX_PAGE, MAX_PAGE_SIZE, pageNumber, pageSize } from './pagination';

describe('page numbers from the query string', () => {
  it('takes a positive whole number written in digits', () => {
    expect(pageNumber('1')).toBe(1);
    expect(pageNumber('7')).toBe(7);
    expect(pageNumber(String(MAX_PAGE))).toBe(MAX_PAGE);
  });

  it('reads anything malformed as page 1', () => {
    for (const value of [null, undefined, '', 'abc', '0', '-1', '1.5', '1e3', '1e308', '0x10', ' 2', 'Infinity', 'NaN', '2abc']) {
      expect(pageNumber(value), String(value)).toBe(1);
    }
  });

  it('caps huge numbers at MAX_PAGE, so the row offset stays a small safe integer', () => {
    for (const value of ['99999999999999999999', '9'.repeat(400), String(MAX_PAGE + 1)]) {
      const page = pageNumber(value);
      expect(page).toBe(MAX_PAGE);
      expect(Number.isSafeInteger(page * MAX_PAGE_SIZE)).toBe(true);
    }
  });

  it('caps page sizes and ignores malformed ones', () => {
    expect(pageSize('20', 10)).toBe(20);
    expect(pageSize('1e308', 10)).toBe(10);
    expect(pageSize('99999999999999999999', 10)).toBe(MAX_PAGE_SIZE);
    expect(pageSize('-5', 10)).toBe(10);
    expect(pageSize(null, 12)).toBe(12);
  });
});
