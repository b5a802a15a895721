import { Component, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** The browsers' errors for a page's code that could not be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed/i;

/**
 * A page whose code cannot be fetched (offline, a page the service worker does not keep, ADR 0029) says so
 * instead of leaving the screen blank. Any other error is thrown on, as before. Reset when the path changes.
 */
export class PageLoadBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof Error && CHUNK_FAILED.test(error.message))) throw error;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
        <h1 className="text-3xl font-extrabold tracking-tight">
          {offline ? 'You are offline' : 'This page could not be loaded'}
        </h1>
        <Alert variant="info">
          {offline
            ? 'This page needs a connection. Try again when you are back online.'
            : 'Check your connection and try again.'}
        </Alert>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </div>
    );
  }
}
