import { ComingSoon } from '../components/coming-soon';

export default function CaregiverDashboardEnhancedPage() {
  return (
    <ComingSoon title={'Enhanced caregiver dashboard'}>
      {'A richer view of your bookings, earnings and achievements is coming soon.'}
    </ComingSoon>
  );
}
