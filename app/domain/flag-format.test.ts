// Authoring refuses flags no learner could submit (issue 8 §2): a plain text flag must have the
// format CTF{...}; a regex that cannot match that format is saved with a warning.
import { describe, expect, it } from 'vitest';
import { Invalid } from '~/lib/errors.server';
import { PLAIN_FLAG_FORMAT, REGEX_FLAG_WARNING } from '~/schemas/challenge';
import { challengeInput, makeCategory, plainFlag } from '../../tests/support/authoring-factories';
import { makeStaff } from '../../tests/support/factories';
import { createChallenge, flagWarning, regexCanMatchFlagFormat, setFlag } from './challenge-authoring.server';
import { PRACTICE } from './scope.server';

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(Invalid);
  return (error as Invalid).fields;
}

describe('a plain text flag', () => {
  it('must have the format CTF{...}, on create and on edit, and nothing is stored otherwise', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    for (const value of ['plainflag', 'no_format_flag', 'ctf{lower}', 'CTF{unclosed', 'xCTF{a}', 'CTF{a}x']) {
      const input = challengeInput(category.id);
      expect(await fieldsOf(createChallenge(staff, PRACTICE, input, plainFlag(value))), value).toEqual({ value: [PLAIN_FLAG_FORMAT] });
    }
    const created = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag('  CTF{spaced}  '));
    expect(created.flag?.value).toBe('  CTF{spaced}  '); // the matcher trims, so white space around is fine
    expect(await fieldsOf(setFlag(staff, created.id, plainFlag('plainflag')))).toEqual({ value: [PLAIN_FLAG_FORMAT] });
    expect((await setFlag(staff, created.id, plainFlag('CTF{}'))).value).toBe('CTF{}');
  });

  it('is refused together with the other field errors of the form', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const fields = await fieldsOf(createChallenge(staff, PRACTICE, challengeInput(category.id, { description: '' }), plainFlag('plainflag')));
    expect(fields).toEqual({ description: ['This field is required.'], value: [PLAIN_FLAG_FORMAT] });
  });
});

describe('a regex flag', () => {
  it('that can match a CTF{...} value raises no warning', () => {
    for (const pattern of ['CTF\\{[a-z_]+\\}', '^CTF\\{\\d{4}\\}$', '(?i)ctf\\{.+\\}', '.*', 'CTF\\{(a|b)\\}', '(CTF\\{x+y\\})', '(?s)CTF\\{[\\s\\S]{40}\\}', 'CTF{[0-9]+}']) {
      expect(regexCanMatchFlagFormat(pattern), pattern).toBe(true);
    }
  });

  it('that cannot is saved, and the saved flag carries the warning', async () => {
    for (const pattern of ['no_format_flag', 'flag_[0-9]+', 'CTF\\[a\\]', 'CTF\\{a{3}', 'ctf\\{a\\}']) {
      expect(regexCanMatchFlagFormat(pattern), pattern).toBe(false);
    }
    const staff = await makeStaff();
    const category = await makeCategory();
    const created = await createChallenge(staff, PRACTICE, challengeInput(category.id), { value: 'no_format_flag', collation: 'regex' });
    expect(created.flag).toMatchObject({ value: 'no_format_flag', collation: 'regex' });
    expect(flagWarning(created.flag)).toBe(REGEX_FLAG_WARNING);
    const fixed = await setFlag(staff, created.id, { value: 'CTF\\{[a-z]+\\}', collation: 'regex' });
    expect(flagWarning(fixed)).toBeNull();
    expect(flagWarning({ value: 'plain', collation: 'plain_text' })).toBeNull();
  });
});
