import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, type ButtonProps } from '../../../components/ui/button';

/**
 * A button that asks before it acts: the dialog stays open while the request runs, and shows the server's
 * refusal (a 409) inside it, so the person reads why nothing happened.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  /** The trigger's accessible name when its text alone is ambiguous ('Remove Jane B.'). */
  triggerLabel?: string;
  triggerVariant?: ButtonProps['variant'];
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">{description}</Dialog.Description>
          {error ? <Alert className="mt-4">{error}</Alert> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button variant="destructive" disabled={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
