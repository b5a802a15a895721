import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../shared/error-codes';
import { ApiError } from './api-error';
import { describeError, ERROR_COPY, errorMessage, errorToast } from './error-messages';

const withCode = (status: number, message: string, code: ApiError['code']) =>
  new ApiError(status, message, undefined, { code, requestId: 'req-1' });

describe('describeError', () => {
  it("keeps the server's message (the product's text) and adds what the person can do", () => {
    expect(describeError(withCode(409, 'That time is taken.', 'BOOKING_OVERLAP'), 'fallback')).toEqual({
      message: 'That time is taken.',
      action: { label: 'Pick another time.' },
    });
    expect(describeError(withCode(402, 'Your card was declined.', 'CARD_DECLINED'), 'fallback')).toEqual({
      message: 'Your card was declined.',
      action: { label: 'Try another card or payment method.' },
    });
    expect(describeError(withCode(429, 'Please wait 30 seconds.', 'RATE_LIMITED'), 'fallback')).toEqual({
      message: 'Please wait 30 seconds.',
      action: { label: 'Wait a moment, then try again.' },
    });
    expect(describeError(withCode(401, 'Please log in to continue.', 'UNAUTHENTICATED'), 'fallback')).toEqual(
      {
        message: 'Please log in to continue.',
        action: { label: 'Sign in again', href: '/login' },
      },
    );
  });

  it('replaces only messages written for developers', () => {
    expect(describeError(withCode(401, 'Please log in to continue.', 'SESSION_EXPIRED'), 'x')).toEqual({
      message: 'Your session has ended. Please sign in again.',
      action: { label: 'Sign in again', href: '/login' },
    });
    expect(errorMessage(withCode(403, 'Missing X-Requested-With header…', 'CSRF_REFUSED'), 'x')).toBe(
      'Your request was refused for your security. Reload the page and try again.',
    );
  });

  it("falls back to the server's message for a code without copy, or none, and to the screen's for 5xx", () => {
    expect(describeError(withCode(409, 'This report is already closed.', 'CONFLICT'), 'x')).toEqual({
      message: 'This report is already closed.',
    });
    expect(describeError(new ApiError(409, 'Taken'), 'x')).toEqual({ message: 'Taken' });
    expect(describeError(withCode(500, 'stack trace', 'INTERNAL'), 'Please try again.')).toEqual({
      message: 'Please try again.',
    });
    expect(describeError(new TypeError('Failed to fetch'), 'Check your connection.')).toEqual({
      message: 'Check your connection.',
    });
  });

  it('has copy only for codes in the table, and every link inside the app', () => {
    for (const [code, copy] of Object.entries(ERROR_COPY)) {
      expect(ERROR_CODE_LIST, code).toContain(code);
      if (copy?.action?.href) expect(copy.action.href, code).toMatch(/^\/[a-z]/);
    }
  });
});

describe('errorToast', () => {
  it('gives a toast its description and, where there is one, its action', () => {
    expect(errorToast(withCode(409, 'Taken', 'EMAIL_TAKEN'), 'x')).toEqual({
      description: 'Taken',
      action: { label: 'Sign in instead', href: '/login' },
    });
    expect(errorToast(new ApiError(400, 'Bad'), 'x')).toEqual({ description: 'Bad' });
  });
});
