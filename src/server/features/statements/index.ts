/** The statements feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { monthlyStatementMailJob } from './monthly-mail';
import { statementRoutes } from './routes';

export { createStatementService, statementMailsExport } from './service';

/** What the statements feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'statements',
  routes: [statementRoutes],
  jobs: [monthlyStatementMailJob],
};
