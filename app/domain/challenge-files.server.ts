// Files attached to a challenge: checked, stored under UPLOAD_DIR/challenges with random names (the
// database keeps the original name), downloaded only by people who may see the challenge, and
// removed from disk when deleted.
import type { ChallengeFile } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Invalid, NotFound } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import type { Page } from '~/lib/pagination';
import { attachment, isFile, remove, store } from '~/lib/uploads.server';
import { challengeAccess } from './challenge-access.server';
import { requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

/**
 * At most 10 MB a file: server.ts refuses request bodies over 12 MB, and a limit the domain states
 * itself gives a field error instead of a bare 413.
 */
export const MAX_CHALLENGE_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;
export const FILE_NOT_FOUND = 'No ChallengeFile matches the given query.';
const MAX_NAME_LENGTH = 200;

export interface Upload { name: string; bytes: Buffer }

/** Keeps only the last path segment and printable characters of a client-supplied name. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const printable = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  if (!printable || printable === '.' || printable === '..') return 'file';
  if (printable.length <= MAX_NAME_LENGTH) return printable;
  const dot = printable.lastIndexOf('.');
  const ext = dot > 0 && printable.length - dot <= 16 ? printable.slice(dot) : '';
  return printable.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}

/**
 * Reads and checks uploaded files (blank file inputs are skipped). Errors are reported under
 * `field`, the first one only, as SPEC §5 shows file errors.
 */
export async function readUploads(values: unknown[], field = 'files'): Promise<Upload[]> {
  const files = values.filter(isFile);
  if (files.length > MAX_FILES_PER_UPLOAD) throw new Invalid({ [field]: [say('Upload at most {{max}} files at once.', { max: MAX_FILES_PER_UPLOAD })] });
  const uploads: Upload[] = [];
  for (const file of files) {
    if (file.size > MAX_CHALLENGE_FILE_BYTES) {
      throw new Invalid({ [field]: [say('The file "{{name}}" is too large (at most {{size}} MB).', { name: cleanFileName(file.name), size: MAX_CHALLENGE_FILE_BYTES / 1024 / 1024 })] });
    }
    uploads.push({ name: cleanFileName(file.name), bytes: Buffer.from(await file.arrayBuffer()) });
  }
  return uploads;
}

export interface StoredUpload { name: string; storedName: string; size: number }

/** Writes the files to disk before the transaction that records them; see discardStored. */
export async function storeUploads(uploads: Upload[]): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const u of uploads) stored.push({ name: u.name, storedName: await store('challenges', u.bytes), size: u.bytes.length });
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
  return stored;
}

/** Removes files written for a transaction that did not commit, so no orphan stays on disk. */
export async function discardStored(stored: { storedName: string }[]): Promise<void> {
  await Promise.all(stored.map((s) => remove('challenges', s.storedName)));
}

/** The files of a challenge, for anyone who may see it. */
export async function listChallengeFiles(actor: Actor | null, challengeId: number, opts: { page: number; pageSize: number }): Promise<Page<ChallengeFile>> {
  const { challenge } = await challengeAccess(actor, challengeId, 'own', 'see');
  const where = { challengeId: challenge.id };
  const [count, results] = await Promise.all([
    db.challengeFile.count({ where }),
    db.challengeFile.findMany({ where, orderBy: { id: 'asc' }, skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  return { count, page: opts.page, pageSize: opts.pageSize, results };
}

/** Staff attach files to an existing challenge. */
export async function addChallengeFiles(actor: Actor | null, challengeId: number, values: unknown[]): Promise<ChallengeFile[]> {
  requireStaff(actor);
  const { challenge } = await challengeAccess(actor, challengeId, 'own', 'see');
  const uploads = await readUploads(values);
  if (!uploads.length) throw new Invalid({ files: ['No file was submitted.'] });
  const stored = await storeUploads(uploads);
  try {
    return await db.$transaction(async (tx) => {
      const created: ChallengeFile[] = [];
      for (const s of stored) created.push(await tx.challengeFile.create({ data: { challengeId: challenge.id, ...s } }));
      await logStaffAction(tx, actor, 'challenge_file.add', 'challenge_file', created.map((f) => f.id), { challengeId: challenge.id });
      return created;
    });
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
}

async function fileOf(challengeId: number, fileId: number): Promise<ChallengeFile> {
  const file = Number.isSafeInteger(fileId) && fileId > 0 ? await db.challengeFile.findUnique({ where: { id: fileId } }) : null;
  if (!file || file.challengeId !== challengeId) throw new NotFound(FILE_NOT_FOUND);
  return file;
}

/** Staff delete one file: the row and, once that is committed, the bytes on disk. */
export async function deleteChallengeFile(actor: Actor | null, challengeId: number, fileId: number): Promise<ChallengeFile> {
  requireStaff(actor);
  const { challenge } = await challengeAccess(actor, challengeId, 'own', 'see');
  const file = await fileOf(challenge.id, fileId);
  await db.$transaction(async (tx) => {
    await tx.challengeFile.delete({ where: { id: file.id } });
    await logStaffAction(tx, actor, 'challenge_file.delete', 'challenge_file', [file.id], { challengeId: challenge.id, name: file.name });
  });
  await remove('challenges', file.storedName);
  return file;
}

/** The file as an attachment under its original name, for anyone who may see the challenge. */
export async function downloadChallengeFile(actor: Actor | null, challengeId: number, fileId: number): Promise<Response> {
  const { challenge } = await challengeAccess(actor, challengeId, 'own', 'see');
  const file = await fileOf(challenge.id, fileId);
  const response = attachment('challenges', file.storedName, file.name);
  if (response.status === 404) throw new NotFound(FILE_NOT_FOUND);
  return response;
}
