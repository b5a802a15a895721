import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTwilioChannel,
  PermanentDeliveryError,
  sandboxReceiptHeaders,
  sandboxSignature,
  twilioSignature,
} from './channels';

/** A local stand-in for a Twilio-compatible Messages API that checks what it is sent. */
describe('Twilio-compatible channel', () => {
  const seen: { method?: string; url?: string; auth?: string; type?: string; form: URLSearchParams }[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM123' } };
  let server: Server;
  let base: string;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        form: new URLSearchParams(await read(req)),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = () => ({
    url: base,
    accountSid: 'AC0001',
    authToken: 'secret-token-1',
    from: '+18765550100',
    whatsappFrom: '+18765550199',
  });
  const callback = 'https://yaadcare.example/api/webhooks/twilio/delivery';

  it('posts the form to the account’s Messages.json with basic auth and answers the provider’s sid', async () => {
    answer = { status: 201, body: { sid: 'SM123', status: 'queued' } };
    const sms = createTwilioChannel(settings(), 'sms', callback);
    expect(await sms.send({ to: '+18765551234', body: 'Booking confirmed' })).toEqual({
      providerId: 'SM123',
    });
    const req = seen.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
    expect(req?.auth).toBe(`Basic ${Buffer.from('AC0001:secret-token-1').toString('base64')}`);
    expect(req?.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(req?.form ?? [])).toEqual({
      To: '+18765551234',
      From: '+18765550100',
      Body: 'Booking confirmed',
      StatusCallback: callback,
    });
  });

  it('writes WhatsApp numbers as whatsapp:+1876…, both ways', async () => {
    answer = { status: 201, body: { sid: 'SM456' } };
    await createTwilioChannel(settings(), 'whatsapp', callback).send({ to: '+18765551234', body: 'Hi' });
    expect(seen.at(-1)?.form.get('To')).toBe('whatsapp:+18765551234');
    expect(seen.at(-1)?.form.get('From')).toBe('whatsapp:+18765550199');
  });

  it('treats a 4xx as permanent and a 5xx or 429 as worth retrying, with no provider text in the error', async () => {
    const sms = createTwilioChannel(settings(), 'sms', callback);
    answer = { status: 400, body: { code: 21211, message: "The 'To' number +18765551234 is not valid." } };
    const bad = await sms.send({ to: '+18765551234', body: 'x' }).catch((e) => e);
    expect(bad).toBeInstanceOf(PermanentDeliveryError);
    expect(bad.message).toBe('provider 400 code 21211');
    for (const status of [500, 503, 429]) {
      answer = { status, body: { message: 'busy' } };
      const err = await sms.send({ to: '+18765551234', body: 'x' }).catch((e) => e);
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      expect(err.message).toBe(`provider ${status}`);
    }
  });

  it('refuses WhatsApp without a WhatsApp sender, permanently and without calling the provider', async () => {
    const before = seen.length;
    const wa = createTwilioChannel({ ...settings(), whatsappFrom: undefined }, 'whatsapp', callback);
    await expect(wa.send({ to: '+18765551234', body: 'x' })).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(seen.length).toBe(before);
  });
});

describe('receipt signatures', () => {
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  it('matches Twilio’s published example, and changes with any input', () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature('12346', url, params)).not.toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature('12345', `${url}&x=1`, params)).not.toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('sorts repeated parameters’ values as Twilio does', () => {
    const params = new URLSearchParams([
      ['Sid', 'CA123'],
      ['SidAccount', 'AC123'],
      ['Digits', '5678'],
      ['Digits', '1234'],
      ['Digits', '1234'],
    ]);
    expect(twilioSignature('12345', url, params)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  it('signs sandbox receipts with HMAC-SHA256 of `timestamp.body` (openssl’s answer), and sends the time', () => {
    const k = 'k'.repeat(16);
    // printf '1700000000.a=1' | openssl dgst -sha256 -hmac kkkkkkkkkkkkkkkk
    const vector = 'sha256=09915b050a529894d20700da62bcad99aecab432a3a6134a415fbe72fed80cc0';
    expect(sandboxSignature(k, '1700000000', 'a=1')).toBe(vector);
    expect(sandboxSignature(k, '1700000001', 'a=1')).not.toBe(vector);
    expect(sandboxSignature(k, '1700000000', 'a=2')).not.toBe(vector);
    expect(sandboxReceiptHeaders(k, 'a=1', new Date(1_700_000_000_999))).toEqual({
      'x-sandbox-timestamp': '1700000000',
      'x-sandbox-signature': vector,
    });
  });
});
