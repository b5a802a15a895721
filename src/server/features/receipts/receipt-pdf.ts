import type { ReceiptView } from '../../../shared/contracts/receipts';
import { loadPdfKit } from '../../adapters/lazy-modules';
import { pdfSafe } from '../../adapters/pdf-text';

/**
 * The receipt as a PDF in the house style of the statements (US Letter, Helvetica, tagged with its language
 * and title): the title and number, then every row of the receipt, then a payout's items.
 */
export async function receiptPdf(v: ReceiptView): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    lang: 'en-JM',
    displayTitle: true,
    info: {
      Title: pdfSafe(`YaadCare receipt ${v.number}`),
      Author: 'YaadCare',
      Subject: pdfSafe(`${v.title}: ${v.amountText}`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(pdfSafe(`YaadCare receipt: ${v.title}`));
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(pdfSafe(`${v.number} · ${v.amountText}`));
  doc.moveDown(1);

  const row = (label: string, value: string, bold = false) => {
    if (doc.y + 28 > bottom()) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9.5).text(pdfSafe(label), left, y, { width: 170 });
    const h1 = doc.heightOfString(pdfSafe(label), { width: 170 });
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(pdfSafe(value), left + 180, y, { width: 330 });
    const h2 = doc.heightOfString(pdfSafe(value), { width: 330 });
    doc.x = left;
    doc.y = y + Math.max(h1, h2) + 5;
  };
  for (const r of v.rows) row(r.label, r.value);
  if (v.items.length > 0) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(11).text('Included in this payout', left);
    doc.moveDown(0.3);
    for (const it of v.items) row(it.label, it.value);
  }
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#444')
    .text(
      'Amounts are in Jamaican dollars (J$). An estimate in another currency is for reading only. Keep this receipt for your records.',
      left,
      undefined,
      { width: 510 },
    )
    .fillColor('black');
  doc.end();
  return done;
}
