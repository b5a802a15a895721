import { ComingSoon } from '../components/coming-soon';

export default function ChatPage() {
  return (
    <ComingSoon title={'Chat'}>{'Chatting directly with families and caregivers is coming soon.'}</ComingSoon>
  );
}
