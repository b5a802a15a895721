import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, resetToasts, TOAST_REMOVE_DELAY, toast } from './use-toast';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast at a time: a new one replaces the old', () => {
    toast({ title: 'One' });
    toast({ title: 'Two', description: 'Second', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({
      title: 'Two',
      description: 'Second',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast and forgets it after the remove delay', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Bye' });
    dismissToast(id);
    expect(getToasts()[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
