/**
 * The provider's hosted card fields, seen from our payment page. Card numbers and security codes are
 * typed into the provider's page (an iframe) and go only to the provider, which hands back a single-use
 * token; our page and our API see the token, the brand and the last 4 (PCI DSS SAQ A).
 *
 * A real provider (Stripe Elements, a Jamaican acquirer's hosted payment page, PayPal card fields)
 * implements the same small interface: mount(container) → tokenize() → { token, brand, last4 }.
 */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface HostedCardFields {
  /** Puts the provider's card fields into the container. */
  mount(container: HTMLElement): void;
  /** Asks the fields for a single-use token; rejects with a CardFieldsError whose message is for the family. */
  tokenize(): Promise<CardToken>;
  /** Removes the fields and stops listening. */
  unmount(): void;
}

export interface HostedFieldsEvents {
  /** The family pressed Enter inside the fields. */
  onSubmit?: () => void;
}

export type HostedFieldsFactory = (events: HostedFieldsEvents) => HostedCardFields;

/** A refusal from the card fields (invalid number, expired card…) or their failure to answer. */
export class CardFieldsError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CardFieldsError';
  }
}

export const CARD_FIELDS_UNAVAILABLE =
  'The secure card form is not responding. Please refresh the page and try again.';

const SOURCE = 'yc-sandbox-fields';
const READY_TIMEOUT_MS = 20_000;
const ANSWER_TIMEOUT_MS = 30_000;

interface FieldsMessage {
  source?: unknown;
  type?: unknown;
  id?: unknown;
  height?: unknown;
  ok?: unknown;
  token?: unknown;
  brand?: unknown;
  last4?: unknown;
  message?: unknown;
  field?: unknown;
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The built-in sandbox's fields: /sandbox-pay/fields on our own origin. Messages are accepted only from
 * that origin and from that iframe's window, and sent only to that origin.
 */
export function createSandboxCardFields(
  events: HostedFieldsEvents = {},
  options: { src?: string; origin?: string } = {},
): HostedCardFields {
  const origin = options.origin ?? window.location.origin;
  const src = options.src ?? `${origin}/sandbox-pay/fields`;
  let frame: HTMLIFrameElement | undefined;
  let markReady: () => void = () => {};
  let ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const pending = new Map<string, { resolve: (t: CardToken) => void; reject: (e: Error) => void }>();

  function onMessage(event: MessageEvent) {
    if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data as FieldsMessage | null;
    if (!data || data.source !== SOURCE) return;
    if (typeof data.height === 'number' && Number.isFinite(data.height)) {
      frame.style.height = `${Math.min(Math.max(Math.ceil(data.height), 80), 1200)}px`;
    }
    if (data.type === 'ready') markReady();
    else if (data.type === 'submit') events.onSubmit?.();
    else if (data.type === 'result' && typeof data.id === 'string') {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.ok === true && typeof data.token === 'string') {
        waiting.resolve({
          token: data.token,
          brand: String(data.brand ?? ''),
          last4: String(data.last4 ?? ''),
        });
      } else {
        waiting.reject(
          new CardFieldsError(
            typeof data.message === 'string' ? data.message : CARD_FIELDS_UNAVAILABLE,
            typeof data.field === 'string' ? data.field : undefined,
          ),
        );
      }
    }
  }

  function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        onTimeout();
        reject(new CardFieldsError(CARD_FIELDS_UNAVAILABLE));
      }, ms);
      promise.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  return {
    mount(container) {
      ready = new Promise<void>((resolve) => {
        markReady = resolve;
      });
      frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Secure card form';
      frame.className = 'block w-full border-0';
      frame.style.height = '190px';
      window.addEventListener('message', onMessage);
      container.appendChild(frame);
    },
    async tokenize() {
      await withTimeout(ready, READY_TIMEOUT_MS, () => {});
      const target = frame?.contentWindow;
      if (!target) throw new CardFieldsError(CARD_FIELDS_UNAVAILABLE);
      const id = newId();
      const answer = new Promise<CardToken>((resolve, reject) => pending.set(id, { resolve, reject }));
      target.postMessage({ type: 'tokenize', id }, origin);
      return withTimeout(answer, ANSWER_TIMEOUT_MS, () => pending.delete(id));
    },
    unmount() {
      window.removeEventListener('message', onMessage);
      for (const waiting of pending.values()) waiting.reject(new CardFieldsError(CARD_FIELDS_UNAVAILABLE));
      pending.clear();
      frame?.remove();
      frame = undefined;
    },
  };
}
