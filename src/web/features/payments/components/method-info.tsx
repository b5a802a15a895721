import type { PaymentMethodValue } from '../../../../shared/contracts/payments';
import { PAYMENT_METHOD_INFO } from '../../../../shared/payment-methods';

/** Who can pay with a method and what happens when they do (Zelle and Cash App: not Jamaican accounts). */
export function MethodInfo({ method }: { method: PaymentMethodValue }) {
  const info = PAYMENT_METHOD_INFO[method];
  return (
    <div className="space-y-1 text-sm" data-testid={`method-info-${method}`}>
      <p>
        <strong>Who can use it:</strong> {info.who}
      </p>
      <p>{info.how}</p>
    </div>
  );
}
