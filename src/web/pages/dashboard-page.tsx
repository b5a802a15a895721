import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useDocumentTitle } from '../lib/use-document-title';
import { CaregiverDashboardView } from './dashboard/caregiver-dashboard-view';
import { FamilyDashboardView } from './dashboard/family-dashboard-view';

/** /dashboard and /family-dashboard: caregivers get their dashboard, everyone else the family one. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSignedInUser();
  return user.userType === 'caregiver' ? <CaregiverDashboardView /> : <FamilyDashboardView />;
}
