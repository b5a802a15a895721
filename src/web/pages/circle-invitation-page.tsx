import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api';
import { InvitationAnswer, InvitationSignedOut } from '../features/circles/components/invitation-answer';
import { useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /circles/invitations/:token, the link in the invitation e-mail. Open to visitors (they are asked to log in
 * or sign up and come back); the signed-in family account it was sent to can join.
 */
export default function CircleInvitationPage() {
  useDocumentTitle('Care circle invitation');
  const { token = '' } = useParams();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user) return <InvitationSignedOut />;
  return <InvitationAnswer token={token} user={user} />;
}
