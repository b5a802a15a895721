import { ComingSoon } from '../components/coming-soon';

export default function CaregiverDashboardPage() {
  return (
    <ComingSoon title={'Caregiver dashboard'}>
      {'Your bookings, earnings, badges and stats will appear here soon.'}
    </ComingSoon>
  );
}
