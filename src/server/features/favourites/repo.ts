import { and, desc, eq } from 'drizzle-orm';
import type { FavouriteCaregiver } from '../../../shared/contracts/favourites';
import { initial } from '../../../shared/public-profile';
import type { Tx } from '../../db/client';
import { caregivers, favourites, users } from '../../db/schema';

/** A family's favourite caregivers that anyone may still see, newest first. */
export async function listFavourites(tx: Tx, familyId: number, limit = 100): Promise<FavouriteCaregiver[]> {
  const rows = await tx
    .select({ c: caregivers, u: users, at: favourites.createdAt })
    .from(favourites)
    .innerJoin(caregivers, eq(caregivers.id, favourites.caregiverId))
    .innerJoin(users, eq(users.id, caregivers.userId))
    .where(and(eq(favourites.familyId, familyId), eq(caregivers.isPublic, true)))
    .orderBy(desc(favourites.createdAt), desc(favourites.caregiverId))
    .limit(limit);
  return rows.map(({ c, u, at }) => ({
    id: c.id,
    firstName: u.firstName,
    lastName: initial(u.lastName),
    profileImageUrl: u.profileImageUrl,
    location: u.location,
    kinds: c.kinds,
    hourlyRate: c.hourlyRate,
    averageRating: c.averageRating,
    totalReviews: c.totalReviews,
    isAvailable: c.isListed,
    favouritedAt: at.toISOString(),
  }));
}
