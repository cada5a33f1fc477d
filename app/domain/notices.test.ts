// The platform's notices in the reader's language: each kind is written through its real writer,
// then shown in French and in English. The English (stored and shown) is, byte for byte, what the
// writers stored before notices kept their words; values stay text in both languages.
import { describe, expect, it } from 'vitest';
import type { Notification } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { installI18next } from '~/lib/i18next';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeNotification, register } from '../../tests/support/notification-factories';
import { makeChallenge, makeEvent, makeSubmission } from '../../tests/support/review-factories';
import { makeRequest, makeReward } from '../../tests/support/reward-factories';
import { createTestTeam, makeTeamEvent, TEAM_PASSWORD } from '../../tests/support/team-factories';
import { sweepEventReminders } from './event-reminders.server';
import { createAdminNotification } from './notifications.server';
import { noticeIn, textToHtml } from './notify.server';
import { dismissRewardRequests, validateRewardRequests } from './reward-requests.server';
import { invalidateSubmission, validateSubmission } from './submission-review.server';
import { joinTeam } from './teams.server';

// The server holds the French table from the start (lib/language.server.ts); here, without a request.
installI18next();

const only = async (recipientId: number): Promise<Notification> => {
  const rows = await db.notification.findMany({ where: { recipientId } });
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

/** The stored English, and the English page's, are what the writer wrote before. */
function expectEnglish(row: Notification, before: { title: string; text: string }) {
  const english = { title: before.title, description: textToHtml(before.text) };
  expect({ title: row.title, description: row.description }).toEqual(english);
  expect(noticeIn(row, 'en')).toEqual(english);
  expect(row.message).not.toBeNull();
}

describe('a platform notice is shown in its reader\'s language', () => {
  it('a validated submission', async () => {
    const learner = await makeUser();
    const challenge = await makeChallenge({ name: 'Buffer & "Basics"' });
    await validateSubmission(await makeStaff(), (await makeSubmission(challenge, learner)).id);
    const row = await only(learner.id);
    expectEnglish(row, { title: 'Submission validated', text: `Your submission for the challenge "${challenge.name}" was validated.` });
    expect(noticeIn(row, 'fr')).toEqual({
      title: 'Soumission validée',
      description: '<p>Votre soumission pour le défi « Buffer &amp; &quot;Basics&quot; » a été validée.</p>',
    });
  });

  it("a rejected submission, the reviewer's comment escaped in both languages and never read as a placeholder", async () => {
    const learner = await makeUser();
    const challenge = await makeChallenge({ name: 'Heap Spray' });
    const comment = '<script>alert(1)</script> {{challenge}} $t(Submission validated)\nSee the <b>hint</b>.';
    await invalidateSubmission(await makeStaff(), (await makeSubmission(challenge, learner)).id, { description: comment });
    const row = await only(learner.id);
    expectEnglish(row, { title: 'Submission rejected', text: `Your submission for the challenge "${challenge.name}" was rejected.\nComment: ${comment}` });
    expect(row.description).toBe(
      '<p>Your submission for the challenge &quot;Heap Spray&quot; was rejected.</p>' +
        '<p>Comment: &lt;script&gt;alert(1)&lt;/script&gt; {{challenge}} $t(Submission validated)</p><p>See the &lt;b&gt;hint&lt;/b&gt;.</p>',
    );
    expect(noticeIn(row, 'fr')).toEqual({
      title: 'Soumission rejetée',
      description:
        '<p>Votre soumission pour le défi « Heap Spray » a été rejetée.</p>' +
        '<p>Commentaire : &lt;script&gt;alert(1)&lt;/script&gt; {{challenge}} $t(Submission validated)</p><p>See the &lt;b&gt;hint&lt;/b&gt;.</p>',
    });
  });

  it('a new team member', async () => {
    const event = await makeTeamEvent();
    const [owner, newcomer] = await Promise.all([makeUser(), makeUser()]);
    const team = await createTestTeam(owner, event);
    await joinTeam(newcomer, { name: team.name, password: TEAM_PASSWORD });
    const row = await only(owner.id);
    expectEnglish(row, { title: 'New team member', text: `${newcomer.username} joined your team ${team.name}.` });
    expect(noticeIn(row, 'fr')).toEqual({ title: "Nouveau membre d'équipe", description: `<p>${newcomer.username} a rejoint votre équipe ${team.name}.</p>` });
  });

  it('a validated reward request', async () => {
    const learner = await makeUser();
    const reward = await makeReward({ title: 'Sticker <pack>', coin: 30 });
    await validateRewardRequests(await makeStaff(), [(await makeRequest(learner.id, reward.id)).id]);
    const row = await only(learner.id);
    expectEnglish(row, { title: 'Reward request validated', text: `Your request for the reward “${reward.title}” was validated.` });
    expect(noticeIn(row, 'fr')).toEqual({
      title: 'Demande de récompense validée',
      description: '<p>Votre demande pour la récompense « Sticker &lt;pack&gt; » a été validée.</p>',
    });
  });

  it('a dismissed reward request, its coins counted in French', async () => {
    const staff = await makeStaff();
    const [many, one] = await Promise.all([makeUser(), makeUser()]);
    const [costly, cheap] = await Promise.all([makeReward({ title: 'Hoodie', coin: 150 }), makeReward({ title: 'Pin', coin: 1 })]);
    await dismissRewardRequests(staff, [(await makeRequest(many.id, costly.id)).id, (await makeRequest(one.id, cheap.id)).id]);
    const [manyRow, oneRow] = [await only(many.id), await only(one.id)];
    expectEnglish(manyRow, { title: 'Reward request dismissed', text: 'Your request for the reward “Hoodie” was dismissed. The 150 coins it cost are back in your balance.' });
    expectEnglish(oneRow, { title: 'Reward request dismissed', text: 'Your request for the reward “Pin” was dismissed. The 1 coins it cost are back in your balance.' });
    expect(noticeIn(manyRow, 'fr')).toEqual({
      title: 'Demande de récompense refusée',
      description: '<p>Votre demande pour la récompense « Hoodie » a été refusée. Son prix, 150 pièces, a été recrédité sur votre solde.</p>',
    });
    expect(noticeIn(oneRow, 'fr').description).toBe('<p>Votre demande pour la récompense « Pin » a été refusée. Son prix, 1 pièce, a été recrédité sur votre solde.</p>');
  });

  it("an event about to start, its date written in the reader's language (UTC)", async () => {
    const start = new Date('2031-03-05T14:30:00Z');
    const event = await db.event.create({
      data: { name: 'Spring <CTF>', description: '<p>An event.</p>', type: 'online', startDate: start, endDate: new Date('2031-03-06T14:30:00Z') },
    });
    const player = await makeUser();
    await register(event, player);
    await sweepEventReminders(new Date('2031-03-05T02:00:00Z'));
    const row = await only(player.id);
    // The sweep's own formatter before its words were kept.
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(start);
    expectEnglish(row, { title: 'Spring <CTF> starts soon', text: `Spring <CTF> starts on ${when} UTC.` });
    expect(row.description).toMatch(/^<p>Spring &lt;CTF&gt; starts on Mar 5, 2031, 2:30\sPM UTC\.<\/p>$/);
    expect(JSON.parse(row.message!).dates).toEqual({ date: '2031-03-05T14:30:00.000Z' });
    expect(noticeIn(row, 'fr')).toEqual({ title: 'Spring <CTF> commence bientôt', description: '<p>Spring &lt;CTF&gt; commence le 5 mars 2031, 14:30 UTC.</p>' });
  });
});

describe('what is shown as written', () => {
  it("staff's notifications and notices stored before their words were, in both languages", async () => {
    const staff = await makeStaff();
    const admin = await db.notification.findUniqueOrThrow({ where: { id: (await createAdminNotification(staff, { title: 'Round two', description: 'Be **ready**.', event: (await makeEvent()).id })).id } });
    const old = await makeNotification({ kind: 'general', title: 'Submission validated', recipientId: (await makeUser()).id });
    for (const row of [admin, old]) {
      expect(row.message).toBeNull();
      for (const language of ['en', 'fr'] as const) expect(noticeIn(row, language)).toEqual({ title: row.title, description: row.description });
    }
  });

  it('a notice whose words have no French (reworded since, or demo content) reads in English, its moments as the reader writes them', () => {
    const message = JSON.stringify({ title: 'Your coins are waiting', text: 'Spend {{what}} before {{when}}.', values: { what: 'them' }, dates: { when: '2031-01-02T03:04:00.000Z' } });
    expect(noticeIn({ title: 'x', description: 'y', message }, 'fr')).toEqual({ title: 'Your coins are waiting', description: '<p>Spend them before 2 janv. 2031, 03:04.</p>' });
  });
});
