/** The booking-series feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { bookingSeriesRoutes } from './routes';

export { createBookingSeriesService } from './service';

/** What the booking-series feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'booking-series',
  routes: [bookingSeriesRoutes],
};
