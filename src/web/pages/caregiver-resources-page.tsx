import { ComingSoon } from '../components/coming-soon';

export default function CaregiverResourcesPage() {
  return (
    <ComingSoon title={'Caregiver resources'}>
      {'Training, business and safety resources for caregivers are coming soon.'}
    </ComingSoon>
  );
}
