import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { makeUser } from '../../tests/support/factories';
import { containsLiteral, containsPattern } from './literal-search';
import { statement } from './sql.server';

describe('literal "contains"', () => {
  it('is needed: Prisma 7 renders `contains` on SQLite as a LIKE without ESCAPE, so % and _ are wildcards', async () => {
    const tag = `lit${Date.now()}`;
    await makeUser({ username: `${tag}a_b` });
    await makeUser({ username: `${tag}axb` });
    const names = async (q: string) => (await db.user.findMany({ where: { username: { contains: q } }, select: { username: true } })).map((u) => u.username).sort();
    expect(await names(`${tag}a_b`)).toEqual([`${tag}a_b`, `${tag}axb`]);
    expect(await names(`${tag}a%b`)).toEqual([`${tag}a_b`, `${tag}axb`]);
  });

  it('escapes %, _ and the escape character, and still ignores ASCII case', async () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    const tag = `esc${Date.now()}`;
    for (const name of ['a_b', 'axb', 'c%d', 'cxxd', 'e\\f', 'EF']) await makeUser({ username: `${tag}${name}` });
    const find = statement<{ username: string }, [string, string]>(`SELECT username FROM "User" WHERE username LIKE ? AND ${containsLiteral('username')} ORDER BY username`);
    const names = async (q: string) => (await find.all(`${tag}%`, containsPattern(q))).map((r) => r.username.slice(tag.length));
    expect(await names('a_b')).toEqual(['a_b']);
    expect(await names('_')).toEqual(['a_b']);
    expect(await names('%')).toEqual(['c%d']);
    expect(await names('\\')).toEqual(['e\\f']);
    expect(await names('ef')).toEqual(['EF']);
  });
});
