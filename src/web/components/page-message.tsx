import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A page that has only something to say (not found, gone): its h1 and the words under it. */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** A page whose record could not be loaded: its h1, why, and a retry. */
export function PageLoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <PageMessage title={title}>
      <Alert>{message}</Alert>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </PageMessage>
  );
}
