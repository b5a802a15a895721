import { ComingSoon } from '../components/coming-soon';

export default function SearchPage() {
  return (
    <ComingSoon title={'Find Caregivers Near You'}>
      {'Search and filter caregivers by parish, rate, experience and skills — coming soon.'}
    </ComingSoon>
  );
}
