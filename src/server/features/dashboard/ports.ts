import type { Db, Tx } from '../../db/client';
import type { BadgeEngine } from '../badges';
import type { caregiverStatsService } from '../caregiver-stats';
import type { listFavourites } from '../favourites';

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
