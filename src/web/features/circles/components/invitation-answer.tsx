import { useQueryClient } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import type { FromState } from '../../../lib/from-state';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { logout, type PublicUser, resetSessionCache } from '../../auth/api';
import { useAcceptInvitation, useInvitationPreview } from '../api';
import { capText, ROLE_HELP, ROLE_LABEL } from '../roles';

/** The page's frame: one h1, what it means, and what the person can do. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="space-y-4 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <MailOpen aria-hidden="true" className="size-10 text-primary" />
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}

const linkButton = (variant: 'primary' | 'outline') =>
  buttonClasses({ variant, className: 'w-full sm:w-auto' });

/** A visitor: log in or sign up with the invited address, then come back to this page. */
export function InvitationSignedOut() {
  const location = useLocation();
  const state: FromState = { from: { pathname: location.pathname, search: location.search } };
  return (
    <Frame title="You are invited to a care circle">
      <p>
        A relative invited you to help arrange care for someone in your family on YaadCare. Log in with the
        e-mail address the invitation was sent to, or create a family account with that address. You come back
        to this page afterwards to see the invitation and join.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/login" state={state} className={linkButton('primary')}>
          Log in
        </Link>
        <Link to="/signup" state={state} className={linkButton('outline')}>
          Create a family account
        </Link>
      </div>
    </Frame>
  );
}

/** Signed in with another address: sign out here and come back signed in as the invited person. */
function WrongAccount({ user, message }: { user: PublicUser; message: string }) {
  const queryClient = useQueryClient();
  const signOut = async () => {
    await logout().catch(() => undefined);
    resetSessionCache(queryClient, null);
  };
  return (
    <Frame title="This invitation is for another account">
      <p>{message}</p>
      <p className="break-words">
        You are signed in as <strong>{user.email}</strong>.
      </p>
      <Button onClick={() => void signOut()} className="w-full sm:w-auto">
        Log out and use the invited address
      </Button>
    </Frame>
  );
}

/** The signed-in person's answer to an invitation: "Join Mummy's circle as payer?", or why they cannot. */
export function InvitationAnswer({ token, user }: { token: string; user: PublicUser }) {
  const navigate = useNavigate();
  const validToken = /^[\w-]{20,100}$/.test(token);
  const preview = useInvitationPreview(token, validToken);
  const accept = useAcceptInvitation(token);

  const notValid = (
    <Frame title="This invitation link is not valid">
      <p>
        It may have been revoked, replaced by a newer invitation, or already used. Ask a coordinator of the
        circle to invite you again.
      </p>
      <Link to="/circles" className={linkButton('outline')}>
        Go to my care circles
      </Link>
    </Frame>
  );
  if (!validToken) return notValid;
  if (preview.isPending) return <Spinner label="Loading the invitation" />;
  if (preview.isError) {
    const error = preview.error;
    const code = isApiError(error) ? error.code : undefined;
    if (code === 'INVITATION_WRONG_ACCOUNT') return <WrongAccount user={user} message={error.message} />;
    if (code === 'INVITATION_EXPIRED') {
      return (
        <Frame title="This invitation has expired">
          <p>{error.message}</p>
        </Frame>
      );
    }
    if (code === 'CIRCLE_FAMILIES_ONLY') {
      return (
        <Frame title="Care circles are for family accounts">
          <p>{error.message}</p>
        </Frame>
      );
    }
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return notValid;
    return (
      <Frame title="The invitation could not be loaded">
        <Alert>{errorMessage(error, 'Please try again in a moment.')}</Alert>
        <Button variant="outline" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Frame>
    );
  }

  const inv = preview.data;
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (circle) => {
        toast({ title: `Welcome to “${circle.name}”` });
        navigate(`/circles/${circle.id}`, { replace: true });
      },
    });
  const roleWord = inv.role === 'viewer' ? 'a viewer' : inv.role;

  return (
    <Frame
      title={
        inv.accepted
          ? `You are in ${inv.recipientFirstName}’s circle`
          : `Join ${inv.recipientFirstName}’s circle as ${roleWord}?`
      }
    >
      <dl className="space-y-2">
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">Circle</dt>
          <dd className="break-words">
            {inv.circleName}: care for {inv.recipientFirstName} in {inv.recipientTown}, {inv.recipientParish}
          </dd>
        </div>
        {inv.invitedBy ? (
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Invited by</dt>
            <dd>{inv.invitedBy}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm font-semibold text-muted-foreground">Your role</dt>
          <dd>
            {ROLE_LABEL[inv.role]}. {ROLE_HELP[inv.role]}
            {inv.monthlyCapJmd !== null ? ` Your monthly cap: ${capText(inv.monthlyCapJmd)}.` : ''}
          </dd>
        </div>
        {inv.accepted ? null : (
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Link works until</dt>
            <dd>{formatDate(inv.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {accept.isError ? (
        <Alert>{errorMessage(accept.error, 'You have not joined yet. Please try again.')}</Alert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={join} disabled={accept.isPending} className="w-full sm:w-auto">
          {accept.isPending ? 'Joining…' : inv.accepted ? 'Open the circle' : 'Join the circle'}
        </Button>
        {inv.accepted ? null : (
          <Link to="/dashboard" className={linkButton('outline')}>
            Not now
          </Link>
        )}
      </div>
    </Frame>
  );
}
