import { addDays } from '../booking-series';
import { EXCEPTION_KINDS, FREE_SLOT_DAYS, TIME_OFF_MAX_DAYS } from '../free-time';
import { CalendarDate } from './common';
import { z } from './zod';

// Dated availability (ADR 0046): a caregiver's time off and extra hours, and anyone's view of their free time.

export const AVAILABILITY_MESSAGES = {
  toBeforeFrom: 'The last day must be on or after the first day.',
  tooLong: `Time off can cover at most ${TIME_OFF_MAX_DAYS} days at a time.`,
  bothTimes: 'Give both a start and an end time, or neither for whole days.',
  endAfterStart: 'The end time must be after the start time.',
  past: 'The date must be today or later (Jamaica time).',
  tooFar: 'The date can be at most a year ahead.',
  fromRange: 'Choose a first day within a year of today.',
  notFound: 'Time off not found',
  extraNotFound: 'Extra hours not found',
} as const;

/** 'HH:MM', 24-hour, Jamaica time. */
export const ClockTime = z
  .string({ error: 'Use a time like 09:30.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:30.');

const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** POST /api/caregivers/me/time-off: a day, a range of days, or part of each day of it (both times). */
export const CreateTimeOffRequest = z
  .object({
    from: CalendarDate(),
    to: CalendarDate(),
    startTime: ClockTime.optional(),
    endTime: ClockTime.optional(),
    note: z.string().trim().max(200, 'Keep the note to 200 characters.').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to < b.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.toBeforeFrom });
    else if (days(b.from, b.to) + 1 > TIME_OFF_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.tooLong });
    if ((b.startTime === undefined) !== (b.endTime === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [b.startTime === undefined ? 'startTime' : 'endTime'],
        message: AVAILABILITY_MESSAGES.bothTimes,
      });
    else if (b.startTime !== undefined && b.endTime !== undefined && b.endTime <= b.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: AVAILABILITY_MESSAGES.endAfterStart });
  });
export type CreateTimeOffRequest = z.input<typeof CreateTimeOffRequest>;

/** POST /api/caregivers/me/extra-hours: hours offered on one date beyond the weekly pattern. */
export const CreateExtraHoursRequest = z
  .object({ date: CalendarDate(), startTime: ClockTime, endTime: ClockTime })
  .superRefine((b, ctx) => {
    if (b.endTime <= b.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: AVAILABILITY_MESSAGES.endAfterStart });
  });
export type CreateExtraHoursRequest = z.input<typeof CreateExtraHoursRequest>;

export const CreatedResponse = z.object({ id: z.number().int() });

/** One time off or extra hours, as its owner sees it. */
export const AvailabilityException = z.object({
  id: z.number().int(),
  kind: z.enum(EXCEPTION_KINDS),
  from: z.string(),
  to: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityException = z.infer<typeof AvailabilityException>;

/** GET /api/caregivers/{id}/free-slots. */
export const FreeSlotsQuery = z.object({
  from: CalendarDate().optional(),
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${FREE_SLOT_DAYS}` })
    .int(`days must be a whole number from 1 to ${FREE_SLOT_DAYS}`)
    .min(1, `days must be a whole number from 1 to ${FREE_SLOT_DAYS}`)
    .max(FREE_SLOT_DAYS, `days must be a whole number from 1 to ${FREE_SLOT_DAYS}`)
    .default(FREE_SLOT_DAYS),
});

export const FreeSlot = z.object({ start: z.string(), end: z.string() });
export type FreeSlot = z.infer<typeof FreeSlot>;
export const FreeSlotsResponse = z.object({
  timeZone: z.literal('America/Jamaica'),
  days: z.array(z.object({ date: z.string(), free: z.array(FreeSlot) })),
});
export type FreeSlotsResponse = z.infer<typeof FreeSlotsResponse>;

/** The last day of a range starting on `from` that is `n` days long. */
export const lastDayOf = (from: string, n: number) => addDays(from, n - 1);
