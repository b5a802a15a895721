import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client';
import { mailOutbox, smsOutbox } from '../db/schema';
import { jpegPhoto, multipart } from './uploads';

/** The newest mail to `email` in the outbox (the outbox mailer's), if any. */
export async function newestMailTo(db: Tx, email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The token of the newest verification link mailed to `email`, read from the outbox as its owner would. */
export async function mailedEmailToken(db: Db, email: string): Promise<string> {
  const mail = await newestMailTo(db, email);
  const token = mail?.text.match(/[?&]emailToken=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  return decodeURIComponent(token);
}

/** The newest 6-digit code texted to `phone` (E.164), read from the SMS outbox as its owner would. */
export async function textedOtp(db: Db, phone: string): Promise<string> {
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const otp = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error(`no code texted to ${phone}`);
  return otp;
}

type H = Record<string, string>;

export async function upload(
  app: FastifyInstance,
  h: H,
  documentType: string,
  data: Buffer,
  filename = 'doc.jpg',
  contentType = 'image/jpeg',
) {
  const body = multipart({ field: 'document', filename, contentType, data }, { documentType });
  return app.inject({
    method: 'POST',
    url: '/api/verification/document/upload',
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
}

const daysAgoIso = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export const submission = (overrides: Record<string, unknown> = {}) => ({
  address: '12 Hope Road, Kingston 6',
  idNumber: '123-456-789',
  emergencyContact: 'Marcia Campbell, 876-555-0101',
  notes: 'Available for a call any weekday.',
  policeRecordIssuedAt: daysAgoIso(40),
  references: [
    { name: 'Pastor Errol Smith', relationship: 'Church pastor', phone: '876-555-0110' },
    { name: 'Dr. Joan Brown', relationship: 'Former employer', phone: '876-555-0111' },
  ],
  consent: true,
  ...overrides,
});

/** Every step a caregiver does, through the API, then submit. */
export async function completeVerification(
  app: FastifyInstance,
  h: H,
  overrides: Record<string, unknown> = {},
) {
  const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: h })).json();
  await app.inject({ method: 'POST', url: '/api/verification/email/send', headers: h, payload: {} });
  const token = await mailedEmailToken(app.db, me.email);
  await app.inject({ method: 'POST', url: '/api/verification/email/verify', headers: h, payload: { token } });
  await app.inject({
    method: 'POST',
    url: '/api/verification/phone/send',
    headers: h,
    payload: { phone: '876-555-0142' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/verification/phone/verify',
    headers: h,
    payload: { otp: await textedOtp(app.db, '+18765550142') },
  });
  const photo = await jpegPhoto(400, 300);
  for (const type of ['id', 'selfie', 'address', 'police']) {
    const res = await upload(app, h, type, photo);
    if (res.statusCode !== 201) throw new Error(`upload ${type}: ${res.body}`);
  }
  return app.inject({
    method: 'POST',
    url: '/api/verification/submit',
    headers: h,
    payload: submission(overrides),
  });
}
