import {
  SERIES_CONFLICT_REASONS,
  SERIES_MAX_VISITS,
  SERIES_MESSAGES,
  SERIES_STATUS_VALUES,
} from '../booking-series';
import {
  BookingView,
  FIRST_START_HOUR,
  LAST_START_HOUR,
  Notes,
  PANEL_DURATIONS,
  parseClock,
} from './bookings';
import { CalendarDate, ErrorResponse, Id, NumberLike } from './common';
import { z } from './zod';

export * from '../booking-series';

const START_MESSAGE = 'Start times are on the hour from 6:00 AM to 9:00 PM.';
const HOURS_MESSAGE = `Choose ${PANEL_DURATIONS.join(', ')} hours a visit.`;

/**
 * POST /api/booking-series: a weekly rule (ISO weekdays, Monday 1 … Sunday 7), the start time and hours of
 * each visit (as a single booking's: on the hour from 6:00 AM to 9:00 PM; 1, 2, 3, 4, 6, 8 or 12 hours), the
 * first date and either an end date or a number of visits. skipConflicts: book the other dates when some
 * clash (otherwise 409 SERIES_CONFLICTS names them).
 */
export const CreateBookingSeriesRequest = z
  .object({
    caregiverId: Id('caregiverId'),
    circleId: Id('circleId').optional(),
    weekdays: z
      .array(z.number().int('weekdays are 1 (Monday) to 7 (Sunday)').min(1).max(7), {
        error: 'weekdays must be a list of 1 (Monday) to 7 (Sunday)',
      })
      .min(1, 'Choose at least one weekday.')
      .max(7)
      .refine((w) => new Set(w).size === w.length, 'Each weekday once.'),
    startTime: z
      .string()
      .max(20)
      .transform((t, ctx) => {
        const m = parseClock(t);
        if (m === undefined || m % 60 !== 0 || m / 60 < FIRST_START_HOUR || m / 60 > LAST_START_HOUR) {
          ctx.addIssue({ code: 'custom', message: START_MESSAGE });
          return z.NEVER;
        }
        return m;
      }),
    hours: NumberLike('hours').refine(
      (h) => (PANEL_DURATIONS as readonly number[]).includes(h),
      HOURS_MESSAGE,
    ),
    startDate: CalendarDate(),
    endDate: CalendarDate().optional(),
    visits: z
      .number({ error: 'visits must be a whole number' })
      .int('visits must be a whole number')
      .min(1, 'At least one visit.')
      .max(SERIES_MAX_VISITS, `At most ${SERIES_MAX_VISITS} visits.`)
      .optional(),
    skipConflicts: z.boolean().optional().default(false),
    notes: Notes,
  })
  .superRefine((b, ctx) => {
    if ((b.endDate === undefined) === (b.visits === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: SERIES_MESSAGES.endOrVisits });
    }
    if (b.endDate !== undefined && b.endDate < b.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: SERIES_MESSAGES.endBeforeStart });
    }
  });
export type CreateBookingSeriesRequest = z.input<typeof CreateBookingSeriesRequest>;

export const SeriesConflict = z.object({
  date: z.string().describe('yyyy-MM-dd in Jamaica'),
  reason: z.enum(SERIES_CONFLICT_REASONS),
});

/** A 409: with code SERIES_CONFLICTS, `conflicts` names every clashing date (nothing was written). */
export const SeriesConflictsResponse = ErrorResponse.extend({
  conflicts: z.array(SeriesConflict).optional(),
});

export const BookingSeriesView = z.object({
  id: z.number().int(),
  familyId: z.number().int(),
  caregiverId: z.number().int(),
  circleId: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  /** 'HH:mm' (24-hour) in Jamaica. */
  startTime: z.string(),
  hours: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The number of visits asked for (when the rule gave one instead of an end date). */
  visitCount: z.number().int().nullable(),
  status: z.enum(SERIES_STATUS_VALUES),
  notes: z.string().nullable(),
  /** Dates of the rule left out because they clashed (skipConflicts). */
  skipped: z.array(SeriesConflict),
  createdAt: z.string(),
  updatedAt: z.string(),
  answeredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The visits, one booking each, as the viewer may see them (a caregiver: only those that reached them). */
  bookings: z.array(BookingView),
});
export type BookingSeriesView = z.infer<typeof BookingSeriesView>;

export const BookingSeriesIdParam = z.object({ id: Id('id') });
