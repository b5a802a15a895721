// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { notificationKeys } from '../notifications/api';
import { useRealtime } from './use-realtime';

/** EventSource as the hook sees it: the test plays the browser (its reconnections) and the server. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(event: unknown) {
    this.readyState = FakeEventSource.OPEN;
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  /** The stream ended or the network failed: the browser will reconnect by itself after `retry:`. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** An HTTP error answer (401, 503…): the browser gives up on this EventSource. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

/** Advances the fake clock and lets React apply what it caused. */
const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

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

    // Refused (an HTTP error: the browser gives up): closed at once, reopened after the backoff (at most
    // 1 s for the first retry).
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
    await wait(1000);
    expect(FakeEventSource.all).toHaveLength(2);
    // A second failure waits longer (at least 1 s).
    act(() => FakeEventSource.all[1].fail());
    await wait(999);
    expect(FakeEventSource.all).toHaveLength(2);
    await wait(1001);
    expect(FakeEventSource.all).toHaveLength(3);

    // Back: the stream's first frame means "you may have missed something": everything is refetched.
    act(() => FakeEventSource.all[2].emit({ type: 'resync' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(2);

    view.unmount();
    expect(FakeEventSource.all[2].closed).toBe(true);
  });

  it("leaves the first reconnection to the browser, which follows the server's retry: hint", async () => {
    const view = render(
      <AppProviders queryClient={new QueryClient()}>
        <Probe />
      </AppProviders>,
    );
    const source = FakeEventSource.all[0];
    act(() => source.emit({ type: 'resync' }));

    // The server stops and ends the stream with `retry: 800`: the browser reconnects by itself, the hook
    // neither closes the stream nor opens another (which would ignore the hint).
    act(() => source.drop());
    expect(source.closed).toBe(false);
    await wait(60_000);
    expect(FakeEventSource.all).toHaveLength(1);

    // The browser's reconnection reached another instance: live again, and the next drop is the browser's too.
    act(() => source.emit({ type: 'resync' }));
    act(() => source.drop());
    await wait(60_000);
    expect(FakeEventSource.all).toHaveLength(1);

    // Its reconnection fails as well: from now on our backoff (1–2 s), not the browser's every 2 s.
    act(() => source.drop());
    expect(source.closed).toBe(true);
    await wait(999);
    expect(FakeEventSource.all).toHaveLength(1);
    await wait(1001);
    expect(FakeEventSource.all).toHaveLength(2);

    view.unmount();
    expect(FakeEventSource.all[1].closed).toBe(true);
  });
});
