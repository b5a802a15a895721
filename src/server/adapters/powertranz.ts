import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { upstreamFailed } from '../errors';
import {
  type AuthorizeResult,
  DECLINE_MESSAGES,
  type HostedPaymentResult,
  type PaymentProvider,
} from './payments';
import { recordFor, type StoredOperation } from './payments-record';
import { powertranzRoutes } from './powertranz-response';

/**
 * First Atlantic Commerce's PowerTranz gateway behind the payment-provider interface (ADR 0050).
 *
 * SPI (server payment integration) with the hosted payment page and 3-D Secure 2:
 *  1. `beginHostedPayment` — POST {root}/spi/auth (or /spi/sale, /spi/riskmgmt to only tokenize) with
 *     `ThreeDSecure: true`, the hosted page and our `MerchantResponseUrl` → IsoResponseCode `SP4`,
 *     `RedirectData` (HTML the payment page renders in an iframe: card entry on PowerTranz's page, SAQ A,
 *     then the issuer's challenge) and an `SpiToken` (5 minutes of life);
 *  2. the cardholder's browser ends on our merchant response URL with the SpiToken (`HP0` / `3D0`);
 *  3. `authorize({ token })` — POST {root}/spi/payment with the SpiToken → the authorization (`00`).
 * Follow-ups on the authorization: POST {root}/capture, /void, /refund with its TransactionIdentifier.
 * A saved card is PowerTranz's `PanToken` (from a tokenizing completion); holds of series visits and plan
 * renewals authorize with it as `Source.Token` without anyone at the keyboard.
 *
 * Idempotency: every call carries an identifier derived from our idempotency key (UUID v5), so a retry
 * of the same intent sends the same identifier and PowerTranz (and the fake) answers the first result.
 * Amounts are integers of cents in code; the gateway sees JMD (ISO 4217 numeric 388) major units with two
 * decimals, written from the integer without floating arithmetic. The password travels only in the
 * `PowerTranz-PowerTranzPassword` header: never logged, never in an error or an answer.
 */

/** ISO 4217 numeric code of the Jamaican dollar. */
export const JMD_NUMERIC = '388';
export const POWERTRANZ_STAGING_URL = 'https://staging.ptranz.com/api';
export { POWERTRANZ_FRAME_PATH, POWERTRANZ_RESPONSE_PATH } from './powertranz-response';

// --- Amounts -------------------------------------------------------------------------------------------

/** Integer cents → the gateway's major units with two decimals ("1234.05"), without floating arithmetic. */
export function toMajorUnits(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount must be whole cents ≥ 0`);
  const whole = Math.floor(cents / 100);
  const rest = cents - whole * 100;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The gateway's amount (number or string, "12", "12.5", "12.50") → integer cents; never through floats. */
export function fromMajorUnits(value: number | string): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not an amount: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A JSON body whose `TotalAmount` is the exact decimal literal (1234.50), not a float's rendering. */
export function gatewayJson(body: Record<string, unknown>): string {
  const marker = '"__AMOUNT_MARKER__"';
  const { TotalAmount, ...rest } = body;
  if (TotalAmount === undefined) return JSON.stringify(body);
  const json = JSON.stringify({ ...rest, TotalAmount: '__AMOUNT_MARKER__' });
  return json.replace(marker, String(TotalAmount));
}

// --- Identifiers ---------------------------------------------------------------------------------------

/** Our namespace for UUID v5 identifiers (RFC 9562 §5.5): a fixed random UUID of this project. */
const YAADCARE_NAMESPACE = '6f0f3c1e-52a4-4d0b-9b8e-3f5d8d7a2c41';

/** RFC 9562 UUID version 5 (SHA-1, name-based): the same name answers the same UUID, forever. */
export function uuidV5(name: string, namespace = YAADCARE_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The TransactionIdentifier of an intent: one per idempotency key. */
export const transactionIdentifierOf = (idempotencyKey: string) => uuidV5(`powertranz:${idempotencyKey}`);

/**
 * What the payment page hands /api/payments after the hosted page and 3DS: the transaction and its
 * SpiToken. Neither is a card number; the SpiToken completes one payment within 5 minutes.
 */
export const hostedToken = (transactionIdentifier: string, spiToken: string) =>
  `ptz_${transactionIdentifier}.${spiToken}`;

function parseHostedToken(token: string | undefined) {
  const m = /^ptz_([0-9a-f-]{36})\.([A-Za-z0-9_-]{8,200})$/.exec(token ?? '');
  return m ? { transactionIdentifier: m[1], spiToken: m[2] } : undefined;
}

// --- Responses -----------------------------------------------------------------------------------------

/** The fields of a PowerTranz transaction response this adapter reads (the rest is ignored). */
export interface PowerTranzResponse {
  TransactionType?: number;
  Approved?: boolean;
  TransactionIdentifier?: string;
  TotalAmount?: number | string;
  CurrencyCode?: string;
  IsoResponseCode?: string;
  ResponseMessage?: string;
  SpiToken?: string;
  RedirectData?: string;
  PanToken?: string;
  CardBrand?: string;
  /** Not in every response: read when present (the last 4 we keep). */
  MaskedPan?: string;
  /** YYMM, when present. */
  CardExpiration?: string;
  AuthorizationCode?: string;
  RRN?: string;
  Errors?: { Code?: string; Message?: string }[];
}

export type DeclineCode = Extract<AuthorizeResult, { ok: false }>['code'];

/**
 * IsoResponseCode → our decline code. ISO 8583 action codes from the issuer, and PowerTranz's own
 * codes (SP*: SPI processing, HP*: hosted page, 3D*: 3-D Secure). The family sees the same texts as on
 * the sandbox (DECLINE_MESSAGES); the issuer's reason is never shown (a stolen-card code reads "declined").
 */
export function declineCodeOf(iso: string | undefined): DeclineCode {
  const code = (iso ?? '').toUpperCase();
  if (code === '51') return 'insufficient_funds';
  // An SpiToken unknown, expired (after 5 minutes) or used; the hosted page not completed.
  if (/^(SP|HP)/.test(code)) return 'token_invalid';
  return 'card_declined';
}

const APPROVED = new Set(['00', '10', '11']);
export const isApproved = (r: PowerTranzResponse) =>
  r.Approved === true && APPROVED.has(r.IsoResponseCode ?? '');

function brandOf(r: PowerTranzResponse): string | null {
  const b = r.CardBrand?.toLowerCase().replace(/\s+/g, '');
  if (!b) return null;
  if (b.includes('visa')) return 'visa';
  if (b.includes('master')) return 'mastercard';
  if (b.includes('amex') || b.includes('american')) return 'amex';
  if (b.includes('discover')) return 'discover';
  return b;
}
/** The gateway's amount (when it states one) is not the amount we are about to record. */
function amountDiffers(r: PowerTranzResponse, amountCents: number): boolean {
  if (r.TotalAmount === undefined || r.TotalAmount === null) return false;
  try {
    return fromMajorUnits(r.TotalAmount) !== amountCents;
  } catch {
    return true;
  }
}
const last4Of = (r: PowerTranzResponse) => (r.MaskedPan ? r.MaskedPan.replace(/\D/g, '').slice(-4) : null);

// --- The client ----------------------------------------------------------------------------------------

export interface PowerTranzLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface PowerTranzOptions {
  /** POWERTRANZ_ID: the merchant's PowerTranz id. */
  id: string;
  /** POWERTRANZ_PASSWORD: the processing password (header only; never logged). */
  password: string;
  /** POWERTRANZ_URL: the API root, e.g. https://staging.ptranz.com/api (no trailing slash needed). */
  url?: string;
  /** Where the cardholder's browser posts the hosted page's / 3DS's answer (our route). */
  merchantResponseUrl: string;
  /** The hosted page set up in the merchant portal ("PTZ/…" page set and page name). */
  hostedPage?: { pageSet: string; pageName: string };
  /** Each attempt's time limit (default 20 s). */
  timeoutMs?: number;
  /** Extra attempts of an idempotent call after a timeout, a network error or a 5xx (default 2). */
  retries?: number;
  fetch?: typeof fetch;
  log?: PowerTranzLog;
  /** The clock stamping recorded operations (the app's clock). */
  now?: () => Date;
  /** Where the record of operations (ADR 0041) is kept; without one, this process's memory. */
  database?: Pick<Database, 'kind' | 'db' | 'detached'>;
}

export type { HostedPaymentResult };

class GatewayUnavailable extends Error {}

const silentLog: PowerTranzLog = { info() {}, warn() {} };

export function createPowerTranzProvider(options: PowerTranzOptions) {
  const root = (options.url ?? POWERTRANZ_STAGING_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? silentLog;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retries = options.retries ?? 2;
  const now = options.now ?? (() => new Date());
  const record = recordFor(options.database);
  const stats = { requests: 0, retries: 0 };
  /** Authorizations answered in this process, by key (the gateway de-duplicates across instances). */
  const answered = new Map<string, AuthorizeResult>();

  /**
   * One call to the gateway. `idempotent`: retried with the same body (same identifiers) after a timeout,
   * a network error or a 5xx; otherwise a single attempt. The password is sent, never logged.
   */
  async function call(
    path: string,
    body: Record<string, unknown> | string,
    { idempotent, auth = true }: { idempotent: boolean; auth?: boolean },
  ): Promise<PowerTranzResponse> {
    const payload = typeof body === 'string' ? JSON.stringify(body) : gatewayJson(body);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (auth) {
      headers['PowerTranz-PowerTranzId'] = options.id;
      headers['PowerTranz-PowerTranzPassword'] = options.password;
    }
    const attempts = idempotent ? retries + 1 : 1;
    let lastError = 'no attempt';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) stats.retries++;
      stats.requests++;
      try {
        const res = await doFetch(`${root}${path}`, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status === 401 || res.status === 403) {
          // Our credentials refused: not the card's fault, and no retry will change it.
          log.warn(
            { gateway: 'powertranz', path, status: res.status },
            'payment gateway refused our credentials',
          );
          throw new GatewayUnavailable(`PowerTranz ${path}: credentials refused (HTTP ${res.status})`);
        }
        if (res.status >= 500) {
          lastError = `HTTP ${res.status}`;
          log.warn({ gateway: 'powertranz', path, status: res.status, attempt }, 'payment gateway error');
          continue;
        }
        const json = (await res.json().catch(() => ({}))) as PowerTranzResponse;
        log.info(
          {
            gateway: 'powertranz',
            path,
            status: res.status,
            transactionIdentifier: json.TransactionIdentifier,
            isoResponseCode: json.IsoResponseCode,
            approved: json.Approved,
          },
          'payment gateway answered',
        );
        return json;
      } catch (err) {
        if (err instanceof GatewayUnavailable) throw err;
        const name = (err as Error).name;
        lastError = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network error';
        log.warn({ gateway: 'powertranz', path, attempt, error: lastError }, 'payment gateway unreachable');
      }
    }
    throw new GatewayUnavailable(`PowerTranz ${path}: ${lastError}`);
  }

  const stamp = (op: Omit<StoredOperation, 'at'>) => record.claim({ ...op, at: now() });

  const money = (amountCents: number) => ({
    TotalAmount: toMajorUnits(amountCents),
    CurrencyCode: JMD_NUMERIC,
  });

  function decline(r: PowerTranzResponse): AuthorizeResult {
    const code = declineCodeOf(r.IsoResponseCode);
    return { ok: false, code, message: DECLINE_MESSAGES[code], brand: brandOf(r), last4: last4Of(r) };
  }

  /** The gateway unreachable on a follow-up: a 502 for the caller, which retries later with the same key. */
  async function followUp(path: string, body: Record<string, unknown>, idempotent: boolean) {
    let r: PowerTranzResponse;
    try {
      r = await call(path, body, { idempotent });
    } catch (err) {
      if (err instanceof GatewayUnavailable)
        throw upstreamFailed('The card processor did not answer. Please try again.');
      throw err;
    }
    if (!isApproved(r)) {
      throw upstreamFailed(
        `The card processor refused the ${path.slice(1)} (${r.IsoResponseCode ?? 'no code'}).`,
      );
    }
    return r;
  }

  const provider = {
    name: 'powertranz',
    stats,
    /** Our merchant response URL (the browser's end of the hosted page and 3DS) and the frame of RedirectData. */
    routes: powertranzRoutes({ gatewayOrigin: new URL(root).origin }),
    /** The payment page's frame navigates to the gateway: the app's CSP frame-src names its origin. */
    frameOrigins: [new URL(root).origin],

    /**
     * Starts a card payment on PowerTranz's hosted page with 3-D Secure: the answer's RedirectData goes in
     * an iframe on our payment page; the browser ends on the merchant response URL with the SpiToken,
     * which `authorize` (or `saveMethod` for `mode: 'tokenize'`) completes. Same key, same transaction.
     */
    async beginHostedPayment(input: {
      amountCents: number;
      idempotencyKey: string;
      mode?: 'auth' | 'sale' | 'tokenize';
    }): Promise<HostedPaymentResult> {
      const mode = input.mode ?? 'auth';
      const transactionIdentifier = transactionIdentifierOf(input.idempotencyKey);
      const path = mode === 'auth' ? '/spi/auth' : mode === 'sale' ? '/spi/sale' : '/spi/riskmgmt';
      let r: PowerTranzResponse;
      try {
        r = await call(
          path,
          {
            TransactionIdentifier: transactionIdentifier,
            ...money(input.amountCents),
            ThreeDSecure: true,
            Tokenize: true,
            OrderIdentifier: transactionIdentifier,
            ExtendedData: {
              ThreeDSecure: { ChallengeWindowSize: 4, ChallengeIndicator: '01' },
              ...(options.hostedPage
                ? {
                    HostedPage: {
                      PageSet: options.hostedPage.pageSet,
                      PageName: options.hostedPage.pageName,
                    },
                  }
                : {}),
              MerchantResponseUrl: options.merchantResponseUrl,
            },
          },
          { idempotent: true },
        );
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          throw upstreamFailed('The card processor did not answer. Please try again.');
        throw err;
      }
      if (r.IsoResponseCode === 'SP4' && r.SpiToken && r.RedirectData) {
        return {
          kind: 'challenge',
          transactionIdentifier,
          spiToken: r.SpiToken,
          redirectData: r.RedirectData,
        };
      }
      const code = declineCodeOf(r.IsoResponseCode);
      return {
        kind: 'declined',
        code: code === 'token_invalid' ? 'card_declined' : code,
        message: DECLINE_MESSAGES[code === 'token_invalid' ? 'card_declined' : code],
      };
    },

    /**
     * A hold: `token` is the hosted page's answer (`hostedToken`), completed with /spi/payment; or
     * `savedMethodRef`, a PanToken, authorized with /spi/auth without 3DS (merchant-initiated, stored
     * credential). PayPal and wallets are not PowerTranz's: refused as an invalid token.
     */
    async authorize({ amountCents, method, token, savedMethodRef, idempotencyKey }) {
      const memo = answered.get(idempotencyKey);
      if (memo) return memo;
      const seen = await record.ofKey(idempotencyKey);
      if (seen?.outcome) return seen.outcome as AuthorizeResult;
      let r: PowerTranzResponse;
      let ref: string;
      try {
        if (savedMethodRef && method === 'card') {
          ref = transactionIdentifierOf(idempotencyKey);
          r = await call(
            '/spi/auth',
            {
              TransactionIdentifier: ref,
              ...money(amountCents),
              ThreeDSecure: false,
              OrderIdentifier: ref,
              Source: { Token: savedMethodRef },
            },
            { idempotent: true },
          );
        } else {
          const hosted = method === 'card' ? parseHostedToken(token) : undefined;
          if (!hosted) return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
          ref = hosted.transactionIdentifier;
          // The payment completion: its body is the SpiToken as a JSON string; no credentials needed.
          // The SpiToken names one transaction: a repeat answers that transaction, never a second charge.
          r = await call('/spi/payment', hosted.spiToken, { idempotent: true, auth: false });
        }
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          throw upstreamFailed('The card processor did not answer. Please try again.');
        throw err;
      }
      if (r.TransactionIdentifier && r.TransactionIdentifier !== ref) {
        log.warn(
          { gateway: 'powertranz', transactionIdentifier: r.TransactionIdentifier },
          'unexpected transaction',
        );
      }
      if (!savedMethodRef && isApproved(r) && amountDiffers(r, amountCents)) {
        // The hosted page was started for another amount (the booking's total changed since, ADR 0053): the
        // authorization is released and the family starts a new page. Nothing recorded under the key; a void
        // the gateway does not answer is a 502, and the retry (same key, same SpiToken) voids it again.
        log.warn({ gateway: 'powertranz', transactionIdentifier: ref }, 'hosted payment amount differs');
        await followUp(
          '/void',
          { TransactionIdentifier: ref, ExternalIdentifier: uuidV5(`void:amount:${idempotencyKey}`) },
          true,
        );
        return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
      }
      const result: AuthorizeResult = isApproved(r)
        ? { ok: true, providerRef: ref, brand: brandOf(r), last4: last4Of(r) }
        : decline(r);
      const { fresh, first } = await stamp({
        kind: 'authorize',
        providerRef: result.ok ? ref : null,
        amountCents,
        idempotencyKey,
        ok: result.ok,
        outcome: result,
      });
      const answer = fresh ? result : (first.outcome as AuthorizeResult);
      answered.set(idempotencyKey, answer);
      return answer;
    },

    /** An immediate charge (auth + capture in one): a hosted token or a saved PanToken. */
    async sale(input: { amountCents: number; savedMethodRef: string; idempotencyKey: string }) {
      const ref = transactionIdentifierOf(input.idempotencyKey);
      let r: PowerTranzResponse;
      try {
        r = await call(
          '/spi/sale',
          {
            TransactionIdentifier: ref,
            ...money(input.amountCents),
            ThreeDSecure: false,
            OrderIdentifier: ref,
            Source: { Token: input.savedMethodRef },
          },
          { idempotent: true },
        );
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          throw upstreamFailed('The card processor did not answer. Please try again.');
        throw err;
      }
      const result = isApproved(r)
        ? ({ ok: true, providerRef: ref, brand: brandOf(r), last4: last4Of(r) } as const)
        : decline(r);
      await stamp({
        kind: 'authorize',
        providerRef: result.ok ? ref : null,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
        ok: result.ok,
        outcome: result,
      });
      if (result.ok)
        await stamp({
          kind: 'capture',
          providerRef: ref,
          amountCents: input.amountCents,
          idempotencyKey: `${input.idempotencyKey}:capture`,
          ok: true,
        });
      return result;
    },

    /**
     * Completes a tokenizing hosted payment (`beginHostedPayment({ mode: 'tokenize' })`): the PanToken is
     * the saved method (a secret of ours: stored, never shown or logged).
     */
    async saveMethod({ token }) {
      const hosted = parseHostedToken(token);
      if (!hosted) return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
      let r: PowerTranzResponse;
      try {
        r = await call('/spi/payment', hosted.spiToken, { idempotent: true, auth: false });
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          throw upstreamFailed('The card processor did not answer. Please try again.');
        throw err;
      }
      if (!r.PanToken || !(isApproved(r) || r.IsoResponseCode === '3D0' || r.IsoResponseCode === 'HP0')) {
        return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
      }
      const exp = /^(\d{2})(\d{2})$/.exec(r.CardExpiration ?? '');
      return {
        ok: true,
        methodRef: r.PanToken,
        brand: brandOf(r) ?? 'card',
        last4: last4Of(r) ?? '',
        expMonth: exp ? Number(exp[2]) : 0,
        expYear: exp ? 2000 + Number(exp[1]) : 0,
      };
    },

    /** PowerTranz documents no call to delete a PanToken: we forget it (the reference is deleted on our side). */
    async removeMethod(_ref) {},

    async capture(ref, amountCents, idempotencyKey) {
      if ((await record.ofKey(idempotencyKey)) !== undefined) return;
      await followUp(
        '/capture',
        {
          TransactionIdentifier: ref,
          ...money(amountCents),
          ExternalIdentifier: uuidV5(`capture:${idempotencyKey}`),
        },
        true,
      );
      await stamp({ kind: 'capture', providerRef: ref, amountCents, idempotencyKey, ok: true });
    },

    async void(ref, idempotencyKey) {
      if ((await record.ofKey(idempotencyKey)) !== undefined) return;
      await followUp(
        '/void',
        { TransactionIdentifier: ref, ExternalIdentifier: uuidV5(`void:${idempotencyKey}`) },
        true,
      );
      await stamp({ kind: 'void', providerRef: ref, amountCents: 0, idempotencyKey, ok: true });
    },

    /**
     * A refund of part or all of what was captured. Not retried automatically: whether PowerTranz
     * de-duplicates a refund by its ExternalIdentifier is to be confirmed with the acquirer (ADR 0050); the
     * caller retries with the same key, and `lookup` tells what the gateway did.
     */
    async refund(ref, amountCents, idempotencyKey) {
      if ((await record.ofKey(idempotencyKey)) !== undefined) return;
      await followUp(
        '/refund',
        {
          Refund: true,
          TransactionIdentifier: ref,
          ...money(amountCents),
          ExternalIdentifier: uuidV5(`refund:${idempotencyKey}`),
        },
        false,
      );
      await stamp({ kind: 'refund', providerRef: ref, amountCents, idempotencyKey, ok: true });
    },

    async listOperations(range) {
      return (await record.list(range)).map(({ outcome: _outcome, ...op }) => op);
    },

    /**
     * The gateway's view of one transaction, for reconciliation: GET {root}/transactions/{id}.
     * (Endpoint to be confirmed on the acquirer's portal, ADR 0050.)
     */
    async lookup(transactionIdentifier: string): Promise<PowerTranzResponse | undefined> {
      const res = await doFetch(`${root}/transactions/${encodeURIComponent(transactionIdentifier)}`, {
        headers: {
          accept: 'application/json',
          'PowerTranz-PowerTranzId': options.id,
          'PowerTranz-PowerTranzPassword': options.password,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw upstreamFailed('The card processor did not answer. Please try again.');
      return (await res.json()) as PowerTranzResponse;
    },

    load: () => record.load(),
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

export type PowerTranzProvider = ReturnType<typeof createPowerTranzProvider>;
