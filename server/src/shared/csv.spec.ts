import { csvCell, toCsv } from './csv.js';

describe('CSV cells a spreadsheet cannot run', () => {
  it('neutralises formula starts in text and keeps numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+cmd|/C calc!A0')).toBe("'+cmd|/C calc!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-1234.5')).toBe('-1234.5');
    expect(csvCell(-300n)).toBe('-300');
    expect(csvCell('인스타 팔로워, 한국인')).toBe('"인스타 팔로워, 한국인"');
    expect(csvCell(null)).toBe('');
  });

  it('writes rows with CRLF and a BOM', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', '=1'],
      ]),
    ).toBe("\uFEFFa,1\r\nb,'=1\r\n");
  });
});
