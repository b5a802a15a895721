import { ComingSoon } from '../components/coming-soon';

export default function PaymentPage() {
  return <ComingSoon title={'Payment'}>{'Secure payment for your booking is coming soon.'}</ComingSoon>;
}
