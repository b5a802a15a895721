import { type ReactNode, type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Code the first screen does not need (a dialog's content, the toast area), loaded the first time it is
 * wanted and rendered synchronously from then on (docs/decisions/0023-home-page-javascript-budget.md).
 * Unlike React.lazy nothing suspends: until the code is there the caller renders nothing, which is what a
 * closed dialog or an empty toast area shows anyway, so server and browser render the same HTML.
 */
export interface OnDemand<T> {
  /** Starts loading (once; again after a failure). Call it on hover, focus or click for a head start. */
  load(): Promise<T>;
  /** The loaded value, or undefined until it has loaded. */
  get(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          // A lost connection: the next attempt (the next click) tries again.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Starts loading, ignoring a failure: the person can try again, and load() then retries. */
export function preload(source: OnDemand<unknown>): void {
  source.load().catch(() => undefined);
}

/**
 * Starts loading once the browser has nothing better to do (after the page has loaded and hydrated), so
 * the code is there by the time someone needs it without being part of the first screen's work.
 */
export function preloadWhenIdle(source: OnDemand<unknown>): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => preload(source), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(() => preload(source), 2000);
  return () => clearTimeout(timer);
}

const nothing = () => undefined;

/**
 * The value once loaded; starts loading when `wanted` turns true. While a server-rendered page hydrates
 * it is undefined, as it was on the server.
 */
export function useOnDemand<T>(source: OnDemand<T>, wanted: boolean): T | undefined {
  const value = useSyncExternalStore(source.subscribe, source.get, nothing);
  useEffect(() => {
    if (wanted) preload(source);
  }, [source, wanted]);
  return value;
}

/** What a dialog loaded on demand gets from the button that opens it. */
export interface OnDemandDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The button that opened it. There is no Radix Dialog.Trigger (the button is on screen before the
   * dialog's code loads), so the dialog gives focus back to it on close (`onCloseAutoFocus`).
   */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A dialog whose code loads the first time it opens, or when its button is hovered or focused: the open
 * state, the props its button needs (what Radix's Trigger would set) and the content once loaded.
 */
export function useDialogOnDemand<P extends OnDemandDialogProps>(code: OnDemand<(props: P) => ReactNode>) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const Content = useOnDemand(code, open);
  const warmUp = () => preload(code);
  return {
    open,
    setOpen,
    triggerRef,
    Content,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: warmUp,
      onFocus: warmUp,
      onClick: () => {
        warmUp();
        setOpen(true);
      },
    },
  };
}
