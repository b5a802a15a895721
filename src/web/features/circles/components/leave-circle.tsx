import { useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/error-messages';
import { useRemoveMember } from '../api';
import { ConfirmDialog } from './confirm-dialog';

/** Any member can leave; the server refuses (409) when the circle would lose its last coordinator or payer. */
export function LeaveCircle({
  circleId,
  circleName,
  me,
  onLeft,
}: {
  circleId: number;
  circleName: string;
  me: number;
  onLeft: () => void;
}) {
  const [open, setOpen] = useState(false);
  const leave = useRemoveMember(circleId);
  const refusal = leave.isError
    ? describeError(leave.error, 'You have not left the circle. Please try again.')
    : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) leave.reset();
      }}
      trigger="Leave circle"
      triggerVariant="destructive"
      title={`Leave “${circleName}”?`}
      description="You stop seeing the circle and its members. To come back, a coordinator has to invite you again."
      confirmLabel="Leave circle"
      pendingLabel="Leaving…"
      pending={leave.isPending}
      error={refusal ? [refusal.message, refusal.action?.label].filter(Boolean).join(' ') : null}
      onConfirm={() =>
        leave.mutate(
          { userId: me, leaving: true },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: `You left “${circleName}”` });
              onLeft();
            },
          },
        )
      }
    />
  );
}
