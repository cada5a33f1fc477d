// Learner import (the superuser's 'Export learner' button): an .xlsx with columns username,
// fullname, email, gender, country. Missing learners are created inactive and sent an activation
// e-mail; every listed learner ends up validated. Re-running the same file changes nothing.
import type ExcelJS from 'exceljs';
import { db } from '~/lib/db.server';
import { invalid } from '~/lib/errors.server';
import { unusablePassword } from '~/lib/password.server';
import { isFile } from '~/lib/uploads.server';
import { profileSchema } from '~/schemas/account';
import { sendWelcomeMail } from './account-mail.server';
import { requireSuperuser, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
const COLUMNS = ['username', 'fullname', 'email', 'gender', 'country'] as const;

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'rejected';
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

async function readRows(file: File): Promise<{ row: number; values: Record<string, string> }[]> {
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
  if (missing.length) invalid('file', `Missing column(s): ${missing.join(', ')}. The first row must name username, fullname, email, gender, country.`);
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(COLUMNS.map((c) => [c, cellText(row.getCell(index[c]).value).trim()]));
    if (Object.values(values).some(Boolean)) rows.push({ row: n, values });
  });
  if (rows.length > MAX_IMPORT_ROWS) invalid('file', `At most ${MAX_IMPORT_ROWS} rows per file.`);
  return rows;
}

export async function importLearners(actor: Actor | null, file: unknown): Promise<ImportRow[]> {
  requireSuperuser(actor);
  if (!isFile(file)) invalid('file', 'No file was submitted.');
  if (file.size > MAX_IMPORT_BYTES) invalid('file', 'The file is too large (at most 5 MB).');
  const rows = await readRows(file);
  const report: ImportRow[] = [];
  const toMail: number[] = [];
  const seen = new Set<string>();
  const password = await unusablePassword();

  await db.$transaction(async (tx) => {
    for (const { row, values } of rows) {
      const parsed = profileSchema.safeParse({ ...values, gender: values.gender.toUpperCase() || 'M', country: values.country || 'BJ' });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        report.push({ row, username: values.username, email: values.email, outcome: 'rejected', reason: `${String(issue.path[0])}: ${issue.message}` });
        continue;
      }
      const input = parsed.data;
      if (seen.has(input.email)) {
        report.push({ row, username: input.username, email: input.email, outcome: 'rejected', reason: 'email: listed twice in this file.' });
        continue;
      }
      seen.add(input.email);
      const existing = await tx.user.findUnique({ where: { email: input.email } });
      if (existing) {
        if (existing.isStaff || existing.isSuperuser) {
          report.push({ row, username: input.username, email: input.email, outcome: 'rejected', reason: 'email: belongs to a staff account.' });
        } else if (existing.isValidated) {
          report.push({ row, username: existing.username, email: input.email, outcome: 'unchanged' });
        } else {
          await tx.user.update({ where: { id: existing.id }, data: { isValidated: true } });
          await logStaffAction(tx, actor, 'user.validate', 'user', [existing.id], { via: 'import' });
          report.push({ row, username: existing.username, email: input.email, outcome: 'updated', reason: 'validated' });
        }
        continue;
      }
      const clash = await tx.user.findUnique({ where: { usernameKey: input.username.toLowerCase() }, select: { id: true } });
      if (clash) {
        report.push({ row, username: input.username, email: input.email, outcome: 'rejected', reason: 'username: A user with that username already exists.' });
        continue;
      }
      const created = await tx.user.create({
        data: { ...input, usernameKey: input.username.toLowerCase(), isValidated: true, passwordHash: password },
      });
      await logStaffAction(tx, actor, 'user.import', 'user', [created.id]);
      toMail.push(created.id);
      report.push({ row, username: input.username, email: input.email, outcome: 'created' });
    }
  });
  for (const user of await db.user.findMany({ where: { id: { in: toMail } } })) {
    await sendWelcomeMail(user, 'An account was created for you on the CTF training platform.');
  }
  return report;
}
