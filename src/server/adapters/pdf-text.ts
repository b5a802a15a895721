/**
 * The built-in PDF fonts (Helvetica) write WinAnsi only (statements, receipts; ADR 0026): '≈' and a few other
 * signs are not in it, so they are written in words; anything else outside it becomes '?'. Accented letters,
 * '—', '’', '£' and '€' are in it.
 */
export function pdfSafe(text: string): string {
  return text
    .replaceAll('≈', 'about')
    .replaceAll('\u202f', ' ')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}
