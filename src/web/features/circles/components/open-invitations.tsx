import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { useOpenInvitations, useRevokeInvitation } from '../api';
import { capText, ROLE_LABEL } from '../roles';

/** The circle's invitations nobody has answered yet, each with a Revoke button (coordinators). */
export function OpenInvitations({ circleId }: { circleId: number }) {
  const invitations = useOpenInvitations(circleId, true);
  const revoke = useRevokeInvitation(circleId);

  if (invitations.isPending) return <Spinner label="Loading invitations" className="py-4" />;
  if (invitations.isError) return <Alert>The open invitations could not be loaded.</Alert>;
  const list = invitations.data.invitations;
  if (!list.length) return <p className="text-muted-foreground">No open invitations.</p>;

  return (
    <ul className="space-y-2">
      {list.map((inv) => (
        <li
          key={inv.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-3"
        >
          <div className="min-w-0">
            <p className="font-semibold break-all">{inv.email}</p>
            <p className="text-sm text-muted-foreground">
              {ROLE_LABEL[inv.role]}
              {inv.monthlyCapJmd !== null ? `, monthly cap ${capText(inv.monthlyCapJmd)}` : ''}
              {' · '}
              {inv.invitedBy ? `invited by ${inv.invitedBy}, ` : ''}
              link works until {formatDate(inv.expiresAt)}
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Revoke the invitation to ${inv.email}`}
            disabled={revoke.isPending && revoke.variables === inv.id}
            onClick={() =>
              revoke.mutate(inv.id, {
                onSuccess: () =>
                  toast({
                    title: 'Invitation revoked',
                    description: `The link sent to ${inv.email} no longer works.`,
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not revoked',
                    description: errorMessage(error, 'Please try again.'),
                  }),
              })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
