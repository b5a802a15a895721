import { ComingSoon } from '../components/coming-soon';

export default function SafetyTrustPage() {
  return (
    <ComingSoon title={'Safety & trust'}>
      {'How we verify every caregiver, and our safety tips, are coming soon.'}
    </ComingSoon>
  );
}
