import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeMarkup } from '../../shared/escape-markup';
import { fromMajorUnits, type PowerTranzResponse, toMajorUnits } from '../adapters/powertranz';

/**
 * A local PowerTranz gateway for tests (ADR 0050), following the public SPI documents: /api/spi/auth,
 * /spi/sale, /spi/riskmgmt (SP4 + RedirectData + SpiToken), the hosted page and a 3DS challenge in the
 * RedirectData, /spi/payment completing with the SpiToken, /capture, /void, /refund, and a transaction
 * lookup. Rules it enforces: credentials on every call but /spi/payment; one SpiToken completes once
 * (a repeat answers the same result); a TransactionIdentifier (and a follow-up's ExternalIdentifier)
 * answers its first result; no capture above the hold or twice; no refund above what was captured; no
 * void after a capture. `charges` counts money moved per TransactionIdentifier (retries never add).
 *
 * Test cards (the fake's own; the acquirer publishes its certification cards on its portal):
 */
export const FAKE_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Approved after a 3DS challenge answered "pass" (anything else fails authentication). */
  challenge: '4000000000003220',
} as const;

interface Txn {
  id: string;
  kind: 'auth' | 'sale' | 'riskmgmt';
  amountCents: number;
  spiToken: string;
  card?: string;
  completed?: PowerTranzResponse;
  approved: boolean;
  captured: number;
  refunded: number;
  voided: boolean;
  panToken?: string;
}

export interface FakeOptions {
  id?: string;
  password?: string;
}

export async function startPowerTranzFake(options: FakeOptions = {}) {
  const id = options.id ?? '88801234';
  const password = options.password ?? 'fake-processing-password-Zq9';
  const txns = new Map<string, Txn>();
  const bySpi = new Map<string, Txn>();
  const panTokens = new Map<string, string>();
  const followUps = new Map<string, PowerTranzResponse>();
  /** Money moved per TransactionIdentifier: authorizations/sales that held or charged (a retry adds none). */
  const charges = new Map<string, number>();
  const requests: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  /** Test controls: fail the next N calls with a 503, or delay answers. */
  const faults = { failNext: 0, delayMs: 0, dropAfterProcessing: 0 };

  const brand = (card: string) =>
    card.startsWith('4') ? 'Visa' : card.startsWith('5') ? 'MasterCard' : 'Card';
  const masked = (card: string) => `${card.slice(0, 6)}******${card.slice(-4)}`;
  const base = (t: Txn): PowerTranzResponse => ({
    TransactionType: t.kind === 'auth' ? 1 : t.kind === 'sale' ? 2 : 3,
    TransactionIdentifier: t.id,
    TotalAmount: Number(toMajorUnits(t.amountCents)),
    CurrencyCode: '388',
  });

  function decide(t: Txn, card: string): PowerTranzResponse {
    const out = { ...base(t), CardBrand: brand(card), MaskedPan: masked(card), CardExpiration: '3012' };
    if (card === FAKE_CARDS.declined)
      return { ...out, Approved: false, IsoResponseCode: '05', ResponseMessage: 'Do not honour' };
    if (card === FAKE_CARDS.insufficientFunds)
      return { ...out, Approved: false, IsoResponseCode: '51', ResponseMessage: 'Insufficient funds' };
    let pan = [...panTokens].find(([, c]) => c === card)?.[0];
    if (!pan) {
      pan = `pan_${randomBytes(16).toString('hex')}`;
      panTokens.set(pan, card);
    }
    t.approved = t.kind !== 'riskmgmt';
    if (t.approved) charges.set(t.id, (charges.get(t.id) ?? 0) + 1);
    if (t.kind === 'sale') t.captured = t.amountCents;
    return {
      ...out,
      Approved: t.kind !== 'riskmgmt',
      IsoResponseCode: t.kind === 'riskmgmt' ? '3D0' : '00',
      ResponseMessage: 'Transaction is approved',
      AuthorizationCode: '123456',
      PanToken: pan,
    };
  }

  let merchantUrl = '';
  const spiFlow = (path: string, body: Record<string, unknown>): PowerTranzResponse => {
    const kind = path === '/api/spi/auth' ? 'auth' : path === '/api/spi/sale' ? 'sale' : 'riskmgmt';
    const tid = String(body.TransactionIdentifier ?? '');
    if (!/^[0-9a-f-]{36}$/.test(tid))
      return { Approved: false, IsoResponseCode: 'SP1', ResponseMessage: 'Invalid TransactionIdentifier' };
    if (body.CurrencyCode !== '388')
      return { Approved: false, IsoResponseCode: 'SP1', ResponseMessage: 'Invalid currency' };
    const known = txns.get(tid);
    if (known)
      return (
        known.completed ?? {
          ...base(known),
          Approved: false,
          IsoResponseCode: 'SP4',
          SpiToken: known.spiToken,
          RedirectData: redirect(known),
        }
      );
    const amountCents = fromMajorUnits(body.TotalAmount as number);
    const t: Txn = {
      id: tid,
      kind,
      amountCents,
      spiToken: randomBytes(24).toString('base64url'),
      approved: false,
      captured: 0,
      refunded: 0,
      voided: false,
    };
    txns.set(tid, t);
    bySpi.set(t.spiToken, t);
    const source = body.Source as { Token?: string } | undefined;
    if (source?.Token) {
      const card = panTokens.get(source.Token);
      t.completed = card
        ? decide(t, card)
        : { ...base(t), Approved: false, IsoResponseCode: '14', ResponseMessage: 'Invalid card' };
      return t.completed;
    }
    merchantUrl = String((body.ExtendedData as { MerchantResponseUrl?: string })?.MerchantResponseUrl ?? '');
    return {
      ...base(t),
      Approved: false,
      IsoResponseCode: 'SP4',
      ResponseMessage: 'SPI Preprocessing complete',
      SpiToken: t.spiToken,
      RedirectData: redirect(t),
    };
  };

  let origin = '';
  /** The RedirectData: a page posting the cardholder to the fake's hosted page (as the real one does). */
  const redirect = (t: Txn) =>
    `<!DOCTYPE html><html><body><form id="f" method="POST" action="${origin}/hpp/${t.spiToken}"></form><script>document.getElementById('f').submit()</script></body></html>`;

  const merchantPost = (fields: Record<string, string>) =>
    `<!DOCTYPE html><html><body><form id="r" method="POST" action="${escapeMarkup(merchantUrl)}">${Object.entries(
      fields,
    )
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeMarkup(v)}">`)
      .join('')}</form><script>document.getElementById('r').submit()</script></body></html>`;

  /**
   * What the cardholder does on the hosted page and the issuer's challenge, without a browser: the fields
   * the browser posts to the merchant response URL (`Response`, PowerTranz's JSON, with the SpiToken).
   */
  function completeHostedPage(spiToken: string, card: string, challengeAnswer = 'pass'): PowerTranzResponse {
    const t = bySpi.get(spiToken);
    if (!t) return { Approved: false, IsoResponseCode: 'SP5', ResponseMessage: 'Unknown SpiToken' };
    t.card = card;
    if (card === FAKE_CARDS.challenge && challengeAnswer !== 'pass') {
      t.completed = {
        ...base(t),
        Approved: false,
        IsoResponseCode: '3D5',
        ResponseMessage: '3DS authentication failed',
      };
    }
    return {
      ...base(t),
      Approved: false,
      IsoResponseCode: 'HP0',
      ResponseMessage: 'HPP preprocessing complete',
      SpiToken: t.spiToken,
    };
  }

  function payment(spiToken: string): PowerTranzResponse {
    const t = bySpi.get(spiToken);
    if (!t?.card)
      return { Approved: false, IsoResponseCode: 'SP5', ResponseMessage: 'SpiToken not found or expired' };
    t.completed ??= decide(t, t.card);
    return t.completed;
  }

  function followUp(path: string, body: Record<string, unknown>): PowerTranzResponse {
    const ext = String(body.ExternalIdentifier ?? '');
    const key = `${path}:${ext}`;
    if (ext && followUps.has(key)) return followUps.get(key) as PowerTranzResponse;
    const t = txns.get(String(body.TransactionIdentifier ?? ''));
    const refuse = (code: string, message: string): PowerTranzResponse => ({
      Approved: false,
      IsoResponseCode: code,
      ResponseMessage: message,
      TransactionIdentifier: t?.id,
    });
    let out: PowerTranzResponse;
    if (!t?.approved) out = refuse('N7', 'Transaction not found');
    else if (path === '/api/capture') {
      const amount = fromMajorUnits(body.TotalAmount as number);
      if (t.voided) out = refuse('N3', 'Transaction voided');
      else if (t.captured > 0) out = refuse('N4', 'Already captured');
      else if (amount > t.amountCents) out = refuse('N5', 'Amount above authorization');
      else {
        t.captured = amount;
        out = {
          ...base(t),
          TotalAmount: Number(toMajorUnits(amount)),
          Approved: true,
          IsoResponseCode: '00',
          ResponseMessage: 'Capture approved',
        };
      }
    } else if (path === '/api/void') {
      if (t.captured > 0) out = refuse('N4', 'Already captured');
      else {
        t.voided = true;
        out = { ...base(t), Approved: true, IsoResponseCode: '00', ResponseMessage: 'Void approved' };
      }
    } else {
      const amount = fromMajorUnits(body.TotalAmount as number);
      if (body.Refund !== true) out = refuse('N1', 'Refund flag missing');
      else if (t.refunded + amount > t.captured) out = refuse('N5', 'Refund above captured amount');
      else {
        t.refunded += amount;
        out = {
          ...base(t),
          TotalAmount: Number(toMajorUnits(amount)),
          Approved: true,
          IsoResponseCode: '00',
          ResponseMessage: 'Refund approved',
        };
      }
    }
    if (ext) followUps.set(key, out);
    return out;
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const raw = await readBody(req);
    requests.push({ path: url.pathname, headers: req.headers, body: raw });
    const send = (status: number, body: unknown, type = 'application/json') => {
      const out = () => {
        if (res.destroyed || res.writableEnded) return; // the client gave up (a timeout test)
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body));
      };
      if (faults.delayMs) setTimeout(out, faults.delayMs);
      else out();
    };
    // The hosted page and the challenge (what the iframe shows).
    if (url.pathname.startsWith('/hpp/') || url.pathname.startsWith('/acs/')) {
      const spi = url.pathname.split('/')[2];
      const form = new URLSearchParams(raw);
      if (url.pathname.startsWith('/hpp/') && !form.get('card')) {
        return send(
          200,
          `<!DOCTYPE html><html lang="en"><head><title>Card payment</title></head><body><main><h1>Card payment</h1><form method="POST"><label>Card number <input name="card" autocomplete="cc-number" inputmode="numeric"></label><button>Confirm payment</button></form></main></body></html>`,
          'text/html',
        );
      }
      const card = form.get('card') ?? bySpi.get(spi)?.card ?? '';
      if (url.pathname.startsWith('/hpp/') && card === FAKE_CARDS.challenge) {
        const pending = bySpi.get(spi);
        if (pending) pending.card = card;
        return send(
          200,
          `<!DOCTYPE html><html lang="en"><head><title>Verify it is you</title></head><body><main><h1>Your bank asks you to verify this payment</h1><form method="POST" action="/acs/${spi}"><label>Code <input name="answer"></label><button>Verify</button></form></main></body></html>`,
          'text/html',
        );
      }
      const answer = completeHostedPage(spi, card, form.get('answer') ?? 'pass');
      return send(200, merchantPost({ Response: JSON.stringify(answer) }), 'text/html');
    }
    if (faults.failNext > 0) {
      faults.failNext--;
      return send(503, { error: 'unavailable' });
    }
    const authed =
      req.headers['powertranz-powertranzid'] === id &&
      req.headers['powertranz-powertranzpassword'] === password;
    if (req.method === 'GET' && url.pathname.startsWith('/api/transactions/')) {
      if (!authed) return send(401, { Errors: [{ Code: '401', Message: 'Unauthorized' }] });
      const t = txns.get(url.pathname.split('/').pop() ?? '');
      return t
        ? send(200, {
            ...base(t),
            Approved: t.approved,
            CapturedAmount: t.captured / 100,
            RefundedAmount: t.refunded / 100,
            Voided: t.voided,
          })
        : send(404, {});
    }
    if (url.pathname === '/api/spi/payment') {
      const out = payment(JSON.parse(raw || '""') as string);
      if (faults.dropAfterProcessing > 0) {
        faults.dropAfterProcessing--;
        return res.destroy();
      }
      return send(200, out);
    }
    if (!authed) return send(401, { Errors: [{ Code: '401', Message: 'Unauthorized' }] });
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    let out: PowerTranzResponse;
    if (['/api/spi/auth', '/api/spi/sale', '/api/spi/riskmgmt'].includes(url.pathname))
      out = spiFlow(url.pathname, body);
    else if (['/api/capture', '/api/void', '/api/refund'].includes(url.pathname))
      out = followUp(url.pathname, body);
    else return send(404, {});
    if (faults.dropAfterProcessing > 0) {
      faults.dropAfterProcessing--;
      return res.destroy();
    }
    return send(200, out);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/api`,
    origin,
    id,
    password,
    txns,
    charges,
    requests,
    faults,
    completeHostedPage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PowerTranzFake = Awaited<ReturnType<typeof startPowerTranzFake>>;
