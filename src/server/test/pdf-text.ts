import { inflateSync } from 'node:zlib';

/** The text a PDF shows: its content streams inflated, the hex strings of their text operators decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      body = m[1];
    }
    for (const t of body.matchAll(/<([0-9a-fA-F]+)>/g))
      parts.push(Buffer.from(t[1], 'hex').toString('latin1'));
    parts.push('\n');
  }
  return parts.join('');
}
