// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardFieldsError, createSandboxCardFields, type HostedCardFields } from './hosted-fields';

const ORIGIN = window.location.origin;

describe('the sandbox card fields, seen from the payment page', () => {
  let fields: HostedCardFields | undefined;
  afterEach(() => {
    fields?.unmount();
    document.body.innerHTML = '';
  });

  function mounted(onSubmit = () => {}) {
    const container = document.createElement('div');
    document.body.append(container);
    fields = createSandboxCardFields({ onSubmit });
    fields.mount(container);
    const frame = container.querySelector('iframe');
    if (!frame?.contentWindow) throw new Error('no iframe');
    const sent: { type: string; id: string }[] = [];
    vi.spyOn(frame.contentWindow, 'postMessage').mockImplementation((message: unknown, target: unknown) => {
      expect(target).toBe(ORIGIN); // sent only to the fields' origin, never '*'
      sent.push(message as { type: string; id: string });
    });
    const from = (
      data: Record<string, unknown>,
      origin = ORIGIN,
      source: Window | null = frame.contentWindow,
    ) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { source: 'yc-sandbox-fields', ...data }, origin, source }),
      );
    return { frame, sent, from };
  }

  it('frames /sandbox-pay/fields with a title, and takes the token only from that frame on our origin', async () => {
    const submitted = vi.fn();
    const { frame, sent, from } = mounted(submitted);
    expect(frame.getAttribute('src')).toBe(`${ORIGIN}/sandbox-pay/fields`);
    expect(frame.title).toBe('Secure card form');
    from({ type: 'ready', height: 240 });
    expect(frame.style.height).toBe('240px');
    const pending = fields!.tokenize();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const { id } = sent[0];
    expect(sent[0].type).toBe('tokenize');
    // Another site, or another window of ours, cannot answer in the fields' place.
    from(
      { type: 'result', id, ok: true, token: 'tok_evil', brand: 'visa', last4: '0000' },
      'https://evil.example',
    );
    from({ type: 'result', id, ok: true, token: 'tok_evil', brand: 'visa', last4: '0000' }, ORIGIN, window);
    from({ type: 'submit' }, 'https://evil.example');
    expect(submitted).not.toHaveBeenCalled();
    from({ type: 'result', id, ok: true, token: 'tok_sbx_real', brand: 'visa', last4: '4242' });
    await expect(pending).resolves.toEqual({ token: 'tok_sbx_real', brand: 'visa', last4: '4242' });
    from({ type: 'submit' });
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('rejects with the fields’ own message when they refuse the card', async () => {
    const { sent, from } = mounted();
    from({ type: 'ready', height: 200 });
    const pending = fields!.tokenize();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    from({ type: 'result', id: sent[0].id, ok: false, message: 'Your card has expired.', field: 'expiry' });
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CardFieldsError);
    expect(err).toMatchObject({ message: 'Your card has expired.', field: 'expiry' });
  });
});
