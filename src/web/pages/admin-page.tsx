import { ComingSoon } from '../components/coming-soon';

export default function AdminPage() {
  return (
    <ComingSoon title={'Admin'}>
      {'Tools for reviewing verifications and managing the marketplace are coming soon.'}
    </ComingSoon>
  );
}
