import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, Invalid, NotFound, Unauthorized } from '~/lib/errors.server';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { EXPORT_MAX_ROWS } from '~/lib/pagination';
import { exportLearners, getPlayer, listLearners, setValidation, VALIDATION_MESSAGES, validationMessage } from './learners.server';
import { viewOfUser } from './user-view.server';

describe('learners list', () => {
  it('shows learners to learners and staff, collaborators too to the superuser, never superusers or dormant accounts', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    const superuser = await makeSuperuser();
    const dormant = await makeUser({ isActive: false, isValidated: false });
    const validatedInactive = await makeUser({ isActive: false, isValidated: true });

    const ids = async (actor: typeof learner) => (await listLearners(actor, { page: 1, pageSize: 100 })).results.map((r) => r.user.id);
    for (const viewer of [learner, staff]) {
      const seen = await ids(viewer);
      expect(seen).toContain(learner.id);
      expect(seen).toContain(validatedInactive.id);
      expect(seen).not.toContain(staff.id);
      expect(seen).not.toContain(superuser.id);
      expect(seen).not.toContain(dormant.id);
    }
    const bySuperuser = await ids(superuser);
    expect(bySuperuser).toContain(staff.id);
    expect(bySuperuser).not.toContain(superuser.id);
    await expect(listLearners(null, { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(Unauthorized);
  });

  it('pages by the requested size and searches by name', async () => {
    const viewer = await makeUser();
    const tag = `zz${Date.now()}`;
    for (let i = 0; i < 12; i++) await makeUser({ username: `${tag}_${i}` });
    const first = await listLearners(viewer, { search: tag, page: 1, pageSize: 10 });
    const second = await listLearners(viewer, { search: tag, page: 2, pageSize: 10 });
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(second.results).toHaveLength(2);
  });

  it('matches % and _ literally, in usernames, full names and (for staff) e-mails', async () => {
    const viewer = await makeUser();
    const staff = await makeStaff();
    const tag = `lit${Date.now()}`;
    const underscore = await makeUser({ username: `${tag}a_b` });
    await makeUser({ username: `${tag}axb` });
    const percent = await makeUser({ username: `${tag}c1` });
    await db.user.update({ where: { id: percent.id }, data: { fullname: `Ann 100% ${tag}` } });
    const other = await makeUser({ username: `${tag}c2` });
    await db.user.update({ where: { id: other.id }, data: { fullname: `Ann 1000 ${tag}` } });
    const ids = async (search: string, actor = viewer) => (await listLearners(actor, { search, page: 1, pageSize: 100 })).results.map((r) => r.user.id);
    expect(await ids(`${tag}a_b`)).toEqual([underscore.id]);
    expect(await ids(`100%`)).toEqual([percent.id]);
    expect(await ids('%')).toEqual([percent.id]);
    expect((await listLearners(viewer, { search: '%', page: 1, pageSize: 100 })).count).toBe(1);
    expect(await ids(underscore.email.toUpperCase(), staff)).toEqual([underscore.id]);
    expect(await ids(underscore.email, viewer)).toEqual([]);
  });

  it('answers an empty page past the last one, with the count', async () => {
    const viewer = await makeUser();
    const tag = `past${Date.now()}`;
    await makeUser({ username: `${tag}1` });
    const page = await listLearners(viewer, { search: tag, page: 5, pageSize: 10 });
    expect(page).toMatchObject({ count: 1, page: 5, results: [] });
  });
});

describe('the learners export', () => {
  it("is the superuser's list with the page's search, every page of it", async () => {
    const superuser = await makeSuperuser();
    const tag = `ex${Date.now()}`;
    for (let i = 0; i < 13; i++) await makeUser({ username: `${tag}_${i}` });
    const staff = await makeUser({ username: `${tag}_staff`, isStaff: true, isValidated: true });
    const exported = await exportLearners(superuser, { search: tag });
    const page = await listLearners(superuser, { search: tag, page: 1, pageSize: 100 });
    // The same rows as the page lists, in its order, not only its first 10: collaborators included.
    expect(exported.count).toBe(14);
    expect(exported.results.map((r) => r.user.id)).toEqual(page.results.map((r) => r.user.id));
    expect(exported.results.map((r) => r.user.id)).toContain(staff.id);
    expect(exported.results[0].user.private?.email).toBe(`${tag}_0@example.com`);
  });

  it('is refused to staff and learners, and to anonymous callers', async () => {
    await expect(exportLearners(await makeStaff(), {})).rejects.toBeInstanceOf(Forbidden);
    await expect(exportLearners(await makeUser(), {})).rejects.toBeInstanceOf(Forbidden);
    await expect(exportLearners(null, {})).rejects.toBeInstanceOf(Unauthorized);
  });

  it(`holds at most ${EXPORT_MAX_ROWS} rows, and counts them all`, { timeout: 60_000 }, async () => {
    const superuser = await makeSuperuser();
    const tag = `big${Date.now()}`;
    const data = Array.from({ length: EXPORT_MAX_ROWS + 5 }, (_, i) => ({
      username: `${tag}_${i}`, usernameKey: `${tag}_${i}`, fullname: `Big ${i}`, email: `${tag}_${i}@example.com`, passwordHash: 'x', isActive: true,
    }));
    await db.user.createMany({ data });
    const exported = await exportLearners(superuser, { search: tag });
    expect(exported.count).toBe(EXPORT_MAX_ROWS + 5);
    expect(exported.results).toHaveLength(EXPORT_MAX_ROWS);
    expect(exported.results.at(-1)!.user.username).toBe(`${tag}_${EXPORT_MAX_ROWS - 1}`);
  });
});

describe('validation', () => {
  it('lets staff validate and invalidate, and logs each decision', async () => {
    const staff = await makeStaff();
    const a = await makeUser();
    const b = await makeUser();
    expect(await setValidation(staff, [a.id, b.id], true)).toBe(2);
    expect((await db.user.findMany({ where: { id: { in: [a.id, b.id] } } })).every((u) => u.isValidated)).toBe(true);
    expect(await setValidation(staff, [a.id], false)).toBe(1);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id }, orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.action, l.targetId])).toEqual([
      ['user.validate', String(a.id)],
      ['user.validate', String(b.id)],
      ['user.invalidate', String(a.id)],
    ]);
  });

  it('changes nothing when one of the selected accounts does not exist', async () => {
    const staff = await makeStaff();
    const a = await makeUser();
    await expect(setValidation(staff, [a.id, 999_999], true)).rejects.toBeInstanceOf(NotFound);
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).isValidated).toBe(false);
  });

  it('refuses a selection that names a collaborator (400 on ids), changing nothing', async () => {
    const superuser = await makeSuperuser();
    const collaborator = await makeStaff();
    const a = await makeUser();
    const error = await setValidation(superuser, [a.id, collaborator.id], true).catch((e) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ ids: [VALIDATION_MESSAGES.staffSelected] });
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).isValidated).toBe(false);
    await expect(setValidation(superuser, [superuser.id], true)).rejects.toBeInstanceOf(NotFound);
  });

  it('is refused to learners', async () => {
    const learner = await makeUser();
    const other = await makeUser();
    await expect(setValidation(learner, [other.id], true)).rejects.toBeInstanceOf(Forbidden);
  });

  it('words the messages as the spec does', () => {
    expect(validationMessage(true, 1, false)).toBe('Account validation completed successfully!');
    expect(validationMessage(false, 1, false)).toBe('Account invalidation completed successfully!');
    expect(validationMessage(true, 3, true)).toBe('Account validation completed successfully! 3 accounts validated.');
  });
});

describe('what each role sees of a user (user-view.server.ts)', () => {
  it('learners reach neither an unactivated sign-up nor the superuser by id; staff reach the sign-up', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    const superuser = await makeSuperuser();
    const dormant = await makeUser({ isActive: false, isValidated: false });
    await expect(getPlayer(learner, dormant.id)).rejects.toBeInstanceOf(NotFound);
    await expect(getPlayer(learner, superuser.id)).rejects.toBeInstanceOf(NotFound);
    await expect(getPlayer(staff, superuser.id)).rejects.toBeInstanceOf(NotFound);
    expect((await getPlayer(staff, dormant.id)).id).toBe(dormant.id);
    expect((await getPlayer(superuser, superuser.id)).id).toBe(superuser.id);
    await expect(getPlayer(learner, 2 ** 60)).rejects.toBeInstanceOf(NotFound);
  });

  it('full name, e-mail and state go to staff and the user themself; the Type to the superuser', async () => {
    const [learner, other] = [await makeUser(), await makeUser()];
    const staff = await makeStaff();
    const superuser = await makeSuperuser();
    expect((await getPlayer(other, learner.id)).private).toBeNull();
    expect((await getPlayer(learner, learner.id)).private).toMatchObject({ fullname: learner.fullname, email: learner.email });
    expect((await getPlayer(staff, learner.id)).private).toMatchObject({ email: learner.email, isValidated: false });
    expect((await getPlayer(staff, learner.id)).type).toBeNull();
    expect((await getPlayer(superuser, staff.id)).type).toBe('Collaborater');
    expect(viewOfUser(superuser, learner).type).toBe('Learner');
    const row = (await listLearners(other, { page: 1, pageSize: 100, search: learner.username })).results[0];
    expect(row.user).toMatchObject({ id: learner.id, private: null, type: null });
  });
});
