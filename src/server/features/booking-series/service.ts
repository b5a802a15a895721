import { seriesAnswers } from './answer-series';
import { seriesCreation } from './create-series';
import { NO_TIME_OFF, type SeriesDeps } from './series-context';

export type { SeriesDeps } from './series-context';
export { SeriesConflicts } from './series-context';

/** Recurring bookings (ADR 0027): a weekly rule whose visits are bookings, answered as a whole. */
export function createBookingSeriesService(deps: SeriesDeps) {
  const ctx = { ...deps, now: deps.now ?? (() => new Date()), timeOff: deps.timeOff ?? NO_TIME_OFF };
  return { ...seriesCreation(ctx), ...seriesAnswers(ctx) };
}
