import { ComingSoon } from '../components/coming-soon';

export default function BookingsPage() {
  return (
    <ComingSoon title={'My bookings'}>
      {'Your upcoming, pending and completed bookings will appear here soon.'}
    </ComingSoon>
  );
}
