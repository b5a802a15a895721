import { Spinner } from '../components/ui/spinner';
import { useSignedInUser } from '../features/auth/use-signed-in-user';
import { useFamilyDashboard } from '../features/dashboard/api';
import {
  CaregiverDashboardView,
  DashboardLoadError,
} from '../features/dashboard/components/caregiver-dashboard-view';
import { FamilyDashboard } from '../features/dashboard/components/family-dashboard';
import { useDocumentTitle } from '../lib/use-document-title';

function FamilyDashboardView() {
  const user = useSignedInUser();
  const dashboard = useFamilyDashboard();
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) return <DashboardLoadError />;
  return <FamilyDashboard user={user} data={dashboard.data} />;
}

/** /dashboard and /family-dashboard: caregivers get their dashboard, everyone else the family one. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSignedInUser();
  return user.userType === 'caregiver' ? <CaregiverDashboardView /> : <FamilyDashboardView />;
}
