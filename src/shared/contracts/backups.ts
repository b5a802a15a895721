import { PARISHES } from '../catalog';
import { BookingView } from './bookings';
import { Id } from './common';
import { z } from './zod';

/**
 * Backup offers when a caregiver drops out, and the one-tap rebook (docs/decisions/0034-backup-offers-and-rebook.md).
 * The numbers every screen and the server share.
 */
export const BACKUP_RULES = {
  /** At most this many offers. */
  maxOffers: 3,
  /** A backup's hourly rate is within this percentage of the booking's, either way. */
  ratePercent: 20,
  /** A visit with no check-in this long after its start is a no-show (as the visits.no-show job). */
  noShowAfterMs: 15 * 60_000,
  /** Offers stay open until this long after the booking's start (and never past its end). */
  openAfterStartMs: 2 * 3_600_000,
  /**
   * A caregiver's cancellation keeps the family's hold at least this long; how long exactly depends on the
   * visit's date and the family's night (`backupHoldUntil`, ADR 0045); a job releases it in full after.
   */
  holdKeptMs: 3 * 3_600_000,
  /** The backup answers a rebooked request within this time (or by the booking's end): it is urgent. */
  answerWithinMs: 2 * 3_600_000,
} as const;

/** Why a booking is open for backups: its caregiver cancelled it, or did not check in. */
export const BACKUP_CAUSES = ['caregiver_cancelled', 'no_show'] as const;
export type BackupCause = (typeof BACKUP_CAUSES)[number];

export const BACKUP_MESSAGES = {
  notOpen: 'This booking cannot be replaced with a backup.',
  notOffered: 'That caregiver is not one of the backups offered now. Refresh the offers and choose again.',
  alreadyRebooked: 'A backup is already booked for this booking.',
  none: 'No backup is free at that time — search for another caregiver.',
  closedReasons: {
    not_dropped:
      'Backups are offered only when the caregiver cancels a confirmed booking or does not check in.',
    too_late: 'This booking started too long ago for a backup to be useful.',
    rebooked: 'A backup is booked for this booking.',
    checked_in: 'The caregiver checked in: the visit is going ahead.',
    not_yet: 'Backups open 15 minutes after the start when the caregiver has not checked in.',
  },
} as const;
export type BackupClosedReason = keyof typeof BACKUP_MESSAGES.closedReasons;

export const BackupOffer = z.object({
  caregiverId: z.number().int(),
  /** As the public profile shows it: first name and last initial. */
  firstName: z.string(),
  lastInitial: z.string(),
  profileImageUrl: z.string().nullable(),
  town: z.string().nullable(),
  parish: z.enum(PARISHES).nullable(),
  /** Hourly rate, the spec's numeric string ('1500.00'). */
  hourlyRate: z.string(),
  /** What this booking would cost the family with this caregiver (one fee policy). */
  totalCost: z.string(),
  /** Plain words: 'Same town · within your rate'. */
  reason: z.string(),
  /** How far the caregiver lives from the care: 'Same parish' or 'Next parish: St. Catherine' (null: unknown). */
  travel: z.string().nullable().optional(),
});
export type BackupOffer = z.infer<typeof BackupOffer>;

/**
 * What the family holds for the dropped booking: it moves to the backup. After a caregiver's cancellation it
 * is kept until `until`, then released in full; a no-show's hold has no end of its own (null).
 */
export const KeptHold = z.object({ amount: z.string(), until: z.string().nullable() });

export const BackupOffers = z.object({
  bookingId: z.number().int(),
  open: z.boolean(),
  cause: z.enum(BACKUP_CAUSES).nullable(),
  /** Why no offer can be taken (null while open). */
  closedReason: z.string().nullable(),
  /** The backup already booked, if any. */
  rebookedTo: z.number().int().nullable(),
  hold: KeptHold.nullable(),
  offers: z.array(BackupOffer),
});
export type BackupOffers = z.infer<typeof BackupOffers>;

export const RebookRequest = z.object({ caregiverId: Id('caregiverId') }).strict();
export type RebookRequest = z.infer<typeof RebookRequest>;

/** What happened to the family's hold: moved as is, moved and raised, released (pay again), or none held. */
export const HOLD_OUTCOMES = ['moved', 'raised', 'released', 'none'] as const;
export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

export const RebookAnswer = z.object({
  booking: BookingView,
  hold: z.object({
    outcome: z.enum(HOLD_OUTCOMES),
    /** What is held for the new booking now. */
    amount: z.string(),
    /** What went back to the family's card. */
    released: z.string(),
  }),
  message: z.string(),
});
export type RebookAnswer = z.infer<typeof RebookAnswer>;
