import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../auth/sessions';
import type { BadgeEngine } from '../badges/engine';
import type { caregiverStatsService } from '../caregiver-stats/service';
import type { listFavourites } from '../favourites/service';
import { caregiverDashboard, resolveDashboardCaregiver } from './caregiver-dashboard';
import { familyDashboard } from './family-dashboard';

/** What the dashboards read of other features (given by services.ts). */
export interface DashboardDeps {
  db: Db;
  /** The caregiver's stats row (caregiver-stats): read, and a visit of their own counts as activity. */
  stats: Pick<
    typeof caregiverStatsService,
    'recordActivity' | 'refreshResponseTime' | 'ensure' | 'get' | 'measureResponseTime'
  >;
  /** Their badges (badges): measured on the owner's visit, then listed. */
  badges: Pick<BadgeEngine, 'evaluate' | 'listCaregiverBadges'>;
  /** The family's favourite caregivers (favourites). */
  favourites: { list(tx: Tx, familyId: number, limit: number): ReturnType<typeof listFavourites> };
}

/** The two dashboards: the caregiver's (theirs, or any for an admin) and the family's. */
export function createDashboardService(deps: DashboardDeps) {
  const { db } = deps;
  return {
    /**
     * The caregiver's own dashboard (no id) or the one of `caregiverId` (that caregiver or an admin);
     * opened by the caregiver, it counts as their visit.
     */
    async caregiver(user: SessionUser, caregiverId: number | undefined, now: Date) {
      const id = await resolveDashboardCaregiver(db, user, caregiverId);
      return caregiverDashboard(deps, id, { now, ownerVisit: user.userType === 'caregiver' });
    },

    family: (user: SessionUser, now: Date) => familyDashboard(deps, user, now),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
