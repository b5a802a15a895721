import { BookOpen, Headphones, Mail, Users, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '../../../lib/cn';
import type { OnDemandDialogProps } from '../../../lib/on-demand';
import { Link } from '../../../lib/router';
import { useAppConfig } from '../../config/api';

const itemClasses = cn(
  'flex w-full items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-left text-sm font-semibold',
  'hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
);

/** The help panel's links (both tutorials are on the how-it-works page). */
const HELP_LINKS = [
  { to: '/how-it-works', label: 'Tutorial for Families', icon: Users },
  { to: '/how-it-works', label: 'Tutorial for Caregivers', icon: BookOpen },
  { to: '/support', label: 'Contact Support', icon: Headphones },
];

/**
 * The help panel (help-widget.tsx holds its button and loads this on demand): focus moves in, Escape closes
 * it and focus goes back to the button.
 */
export function HelpPanel({ open, onOpenChange, triggerRef }: OnDemandDialogProps) {
  const { data: config } = useAppConfig();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-black/20" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // No Dialog.Trigger (the button is rendered before this code loads): focus goes back by hand.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed right-4 bottom-20 z-50 max-h-[calc(100dvh-6rem)] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-border bg-surface p-5 text-foreground shadow-xl focus:outline-none"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">Welcome to YaadCare</Dialog.Title>
            <Dialog.Close
              aria-label="Close help"
              className="-m-1 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ul className="space-y-2">
            {HELP_LINKS.map(({ to, label, icon: Icon }) => (
              <li key={label}>
                <Dialog.Close asChild>
                  <Link to={to} className={itemClasses}>
                    <Icon aria-hidden="true" className="size-5 text-primary" />
                    {label}
                  </Link>
                </Dialog.Close>
              </li>
            ))}
            {config?.supportEmail ? (
              <li>
                <a href={`mailto:${config.supportEmail}`} className={itemClasses}>
                  <Mail aria-hidden="true" className="size-5 text-primary" />
                  Email Us
                </a>
              </li>
            ) : null}
          </ul>
          <p className="mt-4 text-sm font-semibold">
            Help centre open 24/7; we reply within one business day
          </p>
          <p className="text-sm text-muted-foreground">Connecting families with care across Jamaica</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
