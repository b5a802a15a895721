import { ComingSoon } from '../components/coming-soon';

export default function SuccessStoriesPage() {
  return (
    <ComingSoon title={'Success stories'}>
      {'Stories from families and caregivers across Jamaica are coming soon.'}
    </ComingSoon>
  );
}
