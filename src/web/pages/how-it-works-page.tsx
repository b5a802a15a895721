import { ComingSoon } from '../components/coming-soon';

export default function HowItWorksPage() {
  return (
    <ComingSoon title={'How it works'}>
      {'A step-by-step guide for families and caregivers is coming soon.'}
    </ComingSoon>
  );
}
