import { ComingSoon } from '../components/coming-soon';

export default function BookingConfirmationPage() {
  return (
    <ComingSoon title={'Confirm your booking'}>
      {'Choosing a date and time and confirming your booking is coming soon.'}
    </ComingSoon>
  );
}
