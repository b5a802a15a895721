import { ComingSoon } from '../components/coming-soon';

export default function TermsOfUsePage() {
  return <ComingSoon title={'Terms of use'}>{'Our terms of use will be published here soon.'}</ComingSoon>;
}
