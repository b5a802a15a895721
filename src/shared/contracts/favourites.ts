import { CalendarDate } from './common';
import { z } from './zod';

/** GET /api/favourites: the family's favourite caregivers, newest first. */
export const FavouriteCaregiver = z.object({
  id: z.number().int(),
  firstName: z.string(),
  /** Only the initial, as on public pages. */
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  kinds: z.array(z.string()),
  hourlyRate: z.string(),
  averageRating: z.string(),
  totalReviews: z.number().int(),
  isAvailable: z.boolean(),
  favouritedAt: z.string(),
});
export type FavouriteCaregiver = z.infer<typeof FavouriteCaregiver>;

export const FavouriteState = z.object({ caregiverId: z.number().int(), favourite: z.boolean() });
export const ProfileViewResponse = z.object({ counted: z.boolean() });

/** What a family sees before booking a favourite again in one tap (a Family Plan feature, issue 21). */
export const RebookOptions = z.object({
  /** False on a plan without one-tap rebooking: show the upgrade prompt instead of the form. */
  allowed: z.boolean(),
  /** The family's last confirmed or completed booking with the caregiver (null: never booked them). */
  last: z
    .object({
      date: z.string(),
      startTime: z.string(),
      duration: z.number().int(),
      notes: z.string().nullable(),
    })
    .nullable(),
});
export type RebookOptions = z.infer<typeof RebookOptions>;

/** POST /api/favourites/{id}/rebook: the new date; the start time defaults to the last booking's. */
export const RebookRequest = z.strictObject({
  date: CalendarDate(),
  startTime: z.string().max(20).optional().describe('"9:00 AM" or "09:00"; default: the last booking\'s'),
});
export type RebookRequest = z.input<typeof RebookRequest>;

export const REBOOK_MESSAGES = {
  planRequired:
    'Booking a favourite again in one tap is part of the Family Plan. Choose it on the Pricing page, or book from their profile.',
  neverBooked:
    'You have no confirmed booking with this caregiver to repeat yet. Book them from their profile.',
} as const;
