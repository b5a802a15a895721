import { PARISHES } from '../catalog';
import {
  EMERGENCY_KINDS,
  EMERGENCY_MAX_DAYS,
  EMERGENCY_MESSAGE_MAX,
  EMERGENCY_MESSAGES,
} from '../emergency-rules';
import { Id, knownParish } from './common';
import { z } from './zod';

export {
  bookingEmergencyWarning,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_KINDS,
  EMERGENCY_MAX_DAYS,
  EMERGENCY_MESSAGE_MAX,
  EMERGENCY_MESSAGES,
  type EmergencyKind,
  emergenciesCovering,
  emergencyTitle,
  formatJamaicaInstant,
} from '../emergency-rules';

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

/** A `datetime-local` value read as Jamaica time (UTC−5 all year) → an ISO instant with its offset. */
export const jamaicaLocalToIso = (local: string) => `${local.length === 16 ? `${local}:00` : local}-05:00`;

/** An instant → the `datetime-local` value it is in Jamaica ('2026-11-24T16:00'). */
export const toJamaicaLocal = (at: Date | string) =>
  new Date(new Date(at).getTime() - 5 * 3_600_000).toISOString().slice(0, 16);
