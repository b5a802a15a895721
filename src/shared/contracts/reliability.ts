import { z } from './zod';

/**
 * A caregiver's reliability record over the last 12 months (ADR 0035), as the public profile carries it.
 * The plain words come from reliabilityWords (src/shared/reliability.ts), the same on both sides.
 */
export const ReliabilityRecord = z.object({
  completed: z.number().int().min(0),
  lateCancellations: z.number().int().min(0),
  noShows: z.number().int().min(0),
  checkIns: z.number().int().min(0),
  onTimeCheckIns: z.number().int().min(0),
  /** Higher is more reliable; 0.9 for no record (see reliabilityScore). */
  score: z.number().min(0).max(1),
  windowMonths: z.number().int(),
  /** When it was last recomputed; null when no visit was ever counted. */
  computedAt: z.string().nullable(),
});
export type ReliabilityRecord = z.infer<typeof ReliabilityRecord>;
