import ExcelJS from 'exceljs';

/** An .xlsx workbook with a header row and the given rows, as bytes. */
export async function xlsx(rows: (string | number)[][], header = ['username', 'fullname', 'email', 'gender', 'country']): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Learners');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
