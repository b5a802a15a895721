// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { notificationKeys } from '../notifications/api';
import { useRealtime } from './use-realtime';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

function Probe() {
  useRealtime(true);
  return null;
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useRealtime', () => {
  it('opens the stream with credentials, refreshes on events, reconnects with backoff and refetches on return', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const view = render(
      <AppProviders queryClient={queryClient}>
        <Probe />
      </AppProviders>,
    );
    expect(FakeEventSource.all).toHaveLength(1);
    const first = FakeEventSource.all[0];
    expect(first.url).toBe('/api/realtime');
    expect(first.init).toEqual({ withCredentials: true });

    // The first frame of a first connection refetches nothing.
    act(() => first.emit({ type: 'resync' }));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => first.emit({ type: 'notification', kind: 'booking' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    invalidate.mockClear();
    act(() => first.emit({ type: 'message', message: null, messageId: 3, senderId: 1, receiverId: 2 }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    invalidate.mockClear();

    // Dropped: closed at once, reopened after the backoff (at most 1 s for the first retry).
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(FakeEventSource.all).toHaveLength(2);
    // A second failure waits longer (at least 1 s).
    act(() => FakeEventSource.all[1].onerror?.());
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(FakeEventSource.all).toHaveLength(2);
    await act(async () => {
      vi.advanceTimersByTime(1001);
    });
    expect(FakeEventSource.all).toHaveLength(3);

    // Back: the stream's first frame means "you may have missed something": everything is refetched.
    act(() => FakeEventSource.all[2].emit({ type: 'resync' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(2);

    view.unmount();
    expect(FakeEventSource.all[2].closed).toBe(true);
  });
});
