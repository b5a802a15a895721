import { ComingSoon } from '../components/coming-soon';

export default function AvailabilityPage() {
  return (
    <ComingSoon title={'Availability'}>
      {'Setting the days and times you can work is coming soon.'}
    </ComingSoon>
  );
}
