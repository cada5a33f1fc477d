// Learner import (the superuser's 'Export learner' button): an .xlsx with columns username,
// fullname, email, gender, country. Missing learners are created inactive and sent an activation
// e-mail; every listed learner ends up validated. Re-running the same file changes nothing.
import type ExcelJS from 'exceljs';
import type { User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { invalid, isUniqueViolation } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { unusablePassword } from '~/lib/password.server';
import { isFile, type UploadedFile } from '~/lib/uploads.server';
import { profileSchema, type ProfileInput } from '~/schemas/account';
import { IMPORT_FILE_RULES } from '~/schemas/learner-import';
import { sendWelcomeMail } from './account-mail.server';
import { requireSuperuser, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

export const MAX_IMPORT_ROWS = 5000;
const COLUMNS = ['username', 'fullname', 'email', 'gender', 'country'] as const;

export const IMPORT_MESSAGES = {
  /** A header row alone (or only blank rows under it): nothing to import, so no success message. */
  noRows: 'The file has no learner rows: add one row per learner under the header row.',
  /** A row's reasons, after the column they are about ("email: listed twice in this file."): the page translates the part after the colon. */
  listedTwice: 'listed twice in this file.',
  staffAccount: 'belongs to a staff account.',
  takenMeanwhile: 'taken meanwhile by another account.',
} as const;

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'rejected';
/** `reason`: why a row was rejected, "<column>: <message>", or 'validated' for an account that was waiting. */
export interface ImportRow { row: number; username: string; email: string; outcome: ImportOutcome; reason?: string }

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink cells
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return String(value.result ?? '');
  }
  return String(value);
}

async function readRows(file: UploadedFile): Promise<{ row: number; values: Record<string, string> }[]> {
  // Loaded on the first import, not at start: exceljs is the largest module the server carries.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
  } catch {
    invalid('file', 'The file could not be read. Upload an .xlsx workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) invalid('file', 'The workbook has no sheet.');
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => cellText(v).trim().toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)]));
  const missing = COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) invalid('file', say('Missing column(s): {{columns}}. The first row must name username, fullname, email, gender, country.', { columns: missing.join(', ') }));
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(COLUMNS.map((c) => [c, cellText(row.getCell(index[c]).value).trim()]));
    if (Object.values(values).some(Boolean)) rows.push({ row: n, values });
  });
  if (!rows.length) invalid('file', IMPORT_MESSAGES.noRows);
  if (rows.length > MAX_IMPORT_ROWS) invalid('file', say('At most {{max}} rows per file.', { max: MAX_IMPORT_ROWS }));
  return rows;
}

/** Rows written per transaction: a 5,000-row file never holds the connection for long. */
export const IMPORT_BATCH = 100;
const MAIL_CONCURRENCY = 8;

type Plan = { row: number; report: ImportRow } & ({ write: 'none' } | { write: 'validate'; id: number } | { write: 'create'; data: ProfileInput });

/** Reads the accounts that the rows name, in bounded queries, before any transaction. */
async function existingAccounts(emails: string[], usernameKeys: string[]) {
  const byEmail = new Map<string, User>();
  const takenNames = new Set<string>();
  for (let i = 0; i < emails.length; i += 500) {
    for (const u of await db.user.findMany({ where: { email: { in: emails.slice(i, i + 500) } } })) byEmail.set(u.email, u);
  }
  for (let i = 0; i < usernameKeys.length; i += 500) {
    for (const u of await db.user.findMany({ where: { usernameKey: { in: usernameKeys.slice(i, i + 500) } }, select: { usernameKey: true } })) takenNames.add(u.usernameKey);
  }
  return { byEmail, takenNames };
}

/**
 * Decides every row first (reading what exists, outside any transaction), then writes the decided
 * rows in batches of IMPORT_BATCH, one short transaction each. A username or e-mail taken by
 * someone else between the two steps (the unique keys decide) rejects that row alone.
 */
export async function importLearners(actor: Actor | null, file: unknown): Promise<ImportRow[]> {
  requireSuperuser(actor);
  // The page's form says these first (its schema, withFile); the API's imports are checked here.
  if (!isFile(file)) invalid('file', IMPORT_FILE_RULES.required!);
  if (file.size > IMPORT_FILE_RULES.maxBytes) invalid('file', IMPORT_FILE_RULES.tooLarge());
  const rows = await readRows(file);
  const password = await unusablePassword();

  const parsed = rows.map(({ row, values }) => ({ row, values, result: profileSchema.safeParse({ ...values, gender: values.gender.toUpperCase() || 'M', country: values.country || 'BJ' }) }));
  const valid = parsed.flatMap((p) => (p.result.success ? [p.result.data] : []));
  const { byEmail, takenNames } = await existingAccounts([...new Set(valid.map((v) => v.email))], [...new Set(valid.map((v) => v.username.toLowerCase()))]);

  const seen = new Set<string>();
  const plans: Plan[] = parsed.map(({ row, values, result }): Plan => {
    const report = (outcome: ImportOutcome, reason?: string, username = values.username, email = values.email) => ({ row, username, email, outcome, ...(reason ? { reason } : {}) });
    if (!result.success) {
      const issue = result.error.issues[0];
      return { row, write: 'none', report: report('rejected', `${String(issue.path[0])}: ${issue.message}`) };
    }
    const input = result.data;
    if (seen.has(input.email)) return { row, write: 'none', report: report('rejected', `email: ${IMPORT_MESSAGES.listedTwice}`, input.username, input.email) };
    seen.add(input.email);
    const existing = byEmail.get(input.email);
    if (existing) {
      if (existing.isStaff || existing.isSuperuser) return { row, write: 'none', report: report('rejected', `email: ${IMPORT_MESSAGES.staffAccount}`, input.username, input.email) };
      if (existing.isValidated) return { row, write: 'none', report: report('unchanged', undefined, existing.username, input.email) };
      return { row, write: 'validate', id: existing.id, report: report('updated', 'validated', existing.username, input.email) };
    }
    const key = input.username.toLowerCase();
    if (takenNames.has(key)) return { row, write: 'none', report: report('rejected', 'username: A user with that username already exists.', input.username, input.email) };
    takenNames.add(key);
    return { row, write: 'create', data: input, report: report('created', undefined, input.username, input.email) };
  });

  const created: number[] = [];
  const writes = plans.filter((p) => p.write !== 'none');
  for (let i = 0; i < writes.length; i += IMPORT_BATCH) {
    const batch = writes.slice(i, i + IMPORT_BATCH);
    await db.$transaction(async (tx) => {
      for (const plan of batch) {
        if (plan.write === 'validate') {
          await tx.user.update({ where: { id: plan.id }, data: { isValidated: true } });
          await logStaffAction(tx, actor, 'user.validate', 'user', [plan.id], { via: 'import' });
        } else if (plan.write === 'create') {
          try {
            const user = await tx.user.create({ data: { ...plan.data, usernameKey: plan.data.username.toLowerCase(), isValidated: true, passwordHash: password } });
            await logStaffAction(tx, actor, 'user.import', 'user', [user.id]);
            created.push(user.id);
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            plan.report = { ...plan.report, outcome: 'rejected', reason: `username or email: ${IMPORT_MESSAGES.takenMeanwhile}` };
          }
        }
      }
    });
  }
  // Each message opens its own SMTP connection: a few at a time, so a class-sized file takes seconds.
  for (let i = 0; i < created.length; i += MAIL_CONCURRENCY) {
    const users = await db.user.findMany({ where: { id: { in: created.slice(i, i + MAIL_CONCURRENCY) } } });
    await Promise.all(users.map((user) => sendWelcomeMail(user, 'importedLearner')));
  }
  return plans.map((p) => p.report);
}
