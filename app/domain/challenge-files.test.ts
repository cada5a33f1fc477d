import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { Forbidden, Invalid, NotFound } from '~/lib/errors.server';
import { challengeInput, makeCategory, plainFlag, upload } from '../../tests/support/authoring-factories';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { createChallenge } from './challenge-authoring.server';
import { addChallengeFiles, cleanFileName, deleteChallengeFile, downloadChallengeFile, listChallengeFiles, MAX_CHALLENGE_FILE_BYTES } from './challenge-files.server';
import { PRACTICE } from './scope.server';

async function challenge(over: { is_active?: boolean } = {}) {
  const staff = await makeStaff();
  const category = await makeCategory();
  return { staff, challenge: await createChallenge(staff, PRACTICE, challengeInput(category.id, over), plainFlag()) };
}

describe('challenge files', () => {
  it('stores uploads under a random name, keeps the original one and logs the addition', async () => {
    const { staff, challenge: c } = await challenge();
    const [file] = await addChallengeFiles(staff, c.id, [upload('../../etc/report final.pdf', 'PDF bytes')]);
    expect(file.name).toBe('report final.pdf');
    expect(file.storedName).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(join(env.uploadDir, 'challenges', file.storedName), 'utf8')).toBe('PDF bytes');
    expect(file.size).toBe(9);
    expect(await db.staffAction.count({ where: { actorId: staff.id, action: 'challenge_file.add', targetId: String(file.id) } })).toBe(1);
  });

  it('refuses files over the size limit, empty uploads and learners', async () => {
    const { staff, challenge: c } = await challenge();
    const big = upload('big.bin', new Uint8Array(MAX_CHALLENGE_FILE_BYTES + 1));
    const error = await addChallengeFiles(staff, c.id, [big]).catch((e) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).fields).toEqual({ files: ['The file "big.bin" is too large (at most 10 MB).'] });
    await expect(addChallengeFiles(staff, c.id, [])).rejects.toBeInstanceOf(Invalid);
    await expect(addChallengeFiles(await makeUser(), c.id, [upload('a.txt')])).rejects.toBeInstanceOf(Forbidden);
    expect(await db.challengeFile.count({ where: { challengeId: c.id } })).toBe(0);
  });

  it('sends the file as an attachment under its original name to whoever may see the challenge', async () => {
    const { staff, challenge: c } = await challenge();
    const [file] = await addChallengeFiles(staff, c.id, [upload('clue é.txt', 'the clue')]);
    const learner = await makeUser();
    const res = await downloadChallengeFile(learner, c.id, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="clue _.txt"; filename*=UTF-8''${encodeURIComponent('clue é.txt')}`);
    expect(await res.text()).toBe('the clue');
    expect((await listChallengeFiles(learner, c.id, { page: 1, pageSize: 10 })).results.map((f) => f.name)).toEqual(['clue é.txt']);
    // A file id of another challenge is not found through this one.
    const { challenge: other } = await challenge();
    await expect(downloadChallengeFile(learner, other.id, file.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('keeps the files of an inactive challenge from learners', async () => {
    const { staff, challenge: c } = await challenge({ is_active: false });
    const [file] = await addChallengeFiles(staff, c.id, [upload('secret.txt')]);
    await expect(downloadChallengeFile(await makeUser(), c.id, file.id)).rejects.toBeInstanceOf(NotFound);
    expect((await downloadChallengeFile(staff, c.id, file.id)).status).toBe(200);
  });

  it('deletes a file from the database and from disk, for staff only', async () => {
    const { staff, challenge: c } = await challenge();
    const [file] = await addChallengeFiles(staff, c.id, [upload('gone.txt')]);
    const path = join(env.uploadDir, 'challenges', file.storedName);
    expect(existsSync(path)).toBe(true);
    await expect(deleteChallengeFile(await makeUser(), c.id, file.id)).rejects.toBeInstanceOf(Forbidden);
    await deleteChallengeFile(staff, c.id, file.id);
    expect(existsSync(path)).toBe(false);
    expect(await db.challengeFile.findUnique({ where: { id: file.id } })).toBeNull();
    expect(await db.staffAction.count({ where: { actorId: staff.id, action: 'challenge_file.delete', targetId: String(file.id) } })).toBe(1);
    await expect(deleteChallengeFile(staff, c.id, file.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('cleans client file names', () => {
    expect(cleanFileName('C:\\Users\\me\\flag.txt')).toBe('flag.txt');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('a\u0000b.txt')).toBe('ab.txt');
    expect(cleanFileName(`${'x'.repeat(300)}.tar.gz`)).toMatch(/^x+\.gz$/);
    expect(cleanFileName(`${'x'.repeat(300)}.tar.gz`).length).toBe(200);
  });
});
