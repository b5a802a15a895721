import { ComingSoon } from '../components/coming-soon';

export default function SupportPage() {
  return (
    <ComingSoon title={'Support'}>
      {"Our help centre is coming soon. We're available 24/7 and reply within 2 hours."}
    </ComingSoon>
  );
}
