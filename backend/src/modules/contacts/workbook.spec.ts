import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { writeWorkbook } from './workbook.js';

/** The report workbook's writer, read back as a spreadsheet reads it (OWASP CSV injection). */
describe('writeWorkbook', () => {
  it("prefixes formula-like text with ', keeps numbers (negative ones too) as number cells", () => {
    const file = writeWorkbook([
      {
        name: 'Sheet',
        heads: ['Text', 'Amount'],
        rows: [
          ['=1+2', -250.5],
          ['-2+3', -3],
          ['@SUM(A1)', 0],
          ['\t=cmd', 12.25],
          ['\r=cmd', null],
          ['-250.5', 1e6],
          ['plain', -0.01],
        ],
        formats: [null, '#,##0.00'],
      },
    ]);
    const sheet = XLSX.read(file, { type: 'buffer', cellFormula: true }).Sheets.Sheet;
    expect(['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'].map((ref) => sheet[ref].v)).toEqual(["'=1+2", "'-2+3", "'@SUM(A1)", "'\t=cmd", "'\r=cmd", '-250.5', 'plain']);
    for (const ref of ['A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']) expect(sheet[ref]).toMatchObject({ t: 's' });
    expect(['B2', 'B3', 'B4', 'B5', 'B7', 'B8'].map((ref) => [sheet[ref].t, sheet[ref].v])).toEqual([
      ['n', -250.5],
      ['n', -3],
      ['n', 0],
      ['n', 12.25],
      ['n', 1e6],
      ['n', -0.01],
    ]);
    expect(sheet.B6).toBeUndefined();
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(false);
  });
});
