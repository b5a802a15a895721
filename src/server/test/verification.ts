import type { FastifyInstance } from 'fastify';
import { jpegPhoto, multipart } from './uploads';

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
  const email = await app.inject({
    method: 'POST',
    url: '/api/verification/email/send',
    headers: h,
    payload: {},
  });
  const token = email.json().token;
  await app.inject({ method: 'POST', url: '/api/verification/email/verify', headers: h, payload: { token } });
  const phone = await app.inject({
    method: 'POST',
    url: '/api/verification/phone/send',
    headers: h,
    payload: { phone: '876-555-0142' },
  });
  await app.inject({
    method: 'POST',
    url: '/api/verification/phone/verify',
    headers: h,
    payload: { otp: phone.json().otp },
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
