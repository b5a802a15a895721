import {
  APPROVAL_REASONS,
  APPROVAL_STATES,
  BOOKING_LIST_MAX,
  BOOKING_STATUS_VALUES,
  COUNTER_NOTE_MAX,
  MAX_NOTES,
} from '../booking-rules';
import { CircleRecipient } from './circles';
import { CalendarDate, Id, NumberLike } from './common';
import { BookingEmergency } from './emergencies';
import { z } from './zod';

export * from '../booking-rules';

/** Notes to the caregiver: trimmed, at most MAX_NOTES characters, empty → null. */
export const Notes = z
  .string()
  .max(5000)
  .nullish()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(MAX_NOTES, `Notes can be at most ${MAX_NOTES} characters.`))
  .transform((v) => (v ? v : null));

/**
 * POST /api/bookings: both payload shapes of docs/product.md#records — the profile panel (startTime '9:00 AM' +
 * duration) and the confirmation screen (24-hour startTime/endTime + totalHours). familyId, totalCost,
 * totalAmount, hourlyRate and status are accepted but ignored: the server decides them.
 */
export const CreateBookingRequest = z.object({
  caregiverId: Id('caregiverId'),
  /** Optional: book for a care circle's recipient (a coordinator of that circle only). */
  circleId: Id('circleId').optional(),
  date: CalendarDate(),
  startTime: z.string().max(20),
  endTime: z.string().max(20).optional(),
  duration: NumberLike('duration').optional(),
  totalHours: NumberLike('totalHours').optional(),
  notes: Notes,
  /** A first paid visit with this caregiver marked a trial: at most 3 hours (ADR 0048). Optional. */
  isTrial: z.boolean().optional(),
  familyId: z.unknown().optional(),
  totalCost: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  hourlyRate: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type CreateBookingRequest = z.input<typeof CreateBookingRequest>;

/**
 * POST /api/bookings/{id}/reschedule: the family side moves one booking (a series' visit or a single one)
 * to another date and start, same length (ADR 0031). It goes back to the caregiver as a pending request.
 */
export const RescheduleBookingRequest = z.strictObject({
  date: CalendarDate(),
  startTime: z.string().max(20).describe('"9:00 AM" or "09:00", on the hour from 6:00 AM to 9:00 PM'),
});
export type RescheduleBookingRequest = z.input<typeof RescheduleBookingRequest>;

/**
 * POST /api/bookings/{id}/counter-proposal: the caregiver proposes another date and time for a pending
 * booking (ADR 0048). Times as on the confirmation screen: start on the hour 6:00 AM–9:00 PM, end on the hour.
 */
export const CounterProposalRequest = z.strictObject({
  date: CalendarDate(),
  startTime: z.string().max(20).describe('"10:00" or "10:00 AM", on the hour from 6:00 AM to 9:00 PM'),
  endTime: z.string().max(20).describe('"13:00" or "1:00 PM", on the hour, at least an hour after the start'),
  note: z
    .string()
    .trim()
    .max(COUNTER_NOTE_MAX, `The note can be at most ${COUNTER_NOTE_MAX} characters.`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CounterProposalRequest = z.input<typeof CounterProposalRequest>;

export const COUNTER_PROPOSAL_STATUS_VALUES = ['open', 'accepted', 'declined', 'replaced', 'closed'] as const;

export const CounterProposalCreated = z.object({
  id: z.number().int(),
  status: z.enum(COUNTER_PROPOSAL_STATUS_VALUES),
});

/** A caregiver's other time for a pending booking, as the booking's parties see it. */
export const BookingCounterProposal = z.object({
  id: z.number().int(),
  /** yyyy-MM-dd; 'HH:mm' in Jamaica. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  note: z.string().nullable(),
  status: z.enum(COUNTER_PROPOSAL_STATUS_VALUES),
  /** What the booking would cost at that time (service fee included), JMD numeric string. */
  totalCost: z.string().optional(),
});
export type BookingCounterProposal = z.infer<typeof BookingCounterProposal>;

/** POST /api/bookings/{id}/end-after-trial: a reason is optional. */
export const EndAfterTrialRequest = z.object({ reason: z.string().trim().max(500).optional() }).nullish();

export const EndAfterTrialResult = z.object({
  bookingId: z.number().int(),
  /** The future bookings between the two that were cancelled, free for both sides. */
  cancelledBookingIds: z.array(z.number().int()),
});
export type EndAfterTrialResult = z.infer<typeof EndAfterTrialResult>;

const Money = z.string().describe('JMD as a numeric string, e.g. "3150.00"');

export const BookingPerson = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
});

export const BookingPaymentSummary = z.object({
  id: z.number().int(),
  method: z.string(),
  status: z.string(),
  amount: Money,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * What was finally charged ('0.00' until completion). With a check-in and check-out it is the actual
   * time's price, which may be less than the hold (ADR 0032).
   */
  capturedAmount: Money.optional(),
});

/** Why a booking's money went back (ADR 0054). */
export const BOOKING_REFUND_CAUSES = [
  'cancelled_by_family',
  'cancelled_by_caregiver',
  'emergency_waiver',
  'declined',
  'expired',
  'released',
  'completion',
] as const;
export type BookingRefundCause = (typeof BOOKING_REFUND_CAUSES)[number];

/** The words a booking card shows for each cause ("… — emergency waiver"). */
export const BOOKING_REFUND_CAUSE_TEXT: Record<BookingRefundCause, string> = {
  cancelled_by_family: 'cancelled by the family',
  cancelled_by_caregiver: 'cancelled by the caregiver',
  emergency_waiver: 'emergency waiver',
  declined: 'request declined',
  expired: 'request expired',
  released: 'booking released',
  completion: 'unused time',
};

/**
 * What went back to the payer of a booking (ADR 0054), for the family (and a circle's payers) and the
 * caregiver. Optional: absent while nothing was refunded.
 */
export const BookingRefund = z.object({
  /** JMD given back in total. */
  amount: Money,
  /** refund: money that had reached us went back; release: the card hold was let go (never left the card). */
  kind: z.enum(['refund', 'release']),
  cause: z.enum(BOOKING_REFUND_CAUSES),
  /** When (ISO): the latest refund of the booking. */
  at: z.string(),
  /** The card it went back to: for the payer's side only (null for the caregiver and for transfers). */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** What the caregiver keeps of the payment (a late-cancellation fee), '0.00' when nothing. */
  keptByCaregiver: Money,
});
export type BookingRefund = z.infer<typeof BookingRefund>;

/** The care circle a booking is for, as the viewer may see it (ADR 0025). */
export const BookingReviewState = z.object({
  reviewed: z.boolean(),
  /** The end of the review window (ISO). */
  deadline: z.string(),
  canReview: z.boolean(),
});

export const BookingCircle = z.object({
  id: z.number().int(),
  /** The circle's name, for its members; null for the caregiver. */
  name: z.string().nullable(),
  /** For the caregiver: surname, address and emergency contact only once the booking is confirmed. */
  recipient: CircleRecipient,
  /** The approval, for the circle's members; null when none was needed, and always for the caregiver. */
  approval: z
    .object({
      state: z.enum(APPROVAL_STATES),
      reason: z.enum(APPROVAL_REASONS),
      /** The payer who decided: first name only. */
      byFirstName: z.string().nullable(),
      at: z.string().nullable(),
    })
    .nullable(),
  /** What the viewer may do as a member: approve (payers, while it awaits approval), pay, cancel. */
  canApprove: z.boolean(),
  canPay: z.boolean(),
  canCancel: z.boolean(),
});

export const BookingView = z.object({
  id: z.number().int(),
  familyId: z.number().int(),
  caregiverId: z.number().int(),
  status: z.enum(BOOKING_STATUS_VALUES),
  /** yyyy-MM-dd in Jamaica; times 'HH:mm' (24-hour) in Jamaica. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  totalHours: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  hourlyRate: Money,
  rate: Money,
  subtotal: Money,
  platformFee: Money,
  totalCost: Money,
  totalAmount: Money,
  notes: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  caregiver: BookingPerson.extend({ caregiverId: z.number().int() }),
  /** phone only for the caregiver of a confirmed booking (and the family themselves). */
  family: BookingPerson.extend({ phone: z.string().nullable() }),
  payment: BookingPaymentSummary.nullable(),
  /** Set when the booking is for a care circle's recipient. */
  circle: BookingCircle.nullable().optional(),
  /** The recurring booking this visit belongs to (GET /api/booking-series/{id}); null for a single booking. */
  seriesId: z.number().int().nullable().optional(),
  /** The booking this one replaces: its caregiver dropped out and the family chose this backup (ADR 0034). */
  rebookedFrom: z.number().int().nullable().optional(),
  /** A parish emergency covering the booking's place and time (ADR 0030): cancelling it is free. */
  emergency: BookingEmergency.optional(),
  /**
   * For the family who booked a completed booking: whether they reviewed it, until when they may, and
   * whether 'Leave a review' stands now (not reviewed and the window still open); absent otherwise.
   */
  review: BookingReviewState.optional(),
  /** The caregiver's open proposal of another time for this pending booking (ADR 0048). Optional. */
  counterProposal: BookingCounterProposal.optional(),
  /** Marked a trial visit when booked (ADR 0048). Optional. */
  isTrial: z.boolean().optional(),
  /** A completed trial: whether the viewer may still end the relationship, and until when (ISO). */
  trialEnd: z.object({ canEnd: z.boolean(), deadline: z.string() }).optional(),
  /** A confirmed or completed visit that has begun: its check-in and check-out (the live state). */
  visit: z
    .object({
      checkedInAt: z.string().nullable(),
      checkedOutAt: z.string().nullable(),
      /** Incidents the visit log records (the log itself says what happened). */
      incidents: z.number().int(),
    })
    .optional(),
  /** The tip given after this completed visit (ADR 0051), for its family, circle payers and caregiver. Optional. */
  tip: z.object({ amount: z.string(), at: z.string() }).nullable().optional(),
  /** Whether the viewer may add a tip now (completed, none yet, within 14 days, a payer). Optional. */
  canTip: z.boolean().optional(),
  /** What went back to the payer (ADR 0054), for whoever sees the payment. Optional. */
  refund: BookingRefund.optional(),
});
export type BookingView = z.infer<typeof BookingView>;

export const BookingList = z.array(BookingView);

export const BookingListQuery = z.object({
  status: z
    .string()
    .max(200)
    .optional()
    .transform((s) => (s ? s.split(',').map((x) => x.trim()) : undefined))
    .pipe(z.array(z.enum(BOOKING_STATUS_VALUES)).optional()),
  limit: z.coerce.number().int().min(1).max(BOOKING_LIST_MAX).default(100),
});

export const BookingIdParam = z.object({ id: Id('id') });
export const FamilyUserIdParam = z.object({ userId: Id('userId') });

/** Why a caregiver declines a request (issue 32): the family reads it in the notice, in these words. */
export const DECLINE_REASONS = {
  unavailable: 'not available at that time',
  too_far: 'too far to travel',
  not_my_kind: 'not the kind of care they give',
  other: 'another reason',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

/** POST /api/bookings/{id}/decline: the spec's call has no body; a reason is optional. */
export const DeclineBookingRequest = z
  .object({
    reason: z
      .enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]], {
        error: `reason must be one of ${Object.keys(DECLINE_REASONS).join(', ')}`,
      })
      .optional(),
  })
  .nullish();

export const CancelBookingRequest = z.object({ reason: z.string().trim().max(500).optional() }).nullish();
