// say() speaks the language of the page request under way and English anywhere else: the API,
// background work, tests. The domain's and the schemas' messages with values in them are worded
// where they are thrown, so a French page can only show them in French if they are French from there.
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser, refusal } from '../../tests/support/factories';
import { teamInput } from '../../tests/support/team-factories';
import { categoryInUseMessage } from '~/domain/categories.server';
import { readUploads } from '~/domain/challenge-files.server';
import { bulkValidationMessage } from '~/domain/submission-review.server';
import { createTeam, TEAM_MESSAGES } from '~/domain/teams.server';
import { integer, text } from '~/schemas/fields';
import { db } from './db.server';
import { Invalid, RateLimited } from './errors.server';
import { say } from './i18n';
import { inLanguage, inRequestLanguage, languageCookie } from './language.server';
import { openScopes } from './request-scope.server';
import { createSession, sessionCookie } from './session.server';

const inFrench = <T>(work: () => T) => inLanguage('fr', work);

describe('say', () => {
  it('speaks English outside any request, and the language of the scope it runs in', () => {
    const key = 'Invalid pk "{{pk}}" - object does not exist.';
    expect(say(key, { pk: 7 })).toBe('Invalid pk "7" - object does not exist.');
    expect(inFrench(() => say(key, { pk: 7 }))).toBe("Clé « 7 » non valide : l'objet n'existe pas.");
    expect(inLanguage('en', () => say(key, { pk: 7 }))).toBe('Invalid pk "7" - object does not exist.');
  });

  it('keeps its language through awaits, and each scope its own', async () => {
    const later = async (language: 'en' | 'fr') =>
      inLanguage(language, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return say('Upload at most {{max}} files at once.', { max: 10 });
      });
    expect(await Promise.all([later('fr'), later('en')])).toEqual(['Envoyez au plus 10 fichiers à la fois.', 'Upload at most 10 files at once.']);
  });

  it("chooses French's plural form by count, English its own wording by the code", () => {
    expect(inFrench(() => new RateLimited(1).message)).toBe('Trop de tentatives. Réessayez dans 1 seconde.');
    expect(inFrench(() => new RateLimited(30).message)).toBe('Trop de tentatives. Réessayez dans 30 secondes.');
    // English as it always read, "1 seconds" included.
    expect(new RateLimited(1).message).toBe('Too many attempts. Try again in 1 seconds.');
    expect(inFrench(() => TEAM_MESSAGES.full(1))).toBe('Cette équipe est complète : les équipes de cet événement comptent au plus 1 membre.');
    expect(inFrench(() => TEAM_MESSAGES.full(4))).toBe('Cette équipe est complète : les équipes de cet événement comptent au plus 4 membres.');
    expect([TEAM_MESSAGES.full(1), TEAM_MESSAGES.full(4)]).toEqual(['This team is full: teams of this event have at most 1 member.', 'This team is full: teams of this event have at most 4 members.']);
    expect([categoryInUseMessage(1), categoryInUseMessage(3)]).toEqual([
      'This category cannot be deleted: it still has 1 challenge. Move or delete it first.',
      'This category cannot be deleted: it still has 3 challenges. Move or delete them first.',
    ]);
    expect(inFrench(() => categoryInUseMessage(3))).toBe("Cette catégorie ne peut pas être supprimée : elle contient encore 3 défis. Déplacez-les ou supprimez-les d'abord.");
    expect([bulkValidationMessage(1), bulkValidationMessage(2)]).toEqual(['Submission validation completed successfully! 1 submission validated.', 'Submission validation completed successfully! 2 submissions validated.']);
    expect(inFrench(() => bulkValidationMessage(2))).toBe('Validation de la soumission effectuée avec succès ! 2 soumissions validées.');
  });
});

describe('a domain refusal', () => {
  it('is worded in the language of the request that met it', async () => {
    const owner = await makeUser();
    const english = await refusal(createTeam(owner, 999_999, teamInput()));
    const french = await refusal(inFrench(() => createTeam(owner, 999_999, teamInput())));
    expect((english as Invalid).fields).toEqual({ event: ['Invalid pk "999999" - object does not exist.'] });
    expect((french as Invalid).fields).toEqual({ event: ["Clé « 999999 » non valide : l'objet n'existe pas."] });
  });

  it('fills a name in as given', async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.bin');
    const english = await refusal(readUploads([big]));
    const french = await refusal(inFrench(() => readUploads([big])));
    expect((english as Invalid).fields).toEqual({ files: ['The file "big.bin" is too large (at most 10 MB).'] });
    expect((french as Invalid).fields).toEqual({ files: ['Le fichier « big.bin » est trop volumineux (10 Mo au plus).'] });
  });
});

describe("a schema's message with a number in it", () => {
  const schema = z.object({ name: text(5), count: integer(1, 9) });

  it('is worded when the check fails, in the language of that moment', () => {
    const messages = () => z.flattenError(schema.safeParse({ name: 'too long', count: 10 }).error!).fieldErrors;
    expect(messages()).toEqual({ name: ['Ensure this field has no more than 5 characters.'], count: ['Ensure this value is less than or equal to 9.'] });
    expect(inFrench(messages)).toEqual({ name: ['Assurez-vous que ce champ comporte au plus 5 caractères.'], count: ['Assurez-vous que cette valeur est inférieure ou égale à 9.'] });
  });

  it("reaches the form through conform's parseWithZod", () => {
    const form = new FormData();
    form.set('name', 'ok');
    form.set('count', '0');
    const reply = () => parseWithZod(form, { schema }).reply();
    expect(reply().error).toEqual({ count: ['Ensure this value is greater than or equal to 1.'] });
    expect(inFrench(reply).error).toEqual({ count: ['Assurez-vous que cette valeur est supérieure ou égale à 1.'] });
  });
});

describe('a request handed to React Router', () => {
  const spoken = (path: string, headers: Record<string, string>) =>
    inRequestLanguage(new Request(`http://ctf.test${path}`, { headers }), {}, async () => say('Not pending: {{ids}}.', { ids: '1' }));
  const FRENCH = 'Pas en attente : 1.';
  const ENGLISH = 'Not pending: 1.';

  it('answers a page in the language the browser asks for, or the switch chose', async () => {
    expect(await spoken('/practices/challenges', { 'Accept-Language': 'fr-FR,fr;q=0.9' })).toBe(FRENCH);
    expect(await spoken('/practices/challenges.data', { Cookie: await languageCookie.serialize('fr') })).toBe(FRENCH);
    expect(await spoken('/', { 'Accept-Language': 'en' })).toBe(ENGLISH);
    expect(await spoken('/', {})).toBe(ENGLISH);
  });

  it('opens no scope for an English page, unless another is open (lib/request-scope.server.ts)', async () => {
    const open = (headers: Record<string, string>) => inRequestLanguage(new Request('http://ctf.test/', { headers }), {}, async () => openScopes());
    expect(await open({ 'Accept-Language': 'en' })).toBe(0);
    expect(await open({ 'Accept-Language': 'fr' })).toBe(1);
    let release = () => {};
    const french = inRequestLanguage(new Request('http://ctf.test/', { headers: { 'Accept-Language': 'fr' } }), {}, () => new Promise<void>((resolve) => (release = resolve)).then(() => say('Not pending: {{ids}}.', { ids: '1' })));
    await expect.poll(() => openScopes()).toBe(1);
    expect(await inRequestLanguage(new Request('http://ctf.test/', { headers: { 'Accept-Language': 'en' } }), {}, async () => [openScopes(), say('Not pending: {{ids}}.', { ids: '1' })])).toEqual([2, ENGLISH]);
    release();
    expect(await french).toBe(FRENCH);
    expect(openScopes()).toBe(0);
  });

  it("answers a page in the signed-in viewer's setting", async () => {
    const user = await makeUser();
    await db.user.update({ where: { id: user.id }, data: { language: 'fr' } });
    const session = await sessionCookie.serialize(await createSession(user.id, null));
    expect(await spoken('/account/me', { Cookie: session, 'Accept-Language': 'en' })).toBe(FRENCH);
    expect(await spoken('/api/auth/users/me/', { Cookie: session })).toBe(ENGLISH);
  });

  it('leaves the API in English whatever the browser asks for', async () => {
    const french = { 'Accept-Language': 'fr', Cookie: await languageCookie.serialize('fr') };
    for (const path of ['/api/challenges/', '/api', '/API/challenges/', '/%61pi/challenges/', '/api/challenges/1/.data', '/api/events/?page=2']) {
      expect(await spoken(path, french), path).toBe(ENGLISH);
    }
    // Only the /api tree: a page whose path starts with the same letters is a page.
    expect(await spoken('/apis', french)).toBe(FRENCH);
  });
});
