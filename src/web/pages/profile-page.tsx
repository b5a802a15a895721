import { ComingSoon } from '../components/coming-soon';

export default function ProfilePage() {
  return (
    <ComingSoon title={'My profile'}>
      {'Editing your profile and weekly availability is coming soon.'}
    </ComingSoon>
  );
}
