import { ComingSoon } from '../components/coming-soon';

export default function PrivacyPolicyPage() {
  return (
    <ComingSoon title={'Privacy policy'}>{'Our privacy policy will be published here soon.'}</ComingSoon>
  );
}
