import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/cn';
import { dismissToast, TOAST_DURATION, useToast } from './use-toast';

/** The notification area: Radix Toast (F8 focuses it, swipe right to dismiss), labelled 'Notification'. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider label="Notification" duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant = 'default', duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-surface text-foreground',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{title}</Toast.Title>
            {description ? (
              <Toast.Description className="text-sm opacity-95">{description}</Toast.Description>
            ) : null}
            {action?.href ? (
              <Toast.Action altText={action.label} asChild>
                <a href={action.href} className="text-sm font-semibold underline underline-offset-2">
                  {action.label}
                </a>
              </Toast.Action>
            ) : action ? (
              <p className="text-sm opacity-95">{action.label}</p>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100',
              'focus-visible:outline-3 focus-visible:outline-offset-1',
              variant === 'destructive' ? 'focus-visible:outline-white' : 'focus-visible:outline-ring',
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </Toast.Provider>
  );
}
