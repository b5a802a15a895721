import { Id } from './common';
import { z } from './zod';

/**
 * "Connect & Interview" (issue 33, ADR 0047): a family asks a caregiver for a short free meeting before
 * booking. Turn-taking: `requested` waits for the caregiver, `proposed` (the caregiver offered other times)
 * waits for the family; whoever's turn it is accepts one time, proposes others or declines.
 */
export const MEETING_MODES = ['video', 'phone', 'in_person'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
export const MEETING_PLACES = ['public', 'family_home'] as const;
export type MeetingPlace = (typeof MEETING_PLACES)[number];
export const MEETING_STATUSES = [
  'requested',
  'proposed',
  'confirmed',
  'declined',
  'cancelled',
  'completed',
] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_OUTCOMES = ['book', 'not_a_fit'] as const;
export type MeetingOutcome = (typeof MEETING_OUTCOMES)[number];
export const MEETING_SIDES = ['family', 'caregiver'] as const;
export type MeetingSide = (typeof MEETING_SIDES)[number];

const HOUR = 3_600_000;
export const MEETING_RULES = {
  /** A proposed time is at least this far ahead when proposed. */
  minLeadMs: 2 * HOUR,
  /** …and at most this many days ahead. */
  maxAheadDays: 60,
  maxTimes: 3,
  noteMax: 500,
  reasonMax: 500,
  /** Both parties are reminded this long before a confirmed meeting. */
  reminderLeadMs: HOUR,
  /** Meeting requests a family may send a day (besides the messages-a-minute limit they share). */
  requestsPerDay: 20,
} as const;

export const MEETING_MODE_LABELS: Record<MeetingMode, string> = {
  video: 'Video call',
  phone: 'Phone call',
  in_person: 'In person',
};
export const MEETING_PLACE_LABELS: Record<MeetingPlace, string> = {
  public: 'A public place',
  family_home: "The family's home",
};

const MeetingTime = z.iso.datetime({
  offset: true,
  error: 'Each time must be a date and time like 2026-09-01T10:00:00-05:00',
});

/** 1..3 distinct instants (the clock rules — future, 2 h ahead, within 60 days — are the server's). */
export const ProposedTimes = z
  .array(MeetingTime, { error: 'Propose one to three times' })
  .min(1, 'Propose at least one time')
  .max(MEETING_RULES.maxTimes, `Propose at most ${MEETING_RULES.maxTimes} times`)
  .refine((times) => new Set(times.map((t) => new Date(t).getTime())).size === times.length, {
    message: 'Each proposed time must be different',
  });

export const CreateMeetingRequest = z
  .object({
    caregiverId: Id('caregiverId'),
    mode: z.enum(MEETING_MODES, { error: 'Choose video, phone or in person' }),
    minutes: z.union([z.literal(15), z.literal(30)], { error: 'A meeting lasts 15 or 30 minutes' }),
    proposedTimes: ProposedTimes,
    careRequestId: Id('careRequestId').optional(),
    circleId: Id('circleId').optional(),
    place: z.enum(MEETING_PLACES, { error: 'Choose a public place or your home' }).optional(),
    note: z
      .string()
      .trim()
      .max(MEETING_RULES.noteMax, `Please keep the note under ${MEETING_RULES.noteMax} characters`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'in_person' && !v.place)
      ctx.addIssue({ code: 'custom', path: ['place'], message: 'Choose where to meet in person' });
    if (v.mode !== 'in_person' && v.place)
      ctx.addIssue({ code: 'custom', path: ['place'], message: 'A place is only for in-person meetings' });
  });
export type CreateMeetingRequest = z.infer<typeof CreateMeetingRequest>;

export const ProposeMeetingRequest = z.object({ proposedTimes: ProposedTimes });
export type ProposeMeetingRequest = z.infer<typeof ProposeMeetingRequest>;

export const AcceptMeetingRequest = z.object({ time: MeetingTime });
export type AcceptMeetingRequest = z.infer<typeof AcceptMeetingRequest>;

export const DeclineMeetingRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(MEETING_RULES.reasonMax, `Please keep the reason under ${MEETING_RULES.reasonMax} characters`)
    .optional(),
});
export type DeclineMeetingRequest = z.infer<typeof DeclineMeetingRequest>;

export const MeetingOutcomeRequest = z.object({
  outcome: z.enum(MEETING_OUTCOMES, { error: "Choose 'book' or 'not_a_fit'" }),
});
export type MeetingOutcomeRequest = z.infer<typeof MeetingOutcomeRequest>;

export const ReportMeetingRequest = z.object({
  reason: z
    .string({ error: 'Please tell us what happened.' })
    .trim()
    .min(1, 'Please tell us what happened.')
    .max(1000, 'Please keep the report under 1,000 characters.'),
});
export type ReportMeetingRequest = z.infer<typeof ReportMeetingRequest>;

export const CreateMeetingResponse = z.object({ id: z.number().int(), status: z.literal('requested') });

export const AcceptMeetingResponse = z.object({
  status: z.literal('confirmed'),
  time: z.string(),
  videoUrl: z.string().optional(),
});

export const MeetingStatusResponse = z.object({ id: z.number().int(), status: z.enum(MEETING_STATUSES) });

/** A meeting as one of its parties sees it. */
export const MeetingView = z.object({
  id: z.number().int(),
  status: z.enum(MEETING_STATUSES),
  mode: z.enum(MEETING_MODES),
  minutes: z.number().int(),
  place: z.enum(MEETING_PLACES).nullable(),
  note: z.string().nullable(),
  /** The times on the table (requested/proposed), ISO instants, earliest first. */
  proposedTimes: z.array(z.string()),
  /** The agreed start and end (confirmed/completed), else null. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Whose answer it waits for (null once settled). */
  turn: z.enum(MEETING_SIDES).nullable(),
  /** The viewer's side of the meeting. */
  side: z.enum(MEETING_SIDES),
  /** The other party: the caregiver for the family side, the family for the caregiver. */
  other: z.object({ userId: z.number().int(), name: z.string() }),
  /** The caregiver's profile id (the "Book" link). */
  caregiverId: z.number().int(),
  careRequestId: z.number().int().nullable(),
  circleId: z.number().int().nullable(),
  declineReason: z.string().nullable(),
  /** Only for a confirmed video meeting, and only to its parties. */
  videoUrl: z.string().nullable(),
  /** The family's private outcome (never shown to the caregiver: null for them). */
  outcome: z.enum(MEETING_OUTCOMES).nullable(),
  /** What the viewer may do now. */
  can: z.object({
    accept: z.boolean(),
    propose: z.boolean(),
    decline: z.boolean(),
    cancel: z.boolean(),
    outcome: z.boolean(),
  }),
  createdAt: z.string(),
});
export type MeetingView = z.infer<typeof MeetingView>;
