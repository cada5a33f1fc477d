// Lists downloaded as files (issue 21 §3, docs/rules.md "Exports"): rows and their columns in, a
// CSV or .xlsx attachment out. The export routes only choose rows and columns; how a cell is
// written, the formula guard, the file's name and its headers are decided here, once.
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Invalid } from './errors.server';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A cell: text, a number, a moment (written in UTC), or nothing. */
export type ExportCell = string | number | Date | null | undefined;
export interface ExportColumn<Row> { header: string; value: (row: Row) => ExportCell }

export interface ExportFile { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The `format` query parameter of an export URL; anything else is a 400 naming the field. */
export function exportFormat(value: string | null): ExportFormat {
  if (value === 'csv' || value === 'xlsx') return value;
  throw new Invalid({ format: ['Choose a format: csv or xlsx.'] });
}

/** `2026-05-01 14:03:00`: UTC, and a form Excel reads as a date when it opens a CSV. */
function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"):
// `=HYPERLINK(...)` in a username would be a link in the staff's spreadsheet. The quote makes it text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text in a CSV: text that a spreadsheet would run as a formula gets a leading quote. */
export function csvText(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return utcText(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field, quoted as RFC 4180 says: when it holds a quote, a comma or a line break. */
function csvField(value: ExportCell): string {
  const text = csvText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as RFC 4180 CSV (CRLF line ends), preceded by a UTF-8 byte order mark: without it Excel
 * reads the file in the machine's code page and garbles every accented name.
 */
export function toCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

// What XML 1.0 cannot hold (control characters but tab and line breaks, lone surrogates, U+FFFE and
// U+FFFF): exceljs writes them as they are, and the workbook is then corrupt for Excel and exceljs.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * A cell as the workbook holds it. XML reads every CR LF or lone CR back as LF, so a line break is
 * written as one (what is written is what Excel, and a test, reads back); what XML cannot hold is
 * left out.
 */
function xlsxValue(value: ExportCell): ExportCell {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(NOT_XML, '') : value;
}
const WIDTH = { min: 8, max: 60 };

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Export';
}

/**
 * The rows as an .xlsx workbook: one sheet, the header row bold and frozen with a filter, each
 * column as wide as its longest text (within bounds), moments as date cells. Text is written as
 * text, never as a formula, so the CSV's quote is not needed here and the cells are the values
 * themselves. exceljs is loaded on the first export only: it is the largest module the server
 * carries (as the learner import does). Its streaming writer keeps one row at a time, not a model
 * of the whole sheet: a 10,000-row export stays a few MB of heap.
 */
export async function toXlsx<Row>(title: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Promise<Uint8Array<ArrayBuffer>> {
  const { default: Excel } = await import('exceljs');
  const values = rows.map((row) => columns.map((c) => xlsxValue(c.value(row))));
  const widths = columns.map((c, i) => {
    let longest = c.header.length;
    for (const cells of values) longest = Math.max(longest, csvText(cells[i]).length);
    return Math.min(WIDTH.max, Math.max(WIDTH.min, longest + 2));
  });
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Setting the columns with headers writes the header row.
  sheet.columns = columns.map((c, i) => ({ header: c.header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  for (const cells of values) {
    const row = sheet.addRow(cells.map((v) => v ?? null));
    cells.forEach((v, i) => {
      if (v instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished(stream);
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>;
}

/**
 * `<name>-<YYYY-MM-DD>.<ext>`, the date in UTC. The name keeps lower-case ASCII letters, digits and
 * dashes only (accents dropped, anything else a dash), so it needs no quoting or encoding in a
 * header and is a safe file name on every system.
 */
export function exportFileName(name: string, format: ExportFormat, now = new Date()): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'export'}-${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportRequest<Row> {
  /** What the file holds, e.g. `submissions-practice`: the file's name before its date. */
  name: string;
  /** The sheet's name in a workbook (default: the name). */
  title?: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  format: ExportFormat;
  now?: Date;
}

/** The file itself, for a caller that keeps it (the scoreboard builds one per copy of its standings). */
export async function exportFile<Row>({ name, title, columns, rows, format, now = new Date() }: ExportRequest<Row>): Promise<ExportFile> {
  const bytes = format === 'csv' ? new TextEncoder().encode(toCsv(columns, rows)) : await toXlsx(title ?? name, columns, rows);
  return { name: exportFileName(name, format, now), type: CONTENT_TYPES[format], bytes: bytes as Uint8Array<ArrayBuffer> };
}

/**
 * The file as a download: an attachment under its ASCII name, never sniffed into something a
 * browser would run, never kept by a cache (it holds personal data and changes with every solve).
 */
export function fileResponse(file: ExportFile): Response {
  return new Response(file.bytes, {
    headers: {
      'Content-Type': file.type,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Rows to a downloadable file, in one call. */
export async function exportRows<Row>(request: ExportRequest<Row>): Promise<Response> {
  return fileResponse(await exportFile(request));
}
