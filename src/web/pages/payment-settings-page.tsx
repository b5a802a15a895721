import { ComingSoon } from '../components/coming-soon';

export default function PaymentSettingsPage() {
  return <ComingSoon title={'Payment settings'}>{'Managing how you get paid is coming soon.'}</ComingSoon>;
}
