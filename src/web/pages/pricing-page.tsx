import { ComingSoon } from '../components/coming-soon';

export default function PricingPage() {
  return (
    <ComingSoon title={'Pricing'}>
      {'Our plans and typical caregiver rates in JMD are coming soon.'}
    </ComingSoon>
  );
}
