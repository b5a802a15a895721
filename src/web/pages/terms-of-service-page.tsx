import { ComingSoon } from '../components/coming-soon';

export default function TermsOfServicePage() {
  return (
    <ComingSoon title={'Terms of service'}>{'Our terms of service will be published here soon.'}</ComingSoon>
  );
}
