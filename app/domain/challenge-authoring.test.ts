import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { challengeDetailJson } from '~/api/challenges/challenge-json';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { Forbidden, Invalid, NotFound, Unauthorized } from '~/lib/errors.server';
import { challengeSchema, flagSchema, hintSchema } from '~/schemas/challenge';
import { challengeInput, makeCategory, makeEvent, plainFlag, upload } from '../../tests/support/authoring-factories';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import {
  challengeDetail,
  checkChallenge,
  createChallenge,
  createHint,
  deleteChallenge,
  getChallengeForEditing,
  HINT_EXISTS,
  HINT_TOO_EXPENSIVE,
  MINIMAL_ABOVE_INITIAL,
  NEXT_IS_SELF,
  setFlag,
  setNextChallenge,
  updateChallenge,
  updateHint,
} from './challenge-authoring.server';
import { PRACTICE, type Scope } from './scope.server';
import { cachedStandings } from './standings.server';

const REQUIRED = 'This field is required.';

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(Invalid);
  return (error as Invalid).fields;
}


/** The API's JSON of a challenge, as GET /api/challenges/{id}/ answers it. */
const detailJson = async (actor: Parameters<typeof challengeDetail>[0], id: number) => challengeDetailJson(await challengeDetail(actor, id));

describe('creating a challenge', () => {
  it('stores the challenge with its flag and files in one go, the Markdown and its HTML, and logs it', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const created = await createChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic', initial_value: 500, minimal_value: 100, decay_value: 50, description: '# Intro\n\nFind the **flag**.' }), plainFlag(), [upload('notes.txt'), upload('data.bin')]);

    expect(created).toMatchObject({ eventId: null, type: 'dynamic', minimalValue: 100, decayValue: 50, source: '# Intro\n\nFind the **flag**.', authorId: staff.id });
    expect(created.description).toBe('<h1>Intro</h1>\n<p>Find the <strong>flag</strong>.</p>\n');
    expect(created.flag).toMatchObject({ value: 'CTF{authored}', collation: 'plain_text' });
    expect(created.files.map((f) => f.name)).toEqual(['notes.txt', 'data.bin']);
    for (const f of created.files) expect(existsSync(join(env.uploadDir, 'challenges', f.storedName))).toBe(true);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id, action: 'challenge.create' } });
    expect(log).toHaveLength(1);
    expect(log[0].targetId).toBe(String(created.id));
  });

  it('never stores a challenge without a flag, and a regex flag must compile', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const input = challengeInput(category.id);
    expect(await fieldsOf(createChallenge(staff, PRACTICE, input, null))).toEqual({ flag: [REQUIRED] });
    const bad = await fieldsOf(createChallenge(staff, PRACTICE, input, { value: 'CTF{(unclosed}', collation: 'regex' }));
    expect(bad.value[0]).toMatch(/^Invalid regular expression/);
    // Errors of the main fields and of the flag come back together.
    expect(Object.keys(await fieldsOf(createChallenge(staff, PRACTICE, { ...input, category: 999_999 }, null))).sort()).toEqual(['category', 'flag']);
    expect(await db.challenge.count({ where: { name: input.name } })).toBe(0);
    const ok = await createChallenge(staff, PRACTICE, input, { value: 'CTF\\{[a-z]+\\}', collation: 'regex' });
    expect(ok.flag?.collation).toBe('regex');
  });

  it('keeps no script, event handler or javascript: URL in the description, whatever staff types', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const created = await createChallenge(
      staff,
      PRACTICE,
      challengeInput(category.id, {
        description: 'Hi <script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">a</a> [b](javascript:alert(4)) <div onmouseover="y()">c</div>',
      }),
      plainFlag(),
    );
    expect(created.description).not.toMatch(/<script|alert\(1\)|onerror|onclick|onmouseover|javascript:/i);
    expect(created.description).toContain('<img src="https://x.test/a.png" />');
    expect(created.source).toContain('<script>'); // what the author typed is kept for editing only
    // A description that is nothing but removed markup is no description.
    expect(await fieldsOf(createChallenge(staff, PRACTICE, challengeInput(category.id, { description: '<script>alert(1)</script>' }), plainFlag()))).toEqual({ description: [REQUIRED] });
  });

  it('applies the rules of dynamic values: both required, minimal at most initial, standard keeps neither', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    expect(await fieldsOf(checkChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic' })))).toEqual({ minimal_value: [REQUIRED], decay_value: [REQUIRED] });
    expect(await fieldsOf(checkChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic', initial_value: 100, minimal_value: 101, decay_value: 10 })))).toEqual({ minimal_value: [MINIMAL_ABOVE_INITIAL] });
    await expect(checkChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic', initial_value: 100, minimal_value: 100, decay_value: 0 }))).resolves.toBeUndefined();
    const standard = await createChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'standard', minimal_value: 10, decay_value: 5 }), plainFlag());
    expect(standard).toMatchObject({ minimalValue: null, decayValue: null });
  });

  it('requires a training week 1-20 in training-platform events only', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const training: Scope = { kind: 'event', event: await makeEvent('training-platform') };
    const online: Scope = { kind: 'event', event: await makeEvent('online') };
    expect(await fieldsOf(checkChallenge(staff, training, challengeInput(category.id)))).toEqual({ training_week: [REQUIRED] });
    const week = await createChallenge(staff, training, challengeInput(category.id, { training_week: 3 }), plainFlag());
    expect(week).toMatchObject({ trainingWeek: 3, eventId: training.kind === 'event' ? training.event.id : null });
    // Elsewhere the week means nothing and is not kept.
    expect((await createChallenge(staff, online, challengeInput(category.id, { training_week: 3 }), plainFlag())).trainingWeek).toBeNull();
    expect((await createChallenge(staff, PRACTICE, challengeInput(category.id, { training_week: 3 }), plainFlag())).trainingWeek).toBeNull();
    const range = challengeSchema.safeParse({ ...challengeInput(category.id), training_week: 21 });
    expect(range.success ? [] : range.error.issues.map((i) => i.message)).toEqual(['Ensure this value is less than or equal to 20.']);
    const zero = challengeSchema.safeParse({ ...challengeInput(category.id), training_week: 0 });
    expect(zero.success ? [] : zero.error.issues.map((i) => i.message)).toEqual(['Ensure this value is greater than or equal to 1.']);
  });

  it('checks that the category exists and the next challenge belongs to the same scope', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const event: Scope = { kind: 'event', event: await makeEvent() };
    const elsewhere = await createChallenge(staff, event, challengeInput(category.id), plainFlag());
    const fields = await fieldsOf(checkChallenge(staff, PRACTICE, challengeInput(category.id + 100_000, { next: elsewhere.id })));
    expect(fields).toEqual({ category: [`Invalid pk "${category.id + 100_000}" - object does not exist.`], next: [`Invalid pk "${elsewhere.id}" - object does not exist.`] });
    const first = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag());
    const second = await createChallenge(staff, PRACTICE, challengeInput(category.id, { next: first.id }), plainFlag());
    expect(second.nextId).toBe(first.id);
  });

  it('is for staff only', async () => {
    const category = await makeCategory();
    await expect(createChallenge(await makeUser(), PRACTICE, challengeInput(category.id), plainFlag())).rejects.toBeInstanceOf(Forbidden);
    await expect(createChallenge(null, PRACTICE, challengeInput(category.id), plainFlag())).rejects.toBeInstanceOf(Unauthorized);
  });

  it('answers missing fields with the exact messages of the schema', () => {
    const empty = challengeSchema.safeParse({});
    expect(empty.success).toBe(false);
    const messages = Object.fromEntries((empty.success ? [] : empty.error.issues).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ name: REQUIRED, category: REQUIRED, description: REQUIRED, initial_value: REQUIRED });
    const negative = challengeSchema.safeParse({ name: 'x', category: 1, description: 'd', initial_value: 10, decay_value: -1 });
    expect(negative.success ? [] : negative.error.issues.map((i) => i.message)).toEqual(['Ensure this value is greater than or equal to 0.']);
    const flag = flagSchema.safeParse({});
    expect(flag.success ? [] : flag.error.issues.map((i) => [i.path[0], i.message])).toEqual([['value', REQUIRED], ['collation', REQUIRED]]);
    const hint = hintSchema.safeParse({ score: 'x' });
    expect(hint.success ? [] : hint.error.issues.map((i) => [i.path[0], i.message])).toEqual([['description', REQUIRED], ['score', 'A valid integer is required.']]);
  });
});

describe('editing a challenge', () => {
  it('blanks minimal and decay values when switching to standard, and keeps fields a PUT leaves out', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const dynamic = await createChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic', initial_value: 300, minimal_value: 100, decay_value: 20 }), plainFlag());
    const renamed = await updateChallenge(staff, dynamic.id, { name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', type: 'dynamic', minimalValue: 100, decayValue: 20, initialValue: 300 });
    const standard = await updateChallenge(staff, dynamic.id, { type: 'standard' });
    expect(standard).toMatchObject({ type: 'standard', minimalValue: null, decayValue: null });
    expect(await fieldsOf(updateChallenge(staff, dynamic.id, { type: 'dynamic' }))).toEqual({ minimal_value: [REQUIRED], decay_value: [REQUIRED] });
    expect(await db.staffAction.count({ where: { actorId: staff.id, action: 'challenge.update', targetId: String(dynamic.id) } })).toBe(2);
  });

  it('sets and clears the next challenge, never itself', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const a = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag());
    const b = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag());
    expect((await setNextChallenge(staff, a.id, b.id)).nextId).toBe(b.id);
    expect(await fieldsOf(setNextChallenge(staff, a.id, a.id))).toEqual({ next: [NEXT_IS_SELF] });
    expect((await setNextChallenge(staff, a.id, null)).nextId).toBeNull();
  });

  it('finds the challenge for the edit page only in its own scope', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const event: Scope = { kind: 'event', event: await makeEvent() };
    const inEvent = await createChallenge(staff, event, challengeInput(category.id), plainFlag());
    await expect(getChallengeForEditing(staff, PRACTICE, inEvent.id)).rejects.toBeInstanceOf(NotFound);
    expect((await getChallengeForEditing(staff, event, inEvent.id)).id).toBe(inEvent.id);
    await expect(getChallengeForEditing(await makeUser(), event, inEvent.id)).rejects.toBeInstanceOf(Forbidden);
  });

  it('updates the flag without writing its value to the staff log', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const c = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag('CTF{old}'));
    const flag = await setFlag(staff, c.id, { value: 'CTF{n[e]w}', collation: 'regex' }, c.flag!.id);
    expect(flag).toMatchObject({ id: c.flag!.id, value: 'CTF{n[e]w}', collation: 'regex' });
    expect((await fieldsOf(setFlag(staff, c.id, { value: '(', collation: 'regex' }))).value).toHaveLength(1);
    await expect(setFlag(staff, c.id, plainFlag(), c.flag!.id + 1000)).rejects.toBeInstanceOf(NotFound);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id, action: 'flag.update' } });
    expect(log).toHaveLength(1);
    expect(log[0].detail).not.toContain('n[e]w');
  });
});

describe('hints', () => {
  it('keeps the hint score at most half of the initial value, on the hint and on the challenge', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const c = await createChallenge(staff, PRACTICE, challengeInput(category.id, { initial_value: 100 }), plainFlag());
    expect(await fieldsOf(createHint(staff, c.id, { description: 'Look closer', score: 51 }))).toEqual({ score: [HINT_TOO_EXPENSIVE] });
    const hint = await createHint(staff, c.id, { description: 'Look closer', score: 50 });
    expect(hint.score).toBe(50);
    expect(await fieldsOf(createHint(staff, c.id, { description: 'Another', score: 1 }))).toEqual({ non_field_errors: [HINT_EXISTS] });
    expect(await fieldsOf(updateHint(staff, c.id, hint.id, { description: 'Closer', score: 60 }))).toEqual({ score: [HINT_TOO_EXPENSIVE] });
    expect((await updateHint(staff, c.id, hint.id, { description: 'Closer', score: 10 })).score).toBe(10);
    // Lowering the initial value below twice the hint's score would break the rule.
    expect(await fieldsOf(updateChallenge(staff, c.id, { initial_value: 19 }))).toEqual({ initial_value: [HINT_TOO_EXPENSIVE] });
    expect((await updateChallenge(staff, c.id, { initial_value: 20 })).initialValue).toBe(20);
    await expect(updateHint(staff, c.id, hint.id + 1000, { description: 'x', score: 1 })).rejects.toBeInstanceOf(NotFound);
    await expect(createHint(await makeUser(), c.id, { description: 'x', score: 1 })).rejects.toBeInstanceOf(Forbidden);
    expect(await db.staffAction.count({ where: { actorId: staff.id, targetType: 'hint' } })).toBe(2);
  });
});

describe('reading a challenge', () => {
  it('hides inactive challenges from learners and the flag, hint and source from everyone but staff', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const category = await makeCategory();
    const hidden = await createChallenge(staff, PRACTICE, challengeInput(category.id, { is_active: false }), plainFlag());
    await expect(challengeDetail(learner, hidden.id)).rejects.toBeInstanceOf(NotFound);
    await expect(challengeDetail(null, hidden.id)).rejects.toBeInstanceOf(Unauthorized);
    expect((await challengeDetail(staff, hidden.id)).card.isActive).toBe(false);

    const shown = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag(), [upload('a.txt')]);
    await createHint(staff, shown.id, { description: 'Secret hint', score: 5 });
    const forLearner = await detailJson(learner, shown.id);
    expect(forLearner).toMatchObject({ id: shown.id, category: category.id, category_name: category.name, files: [{ id: expect.any(Number), name: 'a.txt' }], flag_id: shown.flag!.id, hint_id: expect.any(Number) });
    expect(forLearner).not.toHaveProperty('flag');
    expect(forLearner).not.toHaveProperty('hint');
    expect(forLearner).not.toHaveProperty('source');
    expect(JSON.stringify(forLearner)).not.toContain('CTF{authored}');
    expect(JSON.stringify(forLearner)).not.toContain('Secret hint');
    expect(await detailJson(staff, shown.id)).toMatchObject({ flag: { value: 'CTF{authored}', collation: 'plain_text' }, hint: { description: 'Secret hint', score: 5 } });
  });

  it('computes new_value from the counted solves (a decay of 0 acting as 1)', async () => {
    const staff = await makeStaff();
    const category = await makeCategory();
    const c = await createChallenge(staff, PRACTICE, challengeInput(category.id, { type: 'dynamic', initial_value: 500, minimal_value: 100, decay_value: 0 }), plainFlag());
    expect((await detailJson(staff, c.id)).new_value).toBe(500);
    const solver = await makeUser();
    await db.submission.create({ data: { challengeId: c.id, learnerId: solver.id, score: 500, isCorrect: true, solveKey: `u:${solver.id}:${c.id}` } });
    // A rejected submission (no solve key) does not count.
    await db.submission.create({ data: { challengeId: c.id, learnerId: (await makeUser()).id, score: 0, isCorrect: true, isValidated: false } });
    const detail = await detailJson(staff, c.id);
    expect(detail).toMatchObject({ new_value: 100, count_active_submissions: 1 });
  });
});

describe('deleting a challenge', () => {
  it('is for the superuser only, removes its files from disk and tells the standings', async () => {
    const staff = await makeStaff();
    const superuser = await makeSuperuser();
    const category = await makeCategory();
    const c = await createChallenge(staff, PRACTICE, challengeInput(category.id), plainFlag(), [upload('x.txt')]);
    const path = join(env.uploadDir, 'challenges', c.files[0].storedName);
    await expect(deleteChallenge(staff, c.id)).rejects.toBeInstanceOf(Forbidden);
    const solver = await makeUser();
    await db.submission.create({ data: { challengeId: c.id, learnerId: solver.id, score: 100, isCorrect: true, solveKey: `u:${solver.id}:${c.id}` } });
    expect((await cachedStandings(PRACTICE)).pointsOf(solver.id)).toBe(100);
    await deleteChallenge(superuser, c.id);
    expect(await db.challenge.findUnique({ where: { id: c.id } })).toBeNull();
    expect(await db.flag.count({ where: { challengeId: c.id } })).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect((await cachedStandings(PRACTICE)).pointsOf(solver.id)).toBe(0); // the kept standings follow
    expect(await db.staffAction.count({ where: { actorId: superuser.id, action: 'challenge.delete', targetId: String(c.id) } })).toBe(1);
    await expect(deleteChallenge(superuser, c.id)).rejects.toBeInstanceOf(NotFound);
  });
});
