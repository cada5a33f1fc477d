import { describe, expect, it } from 'vitest';
import { flagMatches, MAX_FLAG_LENGTH, regexError } from './flag-match.server';

describe('flag matching', () => {
  it('plain_text: exact after trimming surrounding white space', () => {
    const flag = { value: 'CTF{hello}', collation: 'plain_text' };
    expect(flagMatches(flag, '  CTF{hello}\n')).toBe(true);
    expect(flagMatches(flag, 'CTF{Hello}')).toBe(false);
    expect(flagMatches(flag, 'CTF{hello')).toBe(false);
    expect(flagMatches(flag, '')).toBe(false);
  });

  it('regex: a full match, not a search', () => {
    const flag = { value: 'CTF\\{[0-9]{4}\\}', collation: 'regex' };
    expect(flagMatches(flag, 'CTF{1234}')).toBe(true);
    expect(flagMatches(flag, 'xCTF{1234}')).toBe(false);
    expect(flagMatches(flag, 'CTF{1234}x')).toBe(false);
  });

  it('regex: a catastrophic-backtracking pattern answers at once', () => {
    const flag = { value: 'CTF\\{(a+)+\\}', collation: 'regex' };
    // A backtracking engine would not return within the test's time limit.
    expect(flagMatches(flag, `CTF{${'a'.repeat(50_000)}!`)).toBe(false);
    expect(flagMatches(flag, 'CTF{aaaa}')).toBe(true);
  });

  it('refuses over-long attempts and reports uncompilable patterns', () => {
    expect(flagMatches({ value: 'x', collation: 'regex' }, 'x'.repeat(MAX_FLAG_LENGTH + 1))).toBe(false);
    expect(regexError('CTF{(')).toMatch(/^Invalid regular expression/);
    expect(regexError('CTF\\{.*\\}')).toBeNull();
  });
});
