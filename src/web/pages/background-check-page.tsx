import { ComingSoon } from '../components/coming-soon';

export default function BackgroundCheckPage() {
  return (
    <ComingSoon title={'Background check & verification'}>
      {'The five-step verification wizard is coming soon.'}
    </ComingSoon>
  );
}
