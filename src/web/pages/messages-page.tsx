import { ComingSoon } from '../components/coming-soon';

export default function MessagesPage() {
  return (
    <ComingSoon title={'Messages'}>
      {'Your conversations with families and caregivers will appear here soon.'}
    </ComingSoon>
  );
}
