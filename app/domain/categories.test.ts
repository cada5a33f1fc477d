import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound, Unauthorized } from '~/lib/errors.server';
import { makeStaff, makeUser, unique } from '../../tests/support/factories';
import { makeCategory, makeChallenge, makeEvent, makeSubmission, makeTeam } from '../../tests/support/review-factories';
import {
  CATEGORY_MESSAGES,
  categoriesWithProgress,
  categoryInUseMessage,
  categoryPage,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.server';
import { PRACTICE, type Scope } from './scope.server';

const all = { page: 1, pageSize: 100 };

describe('category management', () => {
  it('lets staff create, rename and delete a category, logging each decision', async () => {
    const staff = await makeStaff();
    const name = unique('Crypto ');
    const created = await createCategory(staff, { name: `  ${name} ` });
    expect(created).toMatchObject({ name, nameKey: name.toLowerCase() });

    const renamed = await updateCategory(staff, created.id, { name: `${name} 2` });
    expect(renamed.name).toBe(`${name} 2`);
    // Renaming to its own name in another case is not a duplicate of itself.
    expect((await updateCategory(staff, created.id, { name: `${name} 2`.toUpperCase() })).name).toBe(`${name} 2`.toUpperCase());

    await deleteCategory(staff, created.id);
    expect(await db.category.findUnique({ where: { id: created.id } })).toBeNull();

    const log = await db.staffAction.findMany({ where: { actorId: staff.id, targetType: 'category' }, orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.action, l.targetId])).toEqual([
      ['category.create', String(created.id)],
      ['category.update', String(created.id)],
      ['category.update', String(created.id)],
      ['category.delete', String(created.id)],
    ]);
  });

  it('refuses a name that exists in another case, on create and on rename', async () => {
    const staff = await makeStaff();
    const existing = await makeCategory(unique('Forensics '));
    const other = await makeCategory();
    // One at a time: a second promise made before the first is awaited may reject unobserved.
    for (const attempt of [() => createCategory(staff, { name: existing.name.toUpperCase() }), () => updateCategory(staff, other.id, { name: existing.name.toLowerCase() })]) {
      const error = await attempt().catch((e) => e);
      expect(error).toBeInstanceOf(Invalid);
      expect(error.fields).toEqual({ name: [CATEGORY_MESSAGES.duplicate] });
    }
  });

  it('refuses to delete a category that still has challenges, and changes nothing', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    await makeChallenge({ categoryId: category.id });
    await makeChallenge({ categoryId: category.id, isActive: false });
    const error = await deleteCategory(staff, category.id).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(categoryInUseMessage(2));
    expect(await db.category.findUnique({ where: { id: category.id } })).not.toBeNull();
    expect(await db.staffAction.count({ where: { actorId: staff.id, action: 'category.delete' } })).toBe(0);
  });

  it('answers an unknown category with NotFound', async () => {
    const staff = await makeStaff();
    await expect(updateCategory(staff, 999_999, { name: 'x' })).rejects.toBeInstanceOf(NotFound);
    await expect(deleteCategory(staff, 999_999)).rejects.toBeInstanceOf(NotFound);
    await expect(getCategory(staff, Number.NaN)).rejects.toBeInstanceOf(NotFound);
  });

  it('lets only staff change categories; anyone signed in may read them', async () => {
    const learner = await makeUser();
    const category = await makeCategory();
    await expect(createCategory(learner, { name: unique('x') })).rejects.toBeInstanceOf(Forbidden);
    await expect(updateCategory(learner, category.id, { name: unique('x') })).rejects.toBeInstanceOf(Forbidden);
    await expect(deleteCategory(learner, category.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(createCategory(null, { name: unique('x') })).rejects.toBeInstanceOf(Unauthorized);
    await expect(listCategories(null, all)).rejects.toBeInstanceOf(Unauthorized);
    expect((await getCategory(learner, category.id)).name).toBe(category.name);
  });

  it('tells on which page of the id-ordered list a category sits', async () => {
    const category = await makeCategory();
    const before = await db.category.count({ where: { id: { lte: category.id } } });
    expect(await categoryPage(category.id, 5)).toBe(Math.ceil(before / 5));
  });
});

describe('category list filters and progress', () => {
  it('with_practice_challenges keeps categories with an active practice challenge', async () => {
    const learner = await makeUser();
    const event = await makeEvent();
    const practice = await makeCategory();
    const onlyInactive = await makeCategory();
    const onlyEvent = await makeCategory();
    const empty = await makeCategory();
    await makeChallenge({ categoryId: practice.id });
    await makeChallenge({ categoryId: onlyInactive.id, isActive: false });
    await makeChallenge({ categoryId: onlyEvent.id, eventId: event.id });

    const ids = (await listCategories(learner, { ...all, withPracticeChallenges: true })).results.map((c) => c.id);
    expect(ids).toContain(practice.id);
    expect(ids).not.toContain(onlyInactive.id);
    expect(ids).not.toContain(onlyEvent.id);
    expect(ids).not.toContain(empty.id);
    expect((await listCategories(learner, all)).results.map((c) => c.id)).toEqual(expect.arrayContaining([practice.id, onlyInactive.id, onlyEvent.id, empty.id]));
  });

  it('event_id keeps the categories of that event (visible challenges only), training_week narrows them', async () => {
    const learner = await makeUser({ isValidated: true }); // training-platform events are for validated learners
    const staff = await makeStaff();
    const event = await makeEvent({ type: 'training-platform' });
    const week1 = await makeCategory();
    const week2 = await makeCategory();
    const hidden = await makeCategory();
    await makeChallenge({ categoryId: week1.id, eventId: event.id, trainingWeek: 1 });
    await makeChallenge({ categoryId: week2.id, eventId: event.id, trainingWeek: 2 });
    await makeChallenge({ categoryId: hidden.id, eventId: event.id, trainingWeek: 1, isActive: false });

    const ids = async (actor: typeof learner, trainingWeek?: number) =>
      (await listCategories(actor, { ...all, eventId: event.id, trainingWeek })).results.map((c) => c.id).sort((a, b) => a - b);
    expect(await ids(learner)).toEqual([week1.id, week2.id]);
    expect(await ids(learner, 1)).toEqual([week1.id]);
    expect(await ids(staff, 1)).toEqual([week1.id, hidden.id]);
    expect((await listCategories(learner, { ...all, eventId: 999_999 })).count).toBe(0);
    await expect(listCategories(await makeUser(), { ...all, eventId: event.id })).rejects.toBeInstanceOf(Forbidden);
  });

  it('pages the list', async () => {
    const learner = await makeUser();
    for (let i = 0; i < 3; i++) await makeCategory();
    const total = await db.category.count();
    const last = Math.ceil(total / 2);
    const page = await listCategories(learner, { page: last, pageSize: 2 });
    expect(page.count).toBe(total);
    expect(page.results).toHaveLength(total - (last - 1) * 2);
  });

  it('submissions_percentage is the share of visible challenges the player solved; a rejected one does not count', async () => {
    const learner = await makeUser();
    const other = await makeUser();
    const staff = await makeStaff();
    const category = await makeCategory();
    const [a, b, c] = [await makeChallenge({ categoryId: category.id }), await makeChallenge({ categoryId: category.id }), await makeChallenge({ categoryId: category.id })];
    const inactive = await makeChallenge({ categoryId: category.id, isActive: false });

    const percentage = async (actor: typeof learner) => (await getCategory(actor, category.id)).submissionsPercentage;
    expect(await percentage(learner)).toBe(0);

    await makeSubmission(a, learner); // pending: counts in practice
    await makeSubmission(b, learner, { isValidated: true });
    await makeSubmission(c, learner, { isValidated: false }); // rejected
    await makeSubmission(c, learner, { isCorrect: false }); // wrong flag
    await makeSubmission(inactive, learner); // solved before it was hidden: not among the learner's challenges
    await makeSubmission(a, other);
    expect(await percentage(learner)).toBe(66); // 2 of 3, rounded down
    expect(await percentage(other)).toBe(33);

    // Staff see the inactive challenge too: 0 of 4 for a staff account that solved nothing.
    const board = await categoriesWithProgress(staff, PRACTICE);
    expect(board.find((x) => x.id === category.id)).toEqual({ id: category.id, name: category.name, submissionsPercentage: 0, challengeCount: 4 });

    const forLearner = await categoriesWithProgress(learner, PRACTICE);
    expect(forLearner.find((x) => x.id === category.id)).toEqual({ id: category.id, name: category.name, submissionsPercentage: 66, challengeCount: 3 });
    const inList = (await listCategories(learner, { ...all, withPracticeChallenges: true })).results.find((x) => x.id === category.id);
    expect(inList?.submissionsPercentage).toBe(66);
  });

  it('the challenge board only lists categories with visible challenges in its scope', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    const event = await makeEvent();
    const inEvent = await makeCategory();
    const hiddenInEvent = await makeCategory();
    await makeChallenge({ categoryId: inEvent.id, eventId: event.id });
    await makeChallenge({ categoryId: hiddenInEvent.id, eventId: event.id, isActive: false });
    const scope: Scope = { kind: 'event', event };
    expect((await categoriesWithProgress(learner, scope)).map((c) => c.id)).toEqual([inEvent.id]);
    expect((await categoriesWithProgress(staff, scope)).map((c) => c.id)).toEqual([inEvent.id, hiddenInEvent.id]);
    expect((await categoriesWithProgress(learner, PRACTICE)).map((c) => c.id)).not.toContain(inEvent.id);
  });

  it('in a team event a team-mate’s solve counts for the whole team', async () => {
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    const [owner, mate, outsider] = [await makeUser(), await makeUser(), await makeUser()];
    const team = await makeTeam(event, owner, [mate]);
    const category = await makeCategory();
    const a = await makeChallenge({ categoryId: category.id, eventId: event.id });
    await makeChallenge({ categoryId: category.id, eventId: event.id });
    // Event solves count once validated (SPEC §4).
    await makeSubmission(a, mate, { teamId: team.id, scope, isValidated: true });

    const of = async (actor: typeof owner) => (await categoriesWithProgress(actor, scope)).find((c) => c.id === category.id)?.submissionsPercentage;
    expect(await of(owner)).toBe(50);
    expect(await of(mate)).toBe(50);
    expect(await of(outsider)).toBe(0);
  });
});
