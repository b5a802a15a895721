/** The favourites feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { favouriteRoutes } from './routes';

export { createRebookService } from './rebook';

export { createFavouriteService, listFavourites } from './service';

/** What the favourites feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'favourites',
  routes: [favouriteRoutes],
};
