import { DECLINE_MESSAGES } from '../../../shared/contracts/payments';

/**
 * The provider's own hosted payment page (PowerTranz, ADR 0050, 0053), seen from our payment page. The server
 * starts the payment and hands us RedirectData: HTML that shows PowerTranz's card page and then the issuer's
 * 3-D Secure challenge. It runs in a sandboxed frame of ours (/powertranz/frame, with its own CSP: a srcdoc
 * would inherit this page's policy, which blocks the RedirectData's inline script), and ends on our merchant
 * response URL, whose script posts `{ source: 'yc-powertranz', type: 'result', ok, token, code }` here.
 * Messages are accepted only from our own origin and from that frame's window, and sent only to our origin.
 */

export const HOSTED_PAGE_SOURCE = 'yc-powertranz';
export const HOSTED_FRAME_PATH = '/powertranz/frame';
/** FAC: forms and scripts of the gateway and the issuer; same-origin so the answer's origin can be checked. */
export const HOSTED_FRAME_SANDBOX = 'allow-forms allow-scripts allow-same-origin';
export const HOSTED_FRAME_TITLE = 'Secure card payment';

export type HostedPageResult = { ok: true; token: string } | { ok: false; message: string };

interface PageMessage {
  source?: unknown;
  type?: unknown;
  ok?: unknown;
  token?: unknown;
  code?: unknown;
}

/**
 * The family's words for a card the page did not confirm (the same texts as the declines the API answers):
 * an unfinished or expired page asks for the card again; a failed verification or any other code reads
 * "declined" (the issuer's reason is never shown).
 */
export function hostedPageFailure(code: string): string {
  return /^(SP|HP)/i.test(code) ? DECLINE_MESSAGES.token_invalid : DECLINE_MESSAGES.card_declined;
}

/**
 * Puts the frame in `container`, gives it the RedirectData once its script is ready, and calls `onResult`
 * once with the page's answer. Returns the unmount.
 */
export function mountHostedPage(
  container: HTMLElement,
  redirectData: string,
  onResult: (result: HostedPageResult) => void,
  options: { origin?: string; src?: string } = {},
): () => void {
  const origin = options.origin ?? window.location.origin;
  const frame = document.createElement('iframe');
  let answered = false;

  function onMessage(event: MessageEvent) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data as PageMessage | null;
    if (!data || data.source !== HOSTED_PAGE_SOURCE) return;
    if (data.type === 'ready') {
      frame.contentWindow?.postMessage(
        { source: HOSTED_PAGE_SOURCE, type: 'redirect', html: redirectData },
        origin,
      );
    } else if (data.type === 'result' && !answered) {
      answered = true;
      onResult(
        data.ok === true && typeof data.token === 'string' && data.token
          ? { ok: true, token: data.token }
          : { ok: false, message: hostedPageFailure(typeof data.code === 'string' ? data.code : '') },
      );
    }
  }

  window.addEventListener('message', onMessage);
  frame.setAttribute('sandbox', HOSTED_FRAME_SANDBOX);
  frame.title = HOSTED_FRAME_TITLE;
  frame.className = 'block h-[28rem] w-full rounded-md border border-border';
  frame.referrerPolicy = 'no-referrer';
  frame.src = options.src ?? `${origin}${HOSTED_FRAME_PATH}`;
  container.appendChild(frame);
  return () => {
    window.removeEventListener('message', onMessage);
    frame.remove();
  };
}
