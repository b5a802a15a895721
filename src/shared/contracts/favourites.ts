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
