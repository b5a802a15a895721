// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOSTED_FRAME_SANDBOX, hostedPageFailure, mountHostedPage } from './hosted-page';

const ORIGIN = window.location.origin;
const REDIRECT = '<form action="https://gateway.test/hpp"></form><script>f.submit()</script>';

describe('the PowerTranz hosted page, seen from the payment page (ADR 0053)', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    document.body.innerHTML = '';
  });

  function mounted(onResult = vi.fn()) {
    const container = document.createElement('div');
    document.body.append(container);
    unmount = mountHostedPage(container, REDIRECT, onResult);
    const frame = container.querySelector('iframe');
    if (!frame?.contentWindow) throw new Error('no iframe');
    const sent: unknown[] = [];
    vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation((message: unknown, target: unknown) => {
      expect(target).toBe(ORIGIN); // only to our own origin, never '*'
      sent.push(message);
    });
    const from = (
      data: Record<string, unknown>,
      origin = ORIGIN,
      source: Window | null = frame.contentWindow,
    ) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { source: 'yc-powertranz', ...data }, origin, source }),
      );
    return { frame, sent, from, onResult };
  }

  it('frames /powertranz/frame sandboxed with a title, and gives it the RedirectData when it is ready', () => {
    const { frame, sent, from } = mounted();
    expect(frame.getAttribute('src')).toBe(`${ORIGIN}/powertranz/frame`);
    expect(frame.getAttribute('sandbox')).toBe(HOSTED_FRAME_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.title).toBe('Secure card payment');
    from({ type: 'ready' });
    expect(sent).toEqual([{ source: 'yc-powertranz', type: 'redirect', html: REDIRECT }]);
  });

  it('takes the result only from that frame on our origin, once', () => {
    const { from, onResult } = mounted();
    from({ type: 'result', ok: true, token: 'ptz_evil' }, 'https://evil.test');
    from({ type: 'result', ok: true, token: 'ptz_evil' }, ORIGIN, window);
    from({ type: 'result', ok: true, token: 'ptz_evil' }, ORIGIN, null);
    expect(onResult).not.toHaveBeenCalled();
    from({ type: 'result', ok: true, token: 'ptz_good.abc', code: 'HP0' });
    from({ type: 'result', ok: true, token: 'ptz_second.abc', code: 'HP0' });
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith({ ok: true, token: 'ptz_good.abc' });
  });

  it('a page that did not confirm the card reads as the decline texts families know', () => {
    const { from, onResult } = mounted();
    from({ type: 'result', ok: false, code: '3D5' });
    expect(onResult).toHaveBeenCalledWith({ ok: false, message: 'Your card was declined.' });
    expect(hostedPageFailure('HP1')).toBe('Your card details have expired. Please enter them again.');
    expect(hostedPageFailure('SP5')).toBe('Your card details have expired. Please enter them again.');
    expect(hostedPageFailure('05')).toBe('Your card was declined.');
  });

  it('stops listening and removes the frame on unmount', () => {
    const { frame, from, onResult } = mounted();
    unmount?.();
    unmount = undefined;
    expect(frame.isConnected).toBe(false);
    from({ type: 'result', ok: true, token: 'ptz_late.abc' });
    expect(onResult).not.toHaveBeenCalled();
  });
});
