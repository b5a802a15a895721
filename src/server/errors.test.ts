import { describe, expect, it } from 'vitest';
import {
  ERROR_CODE_LIST,
  ERROR_CODES,
  type ErrorCode,
  GENERIC_CODES,
  genericCode,
} from '../shared/error-codes';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  retryTransient,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
  upstreamFailed,
} from './errors';

/** Each helper with the status it answers: together, every status the API uses. */
const HELPERS: [string, () => AppError][] = [
  ['badRequest', () => badRequest('x')],
  ['unauthorized', () => unauthorized()],
  ['forbidden', () => forbidden()],
  ['notFound', () => notFound()],
  ['conflict', () => conflict('x')],
  ['payloadTooLarge', () => payloadTooLarge('x')],
  ['unsupportedMediaType', () => unsupportedMediaType('x')],
  ['tooManyRequests', () => tooManyRequests('x')],
  ['upstreamFailed', () => upstreamFailed('x')],
  ['serviceUnavailable', () => serviceUnavailable('x')],
];

describe('the error code table', () => {
  it('lists each code once, in SCREAMING_SNAKE_CASE, with a one-line meaning', () => {
    expect(new Set(ERROR_CODE_LIST).size).toBe(ERROR_CODE_LIST.length);
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(ERROR_CODES[code].meaning.trim(), code).not.toBe('');
      expect(ERROR_CODES[code].meaning, code).not.toContain('\n');
    }
  });

  it('gives every code a status that has a generic code, and each generic code its own status', () => {
    for (const code of ERROR_CODE_LIST) {
      const status = ERROR_CODES[code].status;
      expect(genericCode(status), code).toBe((GENERIC_CODES as Record<number, ErrorCode>)[status]);
    }
    for (const [status, code] of Object.entries(GENERIC_CODES)) {
      expect(ERROR_CODES[code].status).toBe(Number(status));
    }
  });

  it('has every status of a code answered by a helper (402: a declined payment, its own error class)', () => {
    const helperStatuses = new Set(HELPERS.map(([, make]) => make().statusCode));
    for (const code of ERROR_CODE_LIST) {
      const { status } = ERROR_CODES[code];
      if (status === 402 || status === 500) continue;
      expect(helperStatuses.has(status), `${code} (${status})`).toBe(true);
    }
  });
});

describe('the helpers', () => {
  it('default to the generic code of their status', () => {
    for (const [name, make] of HELPERS) {
      const err = make();
      expect(err, name).toBeInstanceOf(AppError);
      expect(err.code, name).toBe(genericCode(err.statusCode));
    }
  });

  it('take a specific code of their status', () => {
    expect(conflict('Taken', 'BOOKING_OVERLAP')).toMatchObject({ statusCode: 409, code: 'BOOKING_OVERLAP' });
    expect(unauthorized(undefined, 'SESSION_EXPIRED')).toMatchObject({
      statusCode: 401,
      code: 'SESSION_EXPIRED',
      message: 'Please log in to continue.',
    });
    const limited = tooManyRequests('Slow down', 30, 'LOGIN_THROTTLED');
    expect(limited).toMatchObject({
      statusCode: 429,
      code: 'LOGIN_THROTTLED',
      headers: { 'retry-after': '30' },
    });
  });

  it('call a 400 with field details VALIDATION_FAILED, one without BAD_REQUEST, unless told', () => {
    const fields = [{ path: 'email', message: 'Required' }];
    expect(badRequest('Nope')).toMatchObject({ code: 'BAD_REQUEST', errors: undefined });
    expect(badRequest('Nope', fields)).toMatchObject({ code: 'VALIDATION_FAILED', errors: fields });
    expect(badRequest('Nope', 'CARD_TOKEN_INVALID', fields)).toMatchObject({
      code: 'CARD_TOKEN_INVALID',
      errors: fields,
    });
    expect(badRequest('Nope', 'CARD_DATA_REFUSED')).toMatchObject({
      code: 'CARD_DATA_REFUSED',
      errors: undefined,
    });
  });
});

describe('retryTransient', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
  it('runs a transaction again while the database aborts it as a deadlock or serialization failure', async () => {
    let calls = 0;
    const result = await retryTransient(async () => {
      calls += 1;
      if (calls < 3) throw calls === 1 ? deadlock() : { cause: { code: '40001' } };
      return 'saved';
    });
    expect([result, calls]).toEqual(['saved', 3]);
  });

  it('gives up after the attempts allowed, and never retries any other error', async () => {
    let calls = 0;
    await expect(
      retryTransient(async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryTransient(async () => {
        calls += 1;
        throw Object.assign(new Error('exclusion'), { code: '23P01' });
      }),
    ).rejects.toMatchObject({ code: '23P01' });
    expect(calls).toBe(1);
  });
});
