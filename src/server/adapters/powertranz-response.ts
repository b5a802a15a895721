import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeMarkup } from '../../shared/escape-markup';
import { badRequest } from '../errors';

/**
 * Our merchant response URL (ADR 0050): where the cardholder's browser, inside the iframe that shows
 * PowerTranz's RedirectData (hosted page, then the issuer's 3DS challenge), posts the gateway's answer — a
 * form field `Response` holding PowerTranz's JSON with the TransactionIdentifier and the SpiToken (`HP0`,
 * `3D0`; other codes: not completed). It is a cross-site form post without a session, outside /api, so
 * no CSRF check applies and none is needed: it moves no money and reads no account. It answers a small
 * page (framed by our own payment page only) whose script hands our page the single-use token
 * `ptz_<TransactionIdentifier>.<SpiToken>` by postMessage to our own origin; the payment page then pays
 * with it through /api/payments, where `authorize` completes it with /spi/payment.
 *
 * Protocol: `{ source: 'yc-powertranz', type: 'result', ok, token?, code }` posted to the parent.
 */
export const POWERTRANZ_RESPONSE_PATH = '/powertranz/response';
/**
 * The frame our payment page shows the RedirectData in (ADR 0053). Not `<iframe srcdoc>`: a srcdoc (or blob:)
 * document inherits the payment page's Content-Security-Policy (script-src 'self'), which blocks the inline
 * script PowerTranz's RedirectData carries. This document has its own policy instead: inline scripts and
 * the gateway's origin allowed here only, framed by our own pages only; its script accepts the RedirectData
 * from its parent (our origin) by postMessage and writes it into itself.
 */
export const POWERTRANZ_FRAME_PATH = '/powertranz/frame';

const GatewayAnswer = z.object({
  TransactionIdentifier: z.uuid(),
  SpiToken: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/),
  IsoResponseCode: z.string().max(8),
});

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const RESPONSE_JS = `(function () {
  var el = document.getElementById('ptz-result');
  if (!el || window.parent === window) return;
  window.parent.postMessage({
    source: 'yc-powertranz',
    type: 'result',
    ok: el.getAttribute('data-ok') === 'true',
    token: el.getAttribute('data-token') || undefined,
    code: el.getAttribute('data-code') || ''
  }, window.location.origin);
})();
`;

/** The frame's policy: the gateway's origin (and ours, for the merchant response URL) and nothing else. */
function frameCsp(gatewayOrigin: string | undefined) {
  const gw = gatewayOrigin ? ` ${gatewayOrigin}` : '';
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${gw}`,
    `style-src 'unsafe-inline'${gw}`,
    `img-src data:${gw}`,
    `font-src${gw || " 'none'"}`,
    `connect-src${gw || " 'none'"}`,
    `frame-src${gw || " 'none'"}`,
    `form-action 'self'${gw}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The frame's script: only when framed, only from its parent window on our own origin, once. The parent
 * (the payment page) answers `ready` with `{ source: 'yc-powertranz', type: 'redirect', html }`.
 */
const FRAME_JS = `(function () {
  if (window.parent === window) return;
  var origin = window.location.origin;
  var done = false;
  window.addEventListener('message', function (event) {
    if (done || event.source !== window.parent || event.origin !== origin) return;
    var d = event.data;
    if (!d || d.source !== 'yc-powertranz' || d.type !== 'redirect' || typeof d.html !== 'string') return;
    done = true;
    document.open();
    document.write(d.html);
    document.close();
  });
  window.parent.postMessage({ source: 'yc-powertranz', type: 'ready' }, origin);
})();
`;

const FRAME_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Secure card payment</title></head><body><p>Loading the secure card page…</p><script src="${POWERTRANZ_FRAME_PATH}.js"></script></body></html>`;

function page(reply: FastifyReply, body: { ok: boolean; token?: string; code: string }) {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Payment</title></head><body><p id="ptz-result" data-ok="${body.ok}" data-token="${escapeMarkup(body.token ?? '')}" data-code="${escapeMarkup(body.code)}">${body.ok ? 'Card confirmed. Finishing your payment…' : 'Your card could not be confirmed.'}</p><script src="${POWERTRANZ_RESPONSE_PATH}.js"></script></body></html>`;
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * The merchant response route, the frame and their scripts; registered through `PaymentProvider.routes`.
 * `gatewayOrigin`: the origin of POWERTRANZ_URL, the only other origin the frame may load or post to.
 */
export const powertranzRoutes =
  ({ gatewayOrigin }: { gatewayOrigin?: string } = {}) =>
  async (app: FastifyInstance) =>
    powertranzResponseRoutes(app, gatewayOrigin);

/** The merchant response route and its script; registered through `PaymentProvider.routes`. */
export async function powertranzResponseRoutes(app: FastifyInstance, gatewayOrigin?: string) {
  // This scope reads the gateway's form post itself (an inherited parser, if any, is replaced here only).
  if (app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(
    `${POWERTRANZ_RESPONSE_PATH}.js`,
    { config: { access: 'public' }, schema: { hide: true } },
    (_req, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(RESPONSE_JS),
  );
  app.get(
    POWERTRANZ_FRAME_PATH,
    { config: { access: 'public', headers: { framing: 'same-origin' } }, schema: { hide: true } },
    (_req, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', frameCsp(gatewayOrigin))
        .header('x-frame-options', 'SAMEORIGIN')
        .header('referrer-policy', 'no-referrer')
        .send(FRAME_HTML),
  );
  app.get(
    `${POWERTRANZ_FRAME_PATH}.js`,
    { config: { access: 'public' }, schema: { hide: true } },
    (_req, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(FRAME_JS),
  );
  app.post(
    POWERTRANZ_RESPONSE_PATH,
    {
      config: {
        access: 'public',
        headers: { framing: 'same-origin' },
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
      schema: { hide: true },
    },
    async (req, reply) => {
      const raw = (req.body as Record<string, unknown> | undefined)?.Response;
      let json: unknown;
      try {
        json = typeof raw === 'string' ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const answer = GatewayAnswer.safeParse(json);
      if (!answer.success) throw badRequest('The card processor’s answer could not be read.');
      const { TransactionIdentifier, SpiToken, IsoResponseCode } = answer.data;
      const ok = IsoResponseCode === 'HP0' || IsoResponseCode === '3D0';
      return page(reply, {
        ok,
        token: ok ? `ptz_${TransactionIdentifier}.${SpiToken}` : undefined,
        code: IsoResponseCode,
      });
    },
  );
}
