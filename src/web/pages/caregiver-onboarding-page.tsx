import { ComingSoon } from '../components/coming-soon';

export default function CaregiverOnboardingPage() {
  return (
    <ComingSoon title={'Set up your caregiver profile'}>
      {'The three-step profile wizard — bio, skills, certifications and availability — is coming soon.'}
    </ComingSoon>
  );
}
