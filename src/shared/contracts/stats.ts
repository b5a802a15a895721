import { z } from './zod';

/** GET /api/stats/public — the headline numbers on the public pages, counted from the database. */
export const PublicStatsResponse = z.object({
  /** Caregivers whose profile is active and whose account is not suspended. */
  caregivers: z.number().int().min(0),
  /** Family accounts that are not suspended. */
  families: z.number().int().min(0),
  /** Bookings that reached 'completed'. */
  completedBookings: z.number().int().min(0),
  /** Distinct parishes where those active caregivers live (at most 14). */
  parishes: z.number().int().min(0).max(14),
});
export type PublicStatsResponse = z.infer<typeof PublicStatsResponse>;
