import type { ErrorCode } from '../../shared/error-codes';
import { isApiError } from './api-error';

/** What a person can do about an error: a link to follow, or (without href) a hint to act on. */
export interface ErrorAction {
  label: string;
  href?: string;
}

/** An API error as a person sees it: the message, and what they can do next when there is something. */
export interface ShownError {
  message: string;
  action?: ErrorAction;
}

interface CodeCopy {
  /** Replaces the server's message: only where that message is not written for people. */
  message?: string;
  action?: ErrorAction;
}

const SIGN_IN_AGAIN: ErrorAction = { label: 'Sign in again', href: '/login' };
const WAIT: ErrorAction = { label: 'Wait a moment, then try again.' };
const ANOTHER_CARD: ErrorAction = { label: 'Try another card or payment method.' };
const CARD_AGAIN: ErrorAction = { label: 'Enter your card details again.' };

/**
 * The one place that decides what the web app shows for an error code. The server's messages are the
 * product's texts (the tests and screens quote them), so they stay; a code adds what the person can do,
 * and replaces the message only where the server's is meant for developers.
 */
export const ERROR_COPY: Partial<Record<ErrorCode, CodeCopy>> = {
  UNAUTHENTICATED: { action: SIGN_IN_AGAIN },
  SESSION_EXPIRED: { message: 'Your session has ended. Please sign in again.', action: SIGN_IN_AGAIN },
  CSRF_REFUSED: { message: 'Your request was refused for your security. Reload the page and try again.' },
  RATE_LIMITED: { action: WAIT },
  LOGIN_THROTTLED: { action: WAIT },
  ACCOUNT_SUSPENDED: { action: { label: 'Contact support', href: '/support' } },
  EMAIL_TAKEN: { action: { label: 'Sign in instead', href: '/login' } },
  TOKEN_INVALID_OR_EXPIRED: { action: { label: 'Ask for a new link or code.' } },
  CODE_ATTEMPTS_EXCEEDED: { action: { label: 'Request a new code.' } },
  BOOKING_OVERLAP: { action: { label: 'Pick another time.' } },
  CAREGIVER_UNAVAILABLE: { action: { label: 'Find another caregiver', href: '/search' } },
  BACKUP_NOT_OFFERED: { action: { label: 'Refresh the offers and choose again.' } },
  CARD_DECLINED: { action: ANOTHER_CARD },
  CARD_INSUFFICIENT_FUNDS: { action: ANOTHER_CARD },
  CARD_TOKEN_INVALID: { action: CARD_AGAIN },
  CARD_TOKEN_USED: { action: CARD_AGAIN },
  CIRCLE_NEEDS_COORDINATOR_AND_PAYER: {
    action: { label: 'Give the role to another member first, or invite someone for it.' },
  },
};

/**
 * What to show for an error: the code's own text where it has one, else the server's message (never for a
 * 5xx, nor for a failure that is no API answer: those get the screen's `fallback`), plus the code's action.
 */
export function describeError(error: unknown, fallback: string): ShownError {
  if (!isApiError(error)) return { message: fallback };
  const copy = error.code ? ERROR_COPY[error.code] : undefined;
  const fromServer = error.status < 500 && error.message.trim() ? error.message : fallback;
  const message = copy?.message ?? fromServer;
  return copy?.action ? { message, action: copy.action } : { message };
}

/** The message to show a person for an error (describeError without the action). */
export function errorMessage(error: unknown, fallback: string): string {
  return describeError(error, fallback).message;
}

/** A destructive toast's description and action for an error (spread into `toast({ title, ... })`). */
export function errorToast(error: unknown, fallback: string): { description: string; action?: ErrorAction } {
  const { message, action } = describeError(error, fallback);
  return action ? { description: message, action } : { description: message };
}
