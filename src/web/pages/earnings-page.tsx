import { ComingSoon } from '../components/coming-soon';

export default function EarningsPage() {
  return (
    <ComingSoon title={'Earnings'}>
      {'Your earnings and payouts will appear here soon. Payouts are made weekly on Fridays.'}
    </ComingSoon>
  );
}
