import { Id } from './common';
import { z } from './zod';

/**
 * The visit log of a booking (issue 19, ADR 0028): check-in, check-out and what the caregiver records during
 * the visit. Every write carries a client-made id (clientId): a replay of the same id for the same booking
 * answers the first entry again and never writes a second one, so an offline queue may resend safely.
 */
export const VISIT_ENTRY_KINDS = [
  'check_in',
  'check_out',
  'note',
  'meal',
  'medication',
  'vitals',
  'activity',
  'incident',
  'photo',
] as const;
export type VisitEntryKind = (typeof VISIT_ENTRY_KINDS)[number];

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high'] as const;

/** The rules' numbers, one place for the server, its tests and the ADR. */
export const VISIT_RULES = {
  /** A check-in is taken from this long before the start until the booking's end. */
  checkInEarlyMs: 30 * 60_000,
  /** Log entries are taken until this long after the check-out. */
  logGraceMs: 60 * 60_000,
  /** No check-in this long after the start: the family and the caregiver hear "no-show?". */
  noShowAfterMs: 15 * 60_000,
  /** The no-show job looks back this far (older visits are not reported late). */
  noShowLookBackMs: 2 * 60 * 60_000,
  /** A client's recordedAt may be at most this far ahead of the server's clock… */
  recordedAheadMs: 5 * 60_000,
  /** …and at most this far behind it (an offline queue synced the next day). */
  recordedBehindMs: 24 * 60 * 60_000,
  /**
   * The offline allowance (ADR 0040): the server's contacts with the phone about a visit (reads of its log,
   * entries received) less than this apart are one stretch of contact; a gap longer than this is when the
   * phone may have been offline, and only an entry recorded in that gap keeps its own time.
   */
  contactGapMs: 2 * 60_000,
  /**
   * A phone's time up to this far before the earliest the rules allow (check-in opening, the check-in) is a
   * clock a little off and is counted from that earliest time; further back it is refused (400).
   */
  backdateToleranceMs: 5 * 60_000,
  /** The log tells its readers when an entry reached the server more than this long after it was recorded. */
  sentLateNoteMs: 5 * 60_000,
} as const;

export const VISIT_MESSAGES = {
  notCaregiver: 'Only the caregiver of this booking can record its visit.',
  notConfirmed: 'Only a confirmed booking can be checked in.',
  tooEarly: 'Check-in opens 30 minutes before the visit starts.',
  ended: 'This visit has ended: it can no longer be checked in.',
  alreadyCheckedIn: 'This visit is already checked in.',
  alreadyCheckedOut: 'This visit is already checked out.',
  notCheckedIn: 'Check in first.',
  logClosed: 'The visit log closes one hour after check-out.',
  locationNeedsConsent:
    'A location is only taken with consent: send consent: true, or leave the location out.',
  recordedAt: 'recordedAt must be within the last 24 hours and not in the future.',
  recordedBeforeWindow:
    'recordedAt is before check-in opened (30 minutes before the visit starts): a check-in cannot be dated then.',
  recordedBeforeCheckIn:
    'recordedAt is before the check-in: an entry cannot be dated before the visit began.',
  clientIdReused: 'This clientId was already used for another kind of entry on this booking.',
  photoNotImage: 'A visit photo must be a JPEG, PNG or WebP image.',
  photoUnreadable: 'The image could not be read. Try another photo.',
  photoTooLarge: 'The photo is too large. The limit is 8 MB.',
  photoNotFound: 'This photo does not exist or is not yours to see.',
} as const;

/** Visit photos (the image pipeline): at most 8 MB in, at most 1600 px on the long side out, no metadata. */
export const VISIT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const VISIT_PHOTO_MAX_PX = 1600;
export const VISIT_PHOTO_CAPTION_MAX = 200;

/** A client-made id: a UUID or any id the app makes, unique per booking. */
const ClientId = z
  .string({ error: 'clientId is required' })
  .trim()
  .min(8, 'clientId must be 8 to 64 characters')
  .max(64, 'clientId must be 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'clientId may hold letters, digits, - and _ only');

/** When it happened on the phone (ISO 8601 with an offset); the server's time when left out. */
const RecordedAt = z.iso
  .datetime({ offset: true, error: 'recordedAt must be an ISO date-time like 2026-03-04T09:00:00-05:00' })
  .optional();

const Text = (max: number, name: string) =>
  z.string().trim().min(1, `${name} is required`).max(max, `${name} is at most ${max} characters`);

/** A position the caregiver allowed us to take (only the accuracy is kept: ADR 0028). */
const Location = {
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  accuracy: z.number().min(0).max(100_000).optional(),
  consent: z.boolean().optional(),
};

const withLocationRule = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((v, ctx) => {
    const o = v as { lat?: number; lng?: number; accuracy?: number; consent?: boolean };
    const any = o.lat !== undefined || o.lng !== undefined || o.accuracy !== undefined;
    if (any && o.consent !== true)
      ctx.addIssue({ code: 'custom', path: ['consent'], message: VISIT_MESSAGES.locationNeedsConsent });
    if ((o.lat === undefined) !== (o.lng === undefined))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'Send lat and lng together.' });
  });

/** POST /api/bookings/{id}/check-in */
export const CheckInRequest = withLocationRule(
  z.strictObject({ clientId: ClientId, recordedAt: RecordedAt, ...Location }),
);
export type CheckInRequest = z.infer<typeof CheckInRequest>;

/** POST /api/bookings/{id}/check-out (the same optional location rule as a check-in). */
export const CheckOutRequest = CheckInRequest;
export type CheckOutRequest = CheckInRequest;

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time is HH:mm (24-hour, Jamaica time)');

/** POST /api/bookings/{id}/log: one entry of the visit log (kinds other than check-in and check-out). */
export const VisitLogRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('note'),
      clientId: ClientId,
      recordedAt: RecordedAt,
      text: Text(2000, 'text'),
    }),
    z.strictObject({
      kind: z.literal('meal'),
      clientId: ClientId,
      recordedAt: RecordedAt,
      text: Text(2000, 'text'),
    }),
    z.strictObject({
      kind: z.literal('activity'),
      clientId: ClientId,
      recordedAt: RecordedAt,
      text: Text(2000, 'text'),
    }),
    z.strictObject({
      kind: z.literal('medication'),
      clientId: ClientId,
      recordedAt: RecordedAt,
      name: Text(120, 'name'),
      dose: Text(60, 'dose'),
      time: HHMM,
      text: Text(1000, 'text').optional(),
    }),
    z
      .strictObject({
        kind: z.literal('vitals'),
        clientId: ClientId,
        recordedAt: RecordedAt,
        /** Systolic/diastolic in mmHg, e.g. "120/80". */
        bloodPressure: z
          .string()
          .regex(/^\d{2,3}\/\d{2,3}$/, 'bloodPressure is systolic/diastolic, e.g. 120/80')
          .optional(),
        /** Blood glucose in mmol/L. */
        glucose: z.number().min(0.5).max(60).optional(),
        /** Body temperature in °C. */
        temperature: z.number().min(30).max(45).optional(),
        text: Text(1000, 'text').optional(),
      })
      .refine(
        (v) => v.bloodPressure !== undefined || v.glucose !== undefined || v.temperature !== undefined,
        { message: 'Record at least one of bloodPressure, glucose or temperature.', path: ['bloodPressure'] },
      ),
    z.strictObject({
      kind: z.literal('incident'),
      clientId: ClientId,
      recordedAt: RecordedAt,
      severity: z.enum(INCIDENT_SEVERITIES, { error: 'severity is low, medium or high' }),
      text: Text(2000, 'text'),
    }),
  ],
  { error: 'kind is note, meal, medication, vitals, activity or incident' },
);
export type VisitLogRequest = z.infer<typeof VisitLogRequest>;

/**
 * POST /api/bookings/{id}/log/photo: the text fields of the multipart form beside its `file` (the image). A
 * photo is never queued offline: the form is sent online only.
 */
export const VisitPhotoFields = z.strictObject({
  clientId: ClientId,
  recordedAt: RecordedAt,
  caption: z
    .string()
    .trim()
    .max(VISIT_PHOTO_CAPTION_MAX, `caption is at most ${VISIT_PHOTO_CAPTION_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type VisitPhotoFields = z.infer<typeof VisitPhotoFields>;

/** GET /api/bookings/{id}/log/{entryId}/photo */
export const VisitPhotoParams = z.object({ id: Id('id'), entryId: Id('entryId') });

/** Where a photo entry's image is read (access-checked, never cached). */
export const visitPhotoUrl = (bookingId: number, entryId: number) =>
  `/api/bookings/${bookingId}/log/${entryId}/photo`;

/** The kind-specific part of an entry, as stored and shown. */
export const VisitEntryDetails = z.object({
  text: z.string().optional(),
  name: z.string().optional(),
  dose: z.string().optional(),
  time: z.string().optional(),
  bloodPressure: z.string().optional(),
  glucose: z.number().optional(),
  temperature: z.number().optional(),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  /** A photo's caption and the stored image's size in pixels (its bytes: GET …/log/{entryId}/photo). */
  caption: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type VisitEntryDetails = z.infer<typeof VisitEntryDetails>;

export const VisitEntry = z.object({
  id: z.number(),
  bookingId: z.number(),
  clientId: z.string(),
  kind: z.enum(VISIT_ENTRY_KINDS),
  details: VisitEntryDetails,
  authorUserId: z.number().nullable(),
  /** When it happened, by the phone's clock, as the phone sent it (the server's time when left out). */
  recordedAt: z.string(),
  /** When the server received it. */
  receivedAt: z.string(),
  /**
   * The time the rules use (billing, lateness, reliability, the log's order): receivedAt, or recordedAt when it
   * lies within the offline allowance (ADR 0040). Readers compare it with recordedAt and receivedAt.
   */
  effectiveAt: z.string().optional(),
  /** Check-in/out with consent: the position's accuracy in metres (no position is kept). */
  locationAccuracyM: z.number().nullable(),
});
export type VisitEntry = z.infer<typeof VisitEntry>;

/** GET /api/bookings/{id}/log: the whole log, first first. */
export const VisitLog = z.object({
  bookingId: z.number(),
  /** The check-in's and check-out's effective times (what billing and "on time" use: ADR 0040). */
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /**
   * The minutes charged for the visit once checked out: check-in to check-out rounded to the nearest 15
   * minutes, never above the booked hours (ADR 0032); null before check-out.
   */
  billedMinutes: z.number().int().nullable().optional(),
  entries: z.array(VisitEntry),
});
export type VisitLog = z.infer<typeof VisitLog>;
