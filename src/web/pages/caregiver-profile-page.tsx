import { ComingSoon } from '../components/coming-soon';

export default function CaregiverProfilePage() {
  return (
    <ComingSoon title={'Caregiver profile'}>
      {'Caregiver profiles with reviews, availability and booking are on their way.'}
    </ComingSoon>
  );
}
