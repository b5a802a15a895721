import { beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_COUNTS } from '../../../shared/contracts/statements';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { signedIn } from '../../test/sign-in';
import { request } from '../circles/testing';
import { statementScenario } from './testing';

/** The app's clock: 1 Dec 2026, 12:30 AM in Jamaica (December is the current month). */
const NOW = new Date('2026-12-01T05:30:00Z');

type Scenario = Awaited<ReturnType<typeof statementScenario>>;

describe.each(DB_KINDS)('circle statements on %s', (kind) => {
  const t = useTestApp(kind, {}, () => NOW);
  let s: Scenario;
  beforeAll(async () => {
    s = await statementScenario(t.app, t.database.db);
  });
  const url = (month = '2026-11', format = 'json', circleId = s.circleId) =>
    `/api/circles/${circleId}/statement?month=${month}&format=${format}`;
  const get = (who: { headers: Record<string, string> } | undefined, u: string) =>
    request(t.app, 'GET', u, who);

  it('lists the counted bookings of the Jamaica month with their amounts, status and payment, and the totals', async () => {
    const res = await get(s.payer, url());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      circleId: s.circleId,
      circleName: 'Mummy in Mandeville',
      recipientFirstName: 'Hyacinth',
      month: '2026-11',
      monthLabel: 'November 2026',
      generatedAt: NOW.toISOString(),
      counts: STATEMENT_COUNTS,
    });
    expect(body.lines.map((l: { bookingId: number }) => l.bookingId)).toEqual(s.counted.map((b) => b.id));
    expect(body.lines).toEqual([
      {
        bookingId: s.counted[0].id,
        date: '2026-11-03',
        time: '9:00 AM – 1:00 PM',
        caregiver: '=HYPERLINK("http://evil.test") Brown, RN',
        hours: 4,
        hourlyRate: '1500.00',
        subtotal: '6000.00',
        serviceFee: '300.00',
        total: '6300.00',
        status: 'completed',
        statusLabel: 'Completed',
        paymentStatus: 'Charged',
      },
      expect.objectContaining({
        date: '2026-11-10',
        time: '1:00 PM – 3:00 PM',
        caregiver: 'Andrea Clarke',
        total: '4200.00',
        statusLabel: 'Confirmed',
        paymentStatus: 'Card held',
      }),
      // A late cancellation counts its fee only, without a service fee.
      expect.objectContaining({
        date: '2026-11-17',
        hours: 4,
        subtotal: '3000.00',
        serviceFee: '0.00',
        total: '3000.00',
        status: 'cancelled',
        statusLabel: 'Cancelled late (fee charged)',
        paymentStatus: 'Not paid yet',
      }),
      // 30 Nov at 8 PM in Jamaica is already 1 Dec in UTC: the Jamaica date decides.
      expect.objectContaining({
        date: '2026-11-30',
        time: '8:00 PM – 11:00 PM',
        total: '3150.00',
        statusLabel: 'Requested (caregiver to answer)',
        paymentStatus: 'Not paid yet',
      }),
    ]);
    expect(body.totals).toEqual({
      visits: 4,
      hours: 9,
      subtotal: '16000.00',
      serviceFee: '650.00',
      total: '16650.00',
      completed: '6300.00',
      lateCancellationFees: '3000.00',
      notYetCompleted: '7350.00',
    });
  });

  it('estimates the total in the reader’s currency first, then the payers’, each at the kept rate and its date', async () => {
    const payer = (await get(s.payer, url())).json();
    // Simone reads CAD; Marcia's GBP has no rate kept.
    expect(payer.estimates).toEqual([
      {
        currency: 'CAD',
        amount: '146.57',
        jmdPerUnit: '113.6000',
        rateDate: '2026-11-30',
        text: '≈ C$146.57 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 16,650',
      },
    ]);
    expect(payer.missingRates).toEqual(['GBP']);
    // The coordinator reads USD (16,650 ÷ 157.85 = 105.4799…), then the payers' currencies.
    const coordinator = (await get(s.coordinator, url())).json();
    expect(
      coordinator.estimates.map((e: { currency: string; amount: string }) => [e.currency, e.amount]),
    ).toEqual([
      ['USD', '105.48'],
      ['CAD', '146.57'],
    ]);
    expect(coordinator.missingRates).toEqual(['GBP']);
  });

  it('answers payers and coordinators only: viewers 403, strangers and other roles refused, nothing revealed', async () => {
    expect((await get(s.payer2, url())).statusCode).toBe(200);
    expect((await get(s.coordinator, url('2026-11', 'csv'))).statusCode).toBe(200);
    const viewer = await get(s.viewer, url());
    expect(viewer.statusCode).toBe(403);
    expect(viewer.body).not.toContain('Andrea');
    // A stranger gets the same 404 as for a circle that does not exist, whatever they ask for.
    const strangers = [
      await get(s.stranger, url()),
      await get(s.stranger, url('2099-99', 'pdf')),
      await get(s.stranger, url('2026-11', 'json', 2_000_000_000)),
      await get(s.coordinator, url('2026-11', 'json', s.otherCircleId)),
    ];
    for (const res of strangers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe((await get(s.stranger, url())).json().message);
    }
    const carer = await signedIn(t.database.db, { userType: 'caregiver' });
    const admin = await signedIn(t.database.db, { userType: 'admin' });
    expect((await get(carer, url())).statusCode).toBe(403);
    expect((await get(admin, url())).statusCode).toBe(403);
    expect((await get(undefined, url())).statusCode).toBe(401);
  });

  it('refuses a month in the wrong shape, a month still to come and an unknown format with a 400 naming the field', async () => {
    const bad: [string, string][] = [
      [url('2026-13'), 'month'],
      [url('2026-1'), 'month'],
      [url('Nov-2026'), 'month'],
      [url('2026-11-01'), 'month'],
      [`/api/circles/${s.circleId}/statement?format=json`, 'month'],
      // December is this month in Jamaica; January is still to come.
      [url('2027-01'), 'month'],
      [url('1999-12'), 'month'],
      [url('2026-11', 'xlsx'), 'format'],
      [`/api/circles/${s.circleId}/statement?month=2026-11`, 'format'],
      [url('2026-11', 'json', 0), 'id'],
    ];
    for (const [u, field] of bad) {
      const res = await get(s.payer, u);
      expect(res.statusCode, u).toBe(400);
      expect(
        res
          .json()
          .errors?.map((e: { path: string }) => e.path)
          .join(' '),
        u,
      ).toContain(field);
    }
    expect((await get(s.payer, url('2026-11', 'xlsx'))).json().errors[0].message).toBe(
      'Choose format=csv, format=pdf or format=json',
    );
    // The current month is fine, and has no counted booking yet but the 1 Dec one.
    const december = (await get(s.payer, url('2026-12'))).json();
    expect(december.lines.map((l: { date: string }) => l.date)).toEqual(['2026-12-01']);
  });

  it('downloads as CSV: quoted where needed, formulas neutralised, totals, estimates and what is counted', async () => {
    const res = await get(s.payer, url('2026-11', 'csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="yaadcare-statement-${s.circleId}-2026-11.csv"`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date,Time (Jamaica),Caregiver,Hours,Rate (JMD per hour),Subtotal (JMD),Service fee (JMD),Total (JMD),Status,Payment',
    );
    // The caregiver's name is text to a spreadsheet: a leading ', quotes doubled, the comma inside quotes.
    expect(lines[1]).toBe(
      `2026-11-03,9:00 AM – 1:00 PM,"'=HYPERLINK(""http://evil.test"") Brown, RN",4,1500.00,6000.00,300.00,6300.00,Completed,Charged`,
    );
    expect(lines[3]).toContain('2026-11-17,9:00 AM – 1:00 PM,');
    expect(lines[3]).toContain(',4,1500.00,3000.00,0.00,3000.00,Cancelled late (fee charged),Not paid yet');
    expect(lines[5]).toBe('Total,4 visits,,9,,16000.00,650.00,16650.00,,');
    expect(lines).toContain(
      'Estimate in CAD,"≈ C$146.57 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 16,650"',
    );
    expect(lines).toContain('Estimate in GBP,No exchange rate is kept for this currency yet.');
    expect(lines.find((l) => l.startsWith('Counted,'))).toContain('cancelled late with a fee');
    expect(lines.at(-1)).toBe('');
    expect(res.body).not.toMatch(/(^|,)[=+@-][^,]*HYPERLINK/m);
  });

  it('downloads as PDF: a document with the visits, the totals and the estimate, for payers and coordinators only', async () => {
    const res = await get(s.coordinator, url('2026-11', 'pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="yaadcare-statement-${s.circleId}-2026-11.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Mummy in Mandeville: care for Hyacinth, November 2026');
    expect(text).toContain('Total');
    expect(text).toContain('16650.00');
    expect(text).toContain('about C$146.57 at J$ 113.60 per C$ on 30 Nov 2026');
    expect((await get(s.viewer, url('2026-11', 'pdf'))).statusCode).toBe(403);
  });
});
