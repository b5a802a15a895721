import { useDocumentTitle } from '../lib/use-document-title';
import { CaregiverDashboardView } from './dashboard/caregiver-dashboard-view';

/**
 * /caregiver-dashboard (docs/product.md#screens-and-routes): loading, /login for visitors and /family-dashboard for others (the
 * route guards), a prompt to complete the profile, the load-error screen, then the tabs.
 */
export default function CaregiverDashboardPage() {
  useDocumentTitle('Caregiver dashboard');
  return <CaregiverDashboardView />;
}
