import { and, eq } from 'drizzle-orm';
import { CAREGIVER_NOT_FOUND, mayViewProfile } from '../../../shared/public-profile';
import type { Db, Tx } from '../../db/client';
import { caregivers, favourites } from '../../db/schema';
import { notFound } from '../../errors';
import { listFavourites } from './repo';

type Viewer = Parameters<typeof mayViewProfile>[1];

/** A family's favourite caregivers that anyone may still see, newest first (in the caller's `tx`). */
export { listFavourites };

async function findVisible(tx: Tx, id: number, viewer: Viewer) {
  const [c] = await tx
    .select({ id: caregivers.id, userId: caregivers.userId, isPublic: caregivers.isPublic })
    .from(caregivers)
    .where(eq(caregivers.id, id));
  if (!c || !mayViewProfile(c, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
  return c;
}

/** What favourites ask of other features (given by services.ts). */
export interface FavouriteDeps {
  db: Db;
  /** The caregiver's stats row (caregiver-stats): its favourites count and profile views. */
  stats: {
    lock(tx: Tx, caregiverId: number): Promise<unknown>;
    refreshFavourites(tx: Tx, caregiverId: number): Promise<number>;
    recordProfileView(tx: Tx, caregiverId: number, visitor: string, at: Date): Promise<boolean>;
  };
}

/** Favourites (families' hearts) and profile views (counted once per visitor per Jamaican day). */
export function createFavouriteService({ db, stats: caregiverStatsService }: FavouriteDeps) {
  return {
    list: (familyId: number) => listFavourites(db, familyId),

    /** Adds or removes a heart (idempotent) and recounts the caregiver's favourites. */
    async set(user: NonNullable<Viewer> & { id: number }, caregiverId: number, favourite: boolean) {
      await db.transaction(async (tx) => {
        await findVisible(tx, caregiverId, user);
        if (favourite) {
          await tx.insert(favourites).values({ familyId: user.id, caregiverId }).onConflictDoNothing();
        } else {
          await tx
            .delete(favourites)
            .where(and(eq(favourites.familyId, user.id), eq(favourites.caregiverId, caregiverId)));
        }
        // Lock the stats row, then recount: concurrent hearts never lose a count.
        await caregiverStatsService.lock(tx, caregiverId);
        await caregiverStatsService.refreshFavourites(tx, caregiverId);
      });
      return { caregiverId, favourite };
    },

    /** The caregiver whose profile is viewed, if the viewer may see it (404 otherwise). */
    visibleCaregiver: (caregiverId: number, viewer: Viewer) => findVisible(db, caregiverId, viewer),

    /** Counts a view once per visitor per Jamaican day; true when this one counted. */
    recordView: (caregiverId: number, visitor: string) =>
      db.transaction((tx) => caregiverStatsService.recordProfileView(tx, caregiverId, visitor, new Date())),
  };
}
