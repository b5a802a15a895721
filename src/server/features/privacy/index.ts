/** The privacy feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { scrubDeletedAccountsJob } from './job';
import { privacyRoutes } from './routes';

export {
  createPrivacyService,
  type ExportSection,
  type PrivacyHooks,
  privacyExportSections,
  type Scrubber,
  scrubSeriesAndVisits,
} from './service';

/** What the privacy feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'privacy',
  routes: [privacyRoutes],
  jobs: [scrubDeletedAccountsJob],
};
