import { statsEngine } from './repo';

export { currentStreak } from '../../../shared/streak';
export { followBookingTransition } from './booking-listener';
export { measureResponseTimes, type ResponseMeasure, refreshAllStats } from './repo';

/**
 * Per-caregiver stats and streaks (the caregiver_stats row), kept by events. Other features update and
 * read them through this, inside their own transaction: favourites and profile views, an answer or a
 * review counting as an active day, dashboards reading the figures.
 */
export const caregiverStatsService: Pick<
  typeof statsEngine,
  | 'ensure'
  | 'lock'
  | 'get'
  | 'recordActivity'
  | 'refreshResponseTime'
  | 'measureResponseTime'
  | 'refreshFavourites'
  | 'recordProfileView'
> = statsEngine;
