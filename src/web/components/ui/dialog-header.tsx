import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The X in a dialog's corner; label names what it closes ("Close map"). For lazily loaded dialogs only: the
 * app shell's own dialogs (mobile menu, tutorial) keep theirs inline, because importing this module from the
 * shell too made the bundler split Radix Dialog out of the entry chunk (+2 KB gzipped on the home page).
 */
export function DialogCloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label={label} className={className}>
        <X aria-hidden="true" className="size-5" />
      </Button>
    </Dialog.Close>
  );
}

/** A dialog's top row: its title and description, with the close button beside them. */
export function DialogHeader({
  title,
  description,
  closeLabel,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
      </div>
      <DialogCloseButton label={closeLabel} />
    </div>
  );
}
