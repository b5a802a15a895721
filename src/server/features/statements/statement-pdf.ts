import type { StatementView } from '../../../shared/contracts/statements';
import { loadPdfKit } from '../../adapters/lazy-modules';
import { pdfSafe } from '../../adapters/pdf-text';

const COLUMNS = [
  { title: 'Date', width: 62 },
  { title: 'Time (Jamaica)', width: 96 },
  { title: 'Caregiver', width: 100 },
  { title: 'Hours', width: 34, right: true },
  { title: 'Total (J$)', width: 66, right: true },
  { title: 'Status', width: 70 },
  { title: 'Payment', width: 84 },
] as const;

/**
 * The statement as a PDF (US Letter, Helvetica, tagged with its language and title): the circle and month,
 * one row per visit, the totals, what the figures mean, the estimates and what is counted.
 */
export async function statementPdf(s: StatementView): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    lang: 'en-JM',
    displayTitle: true,
    info: {
      Title: pdfSafe(`YaadCare statement: ${s.circleName}, ${s.monthLabel}`),
      Author: 'YaadCare',
      Subject: pdfSafe(`Care for ${s.recipientFirstName}`),
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

  doc.font('Helvetica-Bold').fontSize(16).text('YaadCare statement');
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(pdfSafe(`${s.circleName}: care for ${s.recipientFirstName}, ${s.monthLabel}`));
  doc
    .fontSize(9)
    .fillColor('#444')
    .text(pdfSafe(`Generated ${s.generatedAt}`))
    .fillColor('black');
  doc.moveDown(1);

  const row = (cells: readonly string[], bold = false) => {
    if (doc.y + 28 > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    COLUMNS.forEach((c, i) => {
      const text = pdfSafe(cells[i] ?? '');
      const options = { width: c.width - 6, align: 'right' in c ? ('right' as const) : ('left' as const) };
      doc.text(text, x, y, options);
      height = Math.max(height, doc.heightOfString(text, options));
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height + 4;
  };

  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  if (s.lines.length === 0) {
    doc.font('Helvetica').fontSize(9).text('No counted bookings this month.', left);
    doc.moveDown(0.5);
  }
  for (const l of s.lines)
    row([l.date, l.time, l.caregiver, String(l.hours), l.total, l.statusLabel, l.paymentStatus]);
  const t = s.totals;
  row(
    ['Total', `${t.visits} ${t.visits === 1 ? 'visit' : 'visits'}`, '', String(t.hours), t.total, '', ''],
    true,
  );

  doc.moveDown(1);
  const para = (label: string, text: string) => {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(9).text(pdfSafe(label), left);
    doc.font('Helvetica').fontSize(9).text(pdfSafe(text), left, undefined, { width: 500 });
    doc.moveDown(0.5);
  };
  para(
    'Of the total (J$)',
    `Subtotal ${t.subtotal}, service fee ${t.serviceFee}. Completed ${t.completed}; late-cancellation fees ${t.lateCancellationFees}; still to come or complete ${t.notYetCompleted}.`,
  );
  for (const e of s.estimates) para(`Estimate in ${e.currency}`, e.text);
  for (const c of s.missingRates) para(`Estimate in ${c}`, 'No exchange rate is kept for this currency yet.');
  para('What is counted', s.counts);
  doc.end();
  return done;
}
