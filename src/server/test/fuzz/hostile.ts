import fc from 'fast-check';

/** JSON nested `depth` levels deep: [[[...]]] or {"a":{"a":...}} (built without recursion). */
export function deepJson(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const HUGE = 'x'.repeat(100_000);

/** Values that broke, or could break, a server that trusts its input: one of each kind the brief lists. */
const KNOWN: unknown[] = [
  // NUL, alone and inside text
  '\u0000',
  'Kingston\u0000',
  '%00',
  // numbers at and beyond the database's integer range, negative, fractional, NaN-ish
  2147483647,
  2147483648,
  '2147483648',
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  '99999999999999999999999',
  1e308,
  -1,
  '-1',
  0,
  '0',
  1.5,
  '1.5',
  '1e3',
  '0x1f',
  'NaN',
  'Infinity',
  '-Infinity',
  ' 1',
  // wrong types
  true,
  false,
  'true',
  null,
  'null',
  [],
  [1, 2],
  ['a', null],
  {},
  { id: 1 },
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  '__proto__',
  'constructor',
  // impossible dates and times
  '2026-02-30',
  '0000-00-00',
  '2026-13-01',
  '9999-12-31',
  '-001-01-01',
  '2026-02-29T25:61:00Z',
  '24:61',
  '13:00 PM',
  // sizes
  '',
  ' ',
  HUGE,
  // unicode edge cases: lone surrogates, RTL override and mark, emoji (ZWJ sequence), combining marks, BOM
  '\uD800',
  'a\uDC00b',
  '\u202Egnp.exe',
  '\u200F\u200E',
  '👨‍👩‍👧‍👦🇯🇲',
  'e\u0301\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFF\uFFFE',
  // injection-shaped text (must be stored or refused as text, never interpreted)
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probe, meant literally
  '${7*7}{{7*7}}',
  "$&$`$'",
  '=HYPERLINK("http://x")',
];

/** What the attack on the running app found (issue 14 §3): these come up most often. */
const FINDINGS: unknown[] = ['a\u0000b', 2147483648, '2147483648', true, '2026-02-30', 1.5, null, [], {}];

/** One hostile value: a known nasty one most of the time, otherwise a random JSON value or string. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...FINDINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...KNOWN), weight: 6 },
  { arbitrary: fc.constantFrom(deepJson(1000, 'array'), deepJson(1000, 'object')), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true })), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A hostile value as it can appear in a path or a query string: always text. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** encodeURIComponent that never throws: a lone surrogate becomes the (invalid UTF-8) bytes of one. */
export function encodeText(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}
