/**
 * Every error code the API answers, with its HTTP status and what it means. The server's errors take their
 * code from here (src/server/errors.ts), the error response and OpenAPI list them (contracts/common.ts),
 * and the web app decides from them what a person sees and can do (src/web/lib/error-messages.ts).
 *
 * A code is a promise to clients: never rename or reuse one. A specific code exists only where a client
 * acts differently from the generic code of its status (sign in again, pick another time, try another card).
 */
/**
 * Every error code the API answers: names only, so that the web app can recognise a code without carrying the
 * table below. The table must give each of them, and nothing else (checked by `satisfies`).
 */
export const ERROR_CODE_LIST = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UPSTREAM_FAILED',
  'SERVICE_UNAVAILABLE',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_SUSPENDED',
  'LOGIN_THROTTLED',
  'EMAIL_TAKEN',
  'TOKEN_INVALID_OR_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'CSRF_REFUSED',
  'BOOKING_OVERLAP',
  'BOOKING_INVALID_TRANSITION',
  'CAREGIVER_UNAVAILABLE',
  'CAREGIVER_TIME_OFF',
  'SERIES_CONFLICTS',
  'CARD_DECLINED',
  'CARD_INSUFFICIENT_FUNDS',
  'CARD_DATA_REFUSED',
  'CARD_TOKEN_INVALID',
  'CARD_TOKEN_USED',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'BOOKING_ALREADY_PAID',
  'TIP_ALREADY_GIVEN',
  'REFUND_EXCEEDS_CHARGE',
  'MESSAGING_NOT_ALLOWED',
  'USER_BLOCKED',
  'REVIEW_NOT_ALLOWED',
  'ALREADY_REVIEWED',
  'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
  'CIRCLE_FAMILIES_ONLY',
  'INVITATION_WRONG_ACCOUNT',
  'INVITATION_EXPIRED',
  'CIRCLE_UNPAID_BOOKINGS',
  'CIRCLE_PAYER_GRANT_FORBIDDEN',
  'CIRCLE_CAP_OWNER_ONLY',
  'APPROVAL_BY_REQUESTER',
  'VISIT_NOT_OPEN',
  'VISIT_ALREADY_RECORDED',
  'BACKUP_NOT_OPEN',
  'BACKUP_NOT_OFFERED',
  'BOOKING_ALREADY_REBOOKED',
  'PLAN_REQUIRED',
  'JOB_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODE_LIST)[number];

export const ERROR_CODES = {
  // Generic: one per status, the default of its helper.
  BAD_REQUEST: { status: 400, meaning: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, meaning: 'One or more fields are not valid; `errors` names them.' },
  UNAUTHENTICATED: { status: 401, meaning: 'Sign in first.' },
  FORBIDDEN: { status: 403, meaning: 'The signed-in user may not do this.' },
  NOT_FOUND: { status: 404, meaning: 'No such record or endpoint (or not one the caller may see).' },
  CONFLICT: { status: 409, meaning: 'The record is not in a state that allows this.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body or file is over its size limit.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body or file is not of a type this endpoint takes.' },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests: wait (Retry-After) and try again.' },
  INTERNAL: { status: 500, meaning: 'Something failed on our side; nothing about it is disclosed.' },
  UPSTREAM_FAILED: {
    status: 502,
    meaning: 'A provider we depend on (e-mail, SMS) did not take the request.',
  },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'The service cannot answer right now (database down).' },

  // Sessions and accounts.
  SESSION_EXPIRED: { status: 401, meaning: 'The session token sent is no live session: sign in again.' },
  INVALID_CREDENTIALS: { status: 401, meaning: 'Wrong email or password.' },
  ACCOUNT_SUSPENDED: { status: 403, meaning: 'The account is suspended; only support can lift it.' },
  LOGIN_THROTTLED: { status: 429, meaning: 'Too many failed logins for this account or address: wait.' },
  EMAIL_TAKEN: { status: 409, meaning: 'An account with this email already exists.' },
  TOKEN_INVALID_OR_EXPIRED: {
    status: 400,
    meaning: 'A reset link, email link or one-time code is wrong, used or expired: ask for a new one.',
  },
  CODE_ATTEMPTS_EXCEEDED: { status: 429, meaning: 'Too many wrong one-time codes: request a new code.' },
  CSRF_REFUSED: {
    status: 403,
    meaning: 'A cross-site write, or a cookie-authenticated write without X-Requested-With.',
  },

  // Bookings.
  BOOKING_OVERLAP: { status: 409, meaning: 'The caregiver already has a booking at that time.' },
  BOOKING_INVALID_TRANSITION: {
    status: 409,
    meaning: 'The booking cannot move to that status now (not pending, expired, started or not ended).',
  },
  CAREGIVER_UNAVAILABLE: { status: 409, meaning: 'The caregiver is not taking bookings right now.' },
  CAREGIVER_TIME_OFF: {
    status: 409,
    meaning: 'The caregiver is away (time off) at that time; the message names the dates.',
  },
  BACKUP_NOT_OPEN: {
    status: 409,
    meaning:
      'The booking cannot be replaced with a backup (its caregiver did not drop out, or it started too long ago).',
  },
  BACKUP_NOT_OFFERED: {
    status: 409,
    meaning: 'The caregiver chosen is not one of the backups offered now: fetch the offers again.',
  },
  BOOKING_ALREADY_REBOOKED: {
    status: 409,
    meaning: 'A backup is already booked for this booking (with another caregiver than the one asked).',
  },
  PLAN_REQUIRED: {
    status: 403,
    meaning:
      'The feature is part of a paid plan the user does not have: the message names it (see /pricing).',
  },
  SERIES_CONFLICTS: {
    status: 409,
    meaning:
      'Some dates of a booking series clash with the caregiver’s bookings; `conflicts` names each. Nothing was written: skip them (skipConflicts) or pick another time.',
  },

  // Payments.
  CARD_DECLINED: { status: 402, meaning: 'The card was declined; the body is the declined payment.' },
  CARD_INSUFFICIENT_FUNDS: { status: 402, meaning: 'The card has insufficient funds.' },
  CARD_DATA_REFUSED: {
    status: 400,
    meaning: 'A card number or security code was sent to our API instead of the hosted card fields.',
  },
  CARD_TOKEN_INVALID: { status: 400, meaning: 'The hosted-fields card token is invalid or expired.' },
  CARD_TOKEN_USED: { status: 409, meaning: 'The card token was already used: enter the card again.' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, meaning: 'POST /api/payments needs an Idempotency-Key header.' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, meaning: 'The Idempotency-Key was used for a different payment.' },
  BOOKING_ALREADY_PAID: { status: 409, meaning: 'The booking already has a payment.' },
  TIP_ALREADY_GIVEN: { status: 409, meaning: 'The booking already has a tip (one per booking, ADR 0051).' },
  REFUND_EXCEEDS_CHARGE: {
    status: 409,
    meaning: 'The refund is more than what is left of the charge (charged minus refunded, ADR 0054).',
  },

  // Messaging and safety.
  MESSAGING_NOT_ALLOWED: { status: 403, meaning: 'The sender may not message this user.' },
  USER_BLOCKED: { status: 403, meaning: 'One of the two users has blocked the other.' },

  // Reviews.
  REVIEW_NOT_ALLOWED: {
    status: 409,
    meaning: 'Not reviewable now (booking not completed, window over, review not published).',
  },
  ALREADY_REVIEWED: { status: 409, meaning: 'This booking or review was already reviewed or answered.' },

  // Care circles.
  CIRCLE_NEEDS_COORDINATOR_AND_PAYER: {
    status: 409,
    meaning: 'The change would leave a care circle without a coordinator or without a payer.',
  },
  CIRCLE_FAMILIES_ONLY: { status: 403, meaning: 'Caregiver and admin accounts cannot join a care circle.' },
  INVITATION_WRONG_ACCOUNT: {
    status: 403,
    meaning: 'The invitation was sent to another e-mail address: sign in with that one.',
  },
  INVITATION_EXPIRED: { status: 404, meaning: 'The invitation expired: ask a coordinator for a new one.' },
  CIRCLE_UNPAID_BOOKINGS: {
    status: 409,
    meaning: 'The last payer of a care circle cannot go while its bookings are not paid.',
  },
  CIRCLE_PAYER_GRANT_FORBIDDEN: {
    status: 403,
    meaning:
      'Only a payer can make someone a payer (or the person accepts a payer invitation): invite them as a payer instead.',
  },
  CIRCLE_CAP_OWNER_ONLY: {
    status: 403,
    meaning: 'A monthly cap is set, raised or cleared only by the payer it belongs to.',
  },
  APPROVAL_BY_REQUESTER: {
    status: 403,
    meaning: 'Whoever requested a booking cannot approve or decline it: another payer of the circle answers.',
  },

  // The visit log (ADR 0028): an offline queue drops the entry and tells the caregiver why.
  VISIT_NOT_OPEN: {
    status: 409,
    meaning:
      'The visit is not open for this: not confirmed, outside the check-in window, not checked in, or the log closed.',
  },
  VISIT_ALREADY_RECORDED: {
    status: 409,
    meaning:
      'The visit is already checked in (or out) under another clientId, or the clientId was used for another kind.',
  },

  // Admin.
  JOB_NOT_FOUND: {
    status: 404,
    meaning: 'No background job has that name (POST /api/admin/jobs/:name/run).',
  },
} as const satisfies Record<ErrorCode, { status: number; meaning: string }>;

/** The codes answered with a given status (the helpers accept only those). */
export type ErrorCodeOf<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

/** The generic code of each status the API answers: an error without a specific code gets this one. */
export const GENERIC_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  402: 'CARD_DECLINED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  502: 'UPSTREAM_FAILED',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<number, ErrorCode>;

/** The code for a status no table entry chose: its generic one, else BAD_REQUEST (4xx) or INTERNAL (5xx). */
export function genericCode(status: number): ErrorCode {
  return (GENERIC_CODES as Record<number, ErrorCode>)[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}
