import type { SessionUser } from '../auth';
import { caregiverDashboard, resolveDashboardCaregiver } from './caregiver-dashboard';
import { familyDashboard } from './family-dashboard';
import type { DashboardDeps } from './ports';

export type { DashboardDeps };

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
