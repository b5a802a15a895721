import type { FeatureManifest } from '../core/feature';
import { manifest as admin } from '../features/admin';
import { manifest as auth } from '../features/auth';
import { manifest as availability } from '../features/availability';
import { manifest as avatars } from '../features/avatars';
import { manifest as backupOffers } from '../features/backup-offers';
import { manifest as badges } from '../features/badges';
import { manifest as bookingSeries } from '../features/booking-series';
import { manifest as bookings } from '../features/bookings';
import { manifest as calendarFeeds } from '../features/calendar-feeds';
import { manifest as careRequests } from '../features/care-requests';
import { manifest as caregiverDirectory } from '../features/caregiver-directory';
import { manifest as caregiverStats } from '../features/caregiver-stats';
import { manifest as circles } from '../features/circles';
import { manifest as dashboard } from '../features/dashboard';
import { manifest as emergencies } from '../features/emergencies';
import { manifest as favourites } from '../features/favourites';
import { manifest as fxRates } from '../features/fx-rates';
import { manifest as meetings } from '../features/meetings';
import { manifest as messages } from '../features/messages';
import { manifest as myProfile } from '../features/my-profile';
import { manifest as notifications } from '../features/notifications';
import { manifest as payments } from '../features/payments';
import { manifest as payouts } from '../features/payouts';
import { manifest as plans } from '../features/plans';
import { manifest as privacy } from '../features/privacy';
import { manifest as realtime } from '../features/realtime';
import { manifest as receipts } from '../features/receipts';
import { manifest as reliability } from '../features/reliability';
import { manifest as reviews } from '../features/reviews';
import { manifest as safety } from '../features/safety';
import { manifest as seo } from '../features/seo';
import { manifest as statements } from '../features/statements';
import { manifest as stats } from '../features/stats';
import { manifest as support } from '../features/support';
import { manifest as system } from '../features/system';
import { manifest as verification } from '../features/verification';
import { manifest as visits } from '../features/visits';

/**
 * Every feature of the server, one line each (ADR 0043): the app registers their routes in this order
 * (realtime before messages, which streams through it), and the job table is their jobs. A new feature is
 * its folder under src/server/features, with a front door (index.ts) exporting its manifest, and a line here.
 */
export const FEATURES: readonly FeatureManifest[] = [
  system,
  auth,
  admin,
  avatars,
  availability,
  caregiverDirectory,
  reviews,
  stats,
  seo,
  myProfile,
  verification,
  notifications,
  support,
  privacy,
  bookings,
  backupOffers,
  emergencies,
  bookingSeries,
  visits,
  plans,
  careRequests,
  circles,
  meetings,
  statements,
  payments,
  payouts,
  receipts,
  favourites,
  fxRates,
  dashboard,
  realtime,
  messages,
  safety,
  badges,
  caregiverStats,
  reliability,
  calendarFeeds,
];
