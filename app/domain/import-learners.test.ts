import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, Invalid } from '~/lib/errors.server';
import { makeStaff, makeSuperuser, makeUser, unique } from '../../tests/support/factories';
import { readMails } from '../../tests/support/mailbox';
import { xlsx } from '../../tests/support/xlsx';
import { IMPORT_BATCH, IMPORT_MESSAGES, importLearners } from './import-learners.server';

const file = (bytes: Uint8Array<ArrayBuffer>) => new File([bytes], 'learners.xlsx');

describe('learner import', () => {
  it('creates missing learners, validates listed ones, rejects bad rows, and changes nothing the second time', async () => {
    const superuser = await makeSuperuser();
    const existing = await makeUser({ isValidated: false });
    const taken = await makeUser();
    const fresh = unique('imp');
    const bytes = await xlsx([
      [fresh, 'Fresh Learner', `${fresh}@Example.com`, 'f', 'gh'],
      [existing.username, existing.fullname, existing.email, 'M', 'BJ'],
      ['bad', 'No Email', 'not-an-email', 'M', 'BJ'],
      [taken.username, 'Clash', `${unique('other')}@example.com`, 'M', 'BJ'],
      [unique('dup'), 'Duplicate', `${fresh}@example.com`, 'M', 'BJ'],
    ]);

    const first = await importLearners(superuser, file(bytes));
    expect(first.map((r) => r.outcome)).toEqual(['created', 'updated', 'rejected', 'rejected', 'rejected']);
    expect(first[2].reason).toMatch(/^email: Enter a valid email address\./);
    expect(first[3].reason).toMatch(/username/);
    expect(first[4].reason).toMatch(/twice/);

    const created = await db.user.findUniqueOrThrow({ where: { email: `${fresh}@example.com` } });
    expect(created).toMatchObject({ isActive: false, isValidated: true, gender: 'F', country: 'GH', isStaff: false });
    expect((await db.user.findUniqueOrThrow({ where: { id: existing.id } })).isValidated).toBe(true);
    expect(readMails(process.env.TEST_MAIL_DIR!).filter((m) => m.to === created.email)).toHaveLength(1);

    const usersBefore = await db.user.count();
    const second = await importLearners(superuser, file(bytes));
    expect(second.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'rejected', 'rejected', 'rejected']);
    expect(await db.user.count()).toBe(usersBefore);
    expect(readMails(process.env.TEST_MAIL_DIR!).filter((m) => m.to === created.email)).toHaveLength(1);
  });

  it('answers a missing, unreadable or badly shaped file with a file error', async () => {
    const superuser = await makeSuperuser();
    await expect(importLearners(superuser, null)).rejects.toMatchObject({ fields: { file: ['No file was submitted.'] } });
    await expect(importLearners(superuser, new File(['not a workbook'], 'x.xlsx'))).rejects.toMatchObject({ fields: { file: [expect.stringMatching(/could not be read/)] } });
    const wrongColumns = await xlsx([['a', 'b']], ['name', 'mail']);
    const error = await importLearners(superuser, file(wrongColumns)).catch((e) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(error.fields.file[0]).toMatch(/Missing column/);
  });

  it('refuses a file with the header row only (or blank rows under it) instead of reporting success', async () => {
    const superuser = await makeSuperuser();
    const usersBefore = await db.user.count();
    for (const rows of [[], [['', '', '', '', '']]]) {
      const error = await importLearners(superuser, file(await xlsx(rows))).catch((e) => e);
      expect(error).toBeInstanceOf(Invalid);
      expect(error.fields).toEqual({ file: [IMPORT_MESSAGES.noRows] });
    }
    expect(await db.user.count()).toBe(usersBefore);
  });

  it('writes a large file in short transactions of IMPORT_BATCH rows, every row decided once', async () => {
    const superuser = await makeSuperuser();
    const prefix = unique('big');
    const count = IMPORT_BATCH * 2 + 7;
    const rows = Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `Learner ${i}`, `${prefix}${i}@example.com`, 'M', 'BJ']);
    rows.push([`${prefix}dup`, 'Twice', `${prefix}0@example.com`, 'M', 'BJ']);
    const report = await importLearners(superuser, file(await xlsx(rows)));
    expect(report.filter((r) => r.outcome === 'created')).toHaveLength(count);
    expect(report.at(-1)).toMatchObject({ outcome: 'rejected', reason: 'email: listed twice in this file.' });
    expect(await db.user.count({ where: { email: { startsWith: prefix } } })).toBe(count);
    expect(await db.staffAction.count({ where: { action: 'user.import', actorId: superuser.id } })).toBe(count);
  });

  it('is for the superuser only', async () => {
    const staff = await makeStaff();
    await expect(importLearners(staff, file(await xlsx([])))).rejects.toBeInstanceOf(Forbidden);
  });
});
