import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV writer', () => {
  it('prefixes every cell a spreadsheet would read as a formula, so it shows as text', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves plain numbers (negative ones too) and ordinary text as they are', () => {
    expect(csvField('-3000.00')).toBe('-3000.00');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('3000.00')).toBe('3000.00');
    expect(csvField('Booking with Nat R.')).toBe('Booking with Nat R.');
    expect(csvField(null)).toBe('');
  });

  it('quotes per RFC 4180: commas, quotes and line breaks, with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', 1],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",1\r\n');
  });
});
