import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Invalid } from './errors.server';
import { csvText, exportFile, exportFileName, exportFormat, exportRows, toCsv, toXlsx, type ExportCell, type ExportColumn } from './table-export.server';

interface Person { name: string; note: string | null; points: number; at: Date }

const COLUMNS: ExportColumn<Person>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'Note', value: (p) => p.note },
  { header: 'Points', value: (p) => p.points },
  { header: 'When (UTC)', value: (p) => p.at },
];
const AT = new Date(Date.UTC(2026, 4, 1, 14, 3, 9));
const PEOPLE: Person[] = [
  { name: 'Aïcha Dossou', note: 'plain', points: 300, at: AT },
  { name: 'say "hi", then go', note: 'two\r\nlines', points: 0, at: AT },
  { name: '=HYPERLINK("http://evil.test","click")', note: null, points: -5, at: AT },
];

/** The lines of a CSV without its BOM and final CRLF. */
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe('CSV', () => {
  it('starts with a UTF-8 BOM, ends lines with CRLF and quotes as RFC 4180 says', () => {
    const csv = toCsv(COLUMNS, PEOPLE.slice(0, 2));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(new TextEncoder().encode(csv).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    // Quotes doubled inside a quoted field; a comma or a line break makes a field quoted.
    expect(csv.slice(1)).toBe(
      'Name,Note,Points,When (UTC)\r\n' +
        'Aïcha Dossou,plain,300,2026-05-01 14:03:09\r\n' +
        '"say ""hi"", then go","two\r\nlines",0,2026-05-01 14:03:09\r\n',
    );
  });

  it('writes nothing for an empty cell and the header row alone for no rows', () => {
    expect(lines(toCsv(COLUMNS, []))).toEqual(['Name,Note,Points,When (UTC)']);
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });

  it('prefixes text a spreadsheet would run as a formula with a quote, and leaves numbers be', () => {
    const cases: [ExportCell, string][] = [
      ['=1+1', "'=1+1"],
      ['+33 6 12', "'+33 6 12"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tcmd', "'\tcmd"],
      ['\rcmd', "'\rcmd"],
      ['a=b', 'a=b'],
      [' =1', ' =1'],
      ["'already", "'already"],
      [-5, '-5'],
      [12.5, '12.5'],
    ];
    for (const [value, text] of cases) expect(csvText(value), String(value)).toBe(text);
    // The guarded cell is then quoted like any other (it holds quotes and a comma).
    expect(lines(toCsv(COLUMNS, [PEOPLE[2]]))[1]).toBe(`"'=HYPERLINK(""http://evil.test"",""click"")",,-5,2026-05-01 14:03:09`);
  });
});

describe('xlsx', () => {
  async function read(bytes: Uint8Array) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    return workbook.worksheets[0];
  }

  it('reads back with exceljs as the same cells: bold header, then every row', async () => {
    const sheet = await read(await toXlsx('People', COLUMNS, PEOPLE));
    expect(sheet.name).toBe('People');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Note', 'Points', 'When (UTC)']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(PEOPLE.length + 1);
    PEOPLE.forEach((p, i) => {
      const row = sheet.getRow(i + 2);
      // Text stays text (a formula-looking name is not a formula), numbers numbers, moments dates.
      expect(row.getCell(1).value).toBe(p.name);
      expect(row.getCell(1).formula).toBeUndefined();
      // A line break reads back as LF whatever it was (XML's rule), so it is written so.
      expect(row.getCell(2).value ?? null).toBe(p.note?.replace('\r\n', '\n') ?? null);
      expect(row.getCell(3).value).toBe(p.points);
      expect(row.getCell(4).value).toEqual(p.at);
    });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('sizes each column to its longest text, within bounds', async () => {
    const long = { name: 'x'.repeat(200), note: 'ab', points: 1, at: AT };
    const sheet = await read(await toXlsx('People', COLUMNS, [long]));
    expect(sheet.getColumn(1).width).toBe(60);
    expect(sheet.getColumn(2).width).toBe(8);
    expect(sheet.getColumn(4).width).toBe('2026-05-01 14:03:09'.length + 2);
  });

  it('leaves out what XML cannot hold, which would make the workbook unreadable', async () => {
    const odd = { name: 'a\u0007b\u0000c\uFFFEd\uD800e\tf \u{1F600}', note: null, points: 1, at: AT };
    const sheet = await read(await toXlsx('People', COLUMNS, [odd]));
    expect(sheet.getRow(2).getCell(1).value).toBe('abcde\tf \u{1F600}');
  });

  it('keeps a sheet name Excel accepts', async () => {
    const sheet = await read(await toXlsx('a/b:c*d?e[f]g\\h and a very long name indeed', COLUMNS, []));
    expect(sheet.name).toBe('a b c d e f g h and a very long');
    expect(sheet.rowCount).toBe(1);
  });
});

describe('the file and its response', () => {
  it('names files in safe ASCII with the UTC date', () => {
    const now = new Date(Date.UTC(2026, 10, 27, 23, 59));
    expect(exportFileName('submissions-practice', 'csv', now)).toBe('submissions-practice-2026-11-27.csv');
    expect(exportFileName('Scoreboard: Été "CTF" / Cotonou', 'xlsx', now)).toBe('scoreboard-ete-ctf-cotonou-2026-11-27.xlsx');
    expect(exportFileName('¡¿', 'csv', now)).toBe('export-2026-11-27.csv');
    expect(exportFileName('a'.repeat(200), 'csv', now)).toBe(`${'a'.repeat(80)}-2026-11-27.csv`);
  });

  it('answers an attachment with its type, length, nosniff and no caching', async () => {
    const now = new Date(Date.UTC(2026, 4, 1));
    const csv = await exportRows({ name: 'people', columns: COLUMNS, rows: PEOPLE, format: 'csv', now });
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="people-2026-05-01.csv"');
    expect(csv.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(csv.headers.get('Cache-Control')).toBe('private, no-store');
    const body = new Uint8Array(await csv.arrayBuffer());
    expect(csv.headers.get('Content-Length')).toBe(String(body.byteLength));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)).toBe(toCsv(COLUMNS, PEOPLE));

    const xlsx = await exportRows({ name: 'people', columns: COLUMNS, rows: PEOPLE, format: 'xlsx', now });
    expect(xlsx.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers.get('Content-Disposition')).toBe('attachment; filename="people-2026-05-01.xlsx"');
    // A zip archive.
    expect(new Uint8Array(await xlsx.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it('builds a 10,000-row workbook', { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `player${i}`, note: null, points: i, at: AT }));
    const file = await exportFile({ name: 'big', columns: COLUMNS, rows, format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(10_001);
    expect(workbook.worksheets[0].getRow(10_001).getCell(1).value).toBe('player9999');
  });

  it('takes csv or xlsx as the format, else 400 on format', () => {
    expect(exportFormat('csv')).toBe('csv');
    expect(exportFormat('xlsx')).toBe('xlsx');
    for (const bad of [null, '', 'CSV', 'xls', 'pdf']) expect(() => exportFormat(bad)).toThrow(Invalid);
  });
});
