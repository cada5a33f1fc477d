// The staff action log page's domain (issue 21 §3): the superuser alone reads it; each line says who,
// what (the registry's words), on what and when; filters by person, action and UTC days; pages.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, Unauthorized } from '~/lib/errors.server';
import { installI18next } from '~/lib/i18next';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { makeReward } from '../../tests/support/reward-factories';
import { makeChallenge, makeSolve } from '../../tests/support/standings-factories';
import { createCategory, deleteCategory } from './categories.server';
import { adjustCoins } from './coins.server';
import { setValidation } from './learners.server';
import { STAFF_ACTION_KINDS, STAFF_ACTION_LABELS, staffActionLabel } from './staff-actions';
import { describeDetail, listStaffActions, staffLogPeople } from './staff-log-list.server';

// The server holds French from the start (lib/language.server.ts); this test adds it itself.
installI18next();

const PAGE = { page: 1, pageSize: 20 };

describe('staff action log', () => {
  it('is the superuser\'s alone', async () => {
    const [learner, staff] = [await makeUser(), await makeStaff()];
    await expect(listStaffActions(null, {}, PAGE)).rejects.toBeInstanceOf(Unauthorized);
    await expect(listStaffActions(learner, {}, PAGE)).rejects.toBeInstanceOf(Forbidden);
    await expect(listStaffActions(staff, {}, PAGE)).rejects.toBeInstanceOf(Forbidden);
    await expect(staffLogPeople(staff)).rejects.toBeInstanceOf(Forbidden);
  });

  it('tells who did what on what, newest first, naming records that are gone by what their line kept', async () => {
    const [root, staff, learner] = [await makeSuperuser(), await makeStaff(), await makeUser()];
    const category = await createCategory(staff, { name: 'Forensics log' });
    await setValidation(staff, [learner.id], true);
    await adjustCoins(staff, learner.id, { amount: 40, reason: 'Helped at the event' });
    await deleteCategory(staff, category.id);

    const { count, results } = await listStaffActions(root, { actorId: staff.id }, PAGE);
    expect(count).toBe(4);
    expect(results.map((l) => [l.action, l.label, l.actor?.username, l.target])).toEqual([
      ['category.delete', 'Deleted a category', staff.username, `Category “Forensics log” (#${category.id})`],
      ['coins.adjust', 'Adjusted coins', staff.username, `Account ${learner.username} (#${learner.id})`],
      ['user.validate', 'Validated a learner', staff.username, `Account ${learner.username} (#${learner.id})`],
      ['category.create', 'Created a category', staff.username, `Category “Forensics log” (#${category.id})`],
    ]);
    expect(results[1]!.detail).toBe('amount: 40; reason: Helped at the event');
    expect(results[0]!.at).toBeInstanceOf(Date);
    // A deleted account's lines stay, without a name.
    const gone = await makeStaff();
    await createCategory(gone, { name: 'Orphan log' });
    await db.user.delete({ where: { id: gone.id } });
    const orphan = (await listStaffActions(root, { action: 'category.create' }, PAGE)).results.find((l) => l.target.includes('Orphan log'));
    expect(orphan?.actor).toBeNull();
  });

  it('filters by person, kind of action and UTC days (both included), and pages', async () => {
    const [root, a, b] = [await makeSuperuser(), await makeStaff(), await makeStaff()];
    const at = (iso: string) => new Date(iso);
    const line = (actorId: number, action: string, createdAt: Date) => db.staffAction.create({ data: { actorId, action, targetType: 'user', targetId: String(a.id), createdAt } });
    await line(a.id, 'user.validate', at('2031-03-01T00:00:00Z'));
    await line(a.id, 'user.invalidate', at('2031-03-02T12:00:00Z'));
    await line(b.id, 'user.validate', at('2031-03-02T23:59:59.999Z'));
    await line(b.id, 'user.validate', at('2031-03-03T00:00:00Z'));

    const ids = async (filter: Parameters<typeof listStaffActions>[1]) => (await listStaffActions(root, filter, PAGE)).results.map((l) => [l.actor?.id, l.action, l.at.toISOString()]);
    const march = { from: at('2031-03-01T00:00:00Z'), to: at('2031-03-02T00:00:00Z') };
    expect(await ids(march)).toEqual([
      [b.id, 'user.validate', '2031-03-02T23:59:59.999Z'],
      [a.id, 'user.invalidate', '2031-03-02T12:00:00.000Z'],
      [a.id, 'user.validate', '2031-03-01T00:00:00.000Z'],
    ]);
    expect(await ids({ ...march, actorId: a.id, action: 'user.validate' })).toEqual([[a.id, 'user.validate', '2031-03-01T00:00:00.000Z']]);
    expect(await ids({ from: at('2031-03-03T00:00:00Z') })).toEqual([[b.id, 'user.validate', '2031-03-03T00:00:00.000Z']]);

    const second = await listStaffActions(root, { from: march.from }, { page: 2, pageSize: 3 });
    expect(second.count).toBe(4);
    expect(second.results.map((l) => l.at.toISOString())).toEqual(['2031-03-01T00:00:00.000Z']);
    expect((await staffLogPeople(root)).map((p) => p.id)).toEqual(expect.arrayContaining([root.id, a.id, b.id]));
  });

  it('has words for every kind of action, and shows a kind it does not know as stored', () => {
    for (const kind of STAFF_ACTION_KINDS) expect(STAFF_ACTION_LABELS[kind]).toMatch(/^[A-Z][a-z]+ /);
    expect(staffActionLabel('something.old')).toBe('something.old');
    expect(describeDetail({ fields: ['name', 'description'] })).toBe('fields: name, description');
    expect(describeDetail({ from: { title: 'T', coin: 5 } })).toBe('from: title T, coin 5');
    expect(describeDetail(null)).toBeNull();
  });

  it("says On and Details in the page's language: words translated, names and values as stored, English as it always read", async () => {
    const [root, staff, learner] = [await makeSuperuser(), await makeStaff(), await makeUser()];
    // A name that looks like a placeholder stays as typed.
    const category = await db.category.create({ data: { name: 'Forensics {{name}}', nameKey: `forensics-${staff.id}` } });
    const challenge = await makeChallenge({ name: 'Caesar salad' });
    const hint = await db.hint.create({ data: { challengeId: challenge.id, description: 'Shift', score: 1200 } });
    const reward = await makeReward({ title: 'Mug' });
    const submission = await makeSolve(learner.id, challenge);
    const file = await db.challengeFile.create({ data: { challengeId: challenge.id, name: 'salad.txt', storedName: `salad-${staff.id}`, size: 4 } });
    const request = await db.rewardRequest.create({ data: { rewardId: reward.id, playerId: learner.id, coin: 100 } });
    const lines: [string, string, string, unknown][] = [
      ['category.create', 'category', String(category.id), { name: category.name }],
      ['coins.adjust', 'user', String(learner.id), { amount: 1500, reason: 'Won the quiz' }],
      ['hint.create', 'hint', String(hint.id), { challengeId: 4321, score: 1200 }],
      ['reward.update', 'reward', String(reward.id), { from: { title: 'Mug', coin: 2500, isCtfCertificationReward: false }, to: { title: 'Mug XL', coin: 3000, isCtfCertificationReward: true } }],
      ['submission.validate', 'submission', String(submission.id), undefined],
      ['challenge.update', 'challenge', String(challenge.id), { fields: ['name', 'description'] }],
      ['challenge_file.add', 'challenge_file', String(file.id), { challengeId: challenge.id }],
      ['reward-request.validate', 'reward-request', String(request.id), undefined],
      // Written by an older version: a kind of record and a detail name the registry does not know.
      ['something.old', 'gadget', '7', { colour: 'red' }],
    ];
    for (const [i, [action, targetType, targetId, detail]] of lines.entries()) {
      await db.staffAction.create({
        data: { actorId: staff.id, action, targetType, targetId, detail: detail === undefined ? null : JSON.stringify(detail), createdAt: new Date(Date.UTC(2030, 0, 1, 0, lines.length - i)) },
      });
    }
    const said = async (language?: 'en' | 'fr') => (await listStaffActions(root, { actorId: staff.id }, PAGE, language)).results.map((l) => [l.target, l.detail]);

    // English, letter for letter what the log has always shown.
    const english = [
      [`Category “Forensics {{name}}” (#${category.id})`, 'name: Forensics {{name}}'],
      [`Account ${learner.username} (#${learner.id})`, 'amount: 1500; reason: Won the quiz'],
      [`Hint of “Caesar salad” (#${hint.id})`, 'challengeId: 4321; score: 1200'],
      [`Reward “Mug” (#${reward.id})`, 'from: title Mug, coin 2500, isCtfCertificationReward false; to: title Mug XL, coin 3000, isCtfCertificationReward true'],
      [`Submission of ${learner.username} for “Caesar salad” (#${submission.id})`, null],
      [`Challenge “Caesar salad” (#${challenge.id})`, 'fields: name, description'],
      [`File “salad.txt” of “Caesar salad” (#${file.id})`, `challengeId: ${challenge.id}`],
      [`Reward request “Mug” of ${learner.username} (#${request.id})`, null],
      ['gadget (#7)', 'colour: red'],
    ];
    expect(await said()).toEqual(english);
    expect(await said('en')).toEqual(english);

    // Counts stay plain integers, as everywhere on the site (docs/rules.md "Languages").
    expect(await said('fr')).toEqual([
      [`Catégorie « Forensics {{name}} » (#${category.id})`, 'nom : Forensics {{name}}'],
      [`Compte ${learner.username} (#${learner.id})`, 'montant : 1500 ; motif : Won the quiz'],
      [`Indice de « Caesar salad » (#${hint.id})`, 'id du défi : 4321 ; score : 1200'],
      [
        `Récompense « Mug » (#${reward.id})`,
        'avant : titre Mug, pièces 2500, récompense de certification CTF false ; après : titre Mug XL, pièces 3000, récompense de certification CTF true',
      ],
      [`Soumission de ${learner.username} pour « Caesar salad » (#${submission.id})`, null],
      [`Défi « Caesar salad » (#${challenge.id})`, 'champs : name, description'],
      [`Fichier « salad.txt » de « Caesar salad » (#${file.id})`, `id du défi : ${challenge.id}`],
      [`Demande de récompense « Mug » de ${learner.username} (#${request.id})`, null],
      ['gadget (#7)', 'colour : red'],
    ]);
    // The label ("What") stays a key the page translates.
    expect((await listStaffActions(root, { actorId: staff.id }, PAGE, 'fr')).results[0]!.label).toBe('Created a category');
  });
});
