import { PARISHES } from '../catalog';
import { Id, knownParish } from './common';
import { z } from './zod';

/** The kinds of parish emergency an admin declares (docs/decisions/0030-parish-emergency-mode.md). */
export const EMERGENCY_KINDS = ['hurricane', 'curfew', 'flooding', 'other'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];

export const EMERGENCY_KIND_LABELS: Record<EmergencyKind, string> = {
  hurricane: 'Hurricane warning',
  curfew: 'Curfew',
  flooding: 'Flooding',
  other: 'Emergency',
};

/** The longest window one declaration (or extension) may cover; longer ones are declared again. */
export const EMERGENCY_MAX_DAYS = 14;
export const EMERGENCY_MESSAGE_MAX = 500;

export const EMERGENCY_MESSAGES = {
  endBeforeStart: 'The end must be after the start.',
  tooLong: `An emergency window can be at most ${EMERGENCY_MAX_DAYS} days; declare it again to go on.`,
  endPassed: 'The end must be in the future.',
  ended: 'This emergency has already ended.',
  notFound: 'No such emergency.',
  notPrepared: 'This emergency is already declared.',
  /** What an affected booking means for both sides (notices, banner, booking panel). */
  cancelFree: 'You can cancel affected bookings with no fee and a full refund.',
} as const;

const Instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be a date and time like 2026-09-01T08:00:00-05:00` })
    .transform((s) => new Date(s));

const Parishes = z
  .array(z.string().max(40).transform(knownParish), { error: 'Choose at least one parish' })
  .min(1, 'Choose at least one parish')
  .max(PARISHES.length)
  .transform((list) => [...new Set(list)]);

const Message = z
  .string({ error: 'Write the public message' })
  .trim()
  .min(1, 'Write the public message')
  .max(EMERGENCY_MESSAGE_MAX, `The message can be at most ${EMERGENCY_MESSAGE_MAX} characters`);

const DAY = 86_400_000;

/** Checks a window: end after start, at most EMERGENCY_MAX_DAYS long (the server also checks "not over"). */
export function windowIssue(startsAt: Date, endsAt: Date): { path: 'endsAt'; message: string } | undefined {
  if (endsAt.getTime() <= startsAt.getTime())
    return { path: 'endsAt', message: EMERGENCY_MESSAGES.endBeforeStart };
  if (endsAt.getTime() - startsAt.getTime() > EMERGENCY_MAX_DAYS * DAY)
    return { path: 'endsAt', message: EMERGENCY_MESSAGES.tooLong };
  return undefined;
}

/** POST /api/admin/emergencies: parishes, the window (ISO instants; the console writes Jamaica time), the public message. */
export const DeclareEmergencyRequest = z
  .object({
    parishes: Parishes,
    kind: z.enum(EMERGENCY_KINDS, { error: 'Choose hurricane, curfew, flooding or other' }).default('other'),
    startsAt: Instant('startsAt'),
    endsAt: Instant('endsAt'),
    message: Message,
  })
  .superRefine((v, ctx) => {
    // A field already refused (e.g. startsAt 'tomorrow') leaves its raw value here: nothing to compare.
    if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return;
    const issue = windowIssue(v.startsAt, v.endsAt);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type DeclareEmergencyRequest = z.input<typeof DeclareEmergencyRequest>;

/** PATCH /api/admin/emergencies/:id: a new end (extend, or bring forward) and optionally a new message. */
export const ChangeEmergencyRequest = z.object({
  endsAt: Instant('endsAt'),
  message: Message.optional(),
});
export type ChangeEmergencyRequest = z.input<typeof ChangeEmergencyRequest>;

export const EmergencyIdParam = z.object({ id: Id('id') });

/** What everyone may read of an emergency in force (GET /api/emergencies/active, public). */
export const PublicEmergency = z.object({
  id: z.number().int(),
  kind: z.enum(EMERGENCY_KINDS),
  parishes: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  message: z.string(),
});
export type PublicEmergency = z.infer<typeof PublicEmergency>;

export const ActiveEmergencies = z.object({ emergencies: z.array(PublicEmergency) });
export type ActiveEmergencies = z.infer<typeof ActiveEmergencies>;

/** prepared: saved, not declared yet (the demo's); declared: in force or upcoming; over: ended or past. */
export const EMERGENCY_STATES = ['prepared', 'upcoming', 'active', 'over'] as const;

export const AdminEmergencyChange = z.object({
  action: z.string(),
  actor: z.string().nullable(),
  at: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

/** An emergency as the admin console lists it, with its state and audit history. */
export const AdminEmergency = PublicEmergency.extend({
  state: z.enum(EMERGENCY_STATES),
  declaredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(AdminEmergencyChange),
});
export type AdminEmergency = z.infer<typeof AdminEmergency>;

export const AdminEmergencyList = z.object({ emergencies: z.array(AdminEmergency) });
export type AdminEmergencyList = z.infer<typeof AdminEmergencyList>;

/** On a booking (optional field): the emergency covering its place and time; cancelling it is free. */
export const BookingEmergency = z.object({
  id: z.number().int(),
  kind: z.enum(EMERGENCY_KINDS),
  parishes: z.array(z.string()),
  endsAt: z.string(),
  message: z.string(),
  warning: z.string(),
});
export type BookingEmergency = z.infer<typeof BookingEmergency>;

const JAMAICA_INSTANT = new Intl.DateTimeFormat('en-JM', {
  timeZone: 'America/Jamaica',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Tue 24 Nov, 4:00 pm' in Jamaica time (notices, the banner, the console). */
export const formatJamaicaInstant = (at: Date | string) => JAMAICA_INSTANT.format(new Date(at));

/** 'Hurricane warning: St. Thomas, Portland'. */
export const emergencyTitle = (e: { kind: EmergencyKind; parishes: readonly string[] }) =>
  `${EMERGENCY_KIND_LABELS[e.kind]}: ${e.parishes.join(', ')}`;

/** What a booking covered by an emergency tells both sides (the booking panel, the cancel dialog). */
export const bookingEmergencyWarning = (e: {
  kind: EmergencyKind;
  parishes: readonly string[];
  endsAt: Date | string;
}) =>
  `${emergencyTitle(e)} until ${formatJamaicaInstant(e.endsAt)} (Jamaica time). This booking falls in it: either side can cancel with no fee and a full refund.`;

/** A `datetime-local` value read as Jamaica time (UTC−5 all year) → an ISO instant with its offset. */
export const jamaicaLocalToIso = (local: string) => `${local.length === 16 ? `${local}:00` : local}-05:00`;

/** An instant → the `datetime-local` value it is in Jamaica ('2026-11-24T16:00'). */
export const toJamaicaLocal = (at: Date | string) =>
  new Date(new Date(at).getTime() - 5 * 3_600_000).toISOString().slice(0, 16);

/** The emergencies in force that name `parish` and overlap [startsAt, endsAt) (any time when not given). */
export function emergenciesCovering<E extends Pick<PublicEmergency, 'parishes' | 'startsAt' | 'endsAt'>>(
  list: readonly E[],
  parish: string | null | undefined,
  time?: { startsAt: Date; endsAt: Date },
): E[] {
  if (!parish) return [];
  return list.filter(
    (e) =>
      e.parishes.includes(parish) &&
      (!time ||
        (new Date(e.startsAt).getTime() < time.endsAt.getTime() &&
          time.startsAt.getTime() < new Date(e.endsAt).getTime())),
  );
}
