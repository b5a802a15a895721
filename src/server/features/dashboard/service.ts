import type { Db } from '../../db/client';
import type { SessionUser } from '../auth/sessions';
import { caregiverDashboard, resolveDashboardCaregiver } from './caregiver-dashboard';
import { familyDashboard } from './family-dashboard';

/** The two dashboards: the caregiver's (theirs, or any for an admin) and the family's. */
export function createDashboardService({ db }: { db: Db }) {
  return {
    /**
     * The caregiver's own dashboard (no id) or the one of `caregiverId` (that caregiver or an admin);
     * opened by the caregiver, it counts as their visit.
     */
    async caregiver(user: SessionUser, caregiverId: number | undefined, now: Date) {
      const id = await resolveDashboardCaregiver(db, user, caregiverId);
      return caregiverDashboard(db, id, { now, ownerVisit: user.userType === 'caregiver' });
    },

    family: (user: SessionUser, now: Date) => familyDashboard(db, user, now),
  };
}
