import { CreditCard, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatJmd, toCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/error-messages';
import { beginHostedPayment } from '../api';
import { type HostedPageResult, mountHostedPage } from '../hosted-page';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type Stage =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'open'; redirectData: string; amount: string }
  | { kind: 'confirmed' };

/**
 * The card tab with PowerTranz (ADR 0053): "Enter card details" starts the payment on the server (its amount),
 * then the provider's page and the bank's verification show in a frame. The family confirms on that page;
 * the token it ends with goes to `onToken`, which pays through POST /api/payments. A card the page did not
 * confirm goes to `onFailure` with the texts families know. Remount (a new `key`) for a new attempt.
 */
export function HostedPaymentPage({
  bookingId,
  disabled,
  onToken,
  onFailure,
  onOpen,
}: {
  bookingId: number;
  disabled?: boolean;
  /** A new page is being opened (the page clears an earlier decline). */
  onOpen?: () => void;
  onToken: (token: string) => void;
  onFailure: (message: string) => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string>();
  const container = useRef<HTMLDivElement>(null);
  const key = useRef(newKey());
  const handlers = useRef({ onToken, onFailure });
  handlers.current = { onToken, onFailure };

  const redirectData = stage.kind === 'open' ? stage.redirectData : undefined;
  useEffect(() => {
    const node = container.current;
    if (!node || !redirectData) return;
    return mountHostedPage(node, redirectData, (result: HostedPageResult) => {
      if (result.ok) {
        setStage({ kind: 'confirmed' });
        handlers.current.onToken(result.token);
      } else {
        // A new page for a new try: this transaction is over.
        key.current = newKey();
        setStage({ kind: 'idle' });
        handlers.current.onFailure(result.message);
      }
    });
  }, [redirectData]);

  async function open() {
    setError(undefined);
    onOpen?.();
    setStage({ kind: 'starting' });
    try {
      const started = await beginHostedPayment(bookingId, key.current);
      if (started.cardEntry !== 'hosted-page') {
        setStage({ kind: 'idle' });
        setError('The secure card page is not available. Please refresh the page.');
        return;
      }
      setStage({ kind: 'open', redirectData: started.redirectData, amount: started.amount });
    } catch (err) {
      setStage({ kind: 'idle' });
      setError(errorMessage(err, 'The secure card page could not be opened. Please try again.'));
    }
  }

  function cancel() {
    key.current = newKey();
    setStage({ kind: 'idle' });
  }

  return (
    <div className="space-y-3" data-testid="hosted-payment-page">
      {error ? <Alert>{error}</Alert> : null}
      {stage.kind === 'idle' || stage.kind === 'starting' ? (
        <>
          <p className="flex items-start gap-2 text-sm">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            You enter your card on our card processor’s secure page, and your bank may ask you to confirm it
            is you (3-D Secure). YaadCare never sees your card details.
          </p>
          <Button
            type="button"
            className="w-full"
            disabled={disabled || stage.kind === 'starting'}
            onClick={() => void open()}
          >
            <CreditCard aria-hidden="true" className="size-4" />
            {stage.kind === 'starting' ? 'Opening the secure card page…' : 'Enter card details'}
          </Button>
        </>
      ) : null}
      {stage.kind === 'open' ? (
        <>
          <p className="text-sm">
            Enter your card on the secure page below and confirm. It holds{' '}
            <strong>{formatJmd(toCents(stage.amount))}</strong>; finish within 5 minutes.
          </p>
          <div ref={container} />
          <Button type="button" variant="outline" className="w-full" onClick={cancel}>
            Cancel and start again
          </Button>
        </>
      ) : null}
      {stage.kind === 'confirmed' ? (
        <p role="status" className="text-sm font-semibold">
          Card confirmed. Finishing your payment…
        </p>
      ) : null}
    </div>
  );
}
