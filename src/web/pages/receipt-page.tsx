import { Download, Printer } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { Button, buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { receiptPdfUrl, useReceipt } from '../features/receipts/api';
import { isApiError } from '../lib/api';
import { Link, useParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/** /receipts/:number: one receipt, as it prints, with its PDF to download (ADR 0055). */
export default function ReceiptPage() {
  const number = useParams().number ?? '';
  useDocumentTitle(`Receipt ${number}`);
  const receipt = useReceipt(number);
  const v = receipt.data;

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 print:py-0">
      <p className="print:hidden">
        <Link to="/receipts" className="font-semibold text-primary underline">
          All receipts
        </Link>
      </p>
      {receipt.isPending ? (
        <Spinner label="Loading the receipt" />
      ) : receipt.isError ? (
        <div className="space-y-3">
          <h1 className="text-2xl font-bold">Receipt</h1>
          <Alert>
            {isApiError(receipt.error) && receipt.error.status === 404
              ? 'We could not find that receipt.'
              : 'The receipt could not be loaded.'}
          </Alert>
          <Button variant="outline" onClick={() => void receipt.refetch()}>
            Try again
          </Button>
        </div>
      ) : v ? (
        <article aria-labelledby="receipt-title" className="space-y-6">
          <header className="space-y-1">
            <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              YaadCare receipt
            </p>
            <h1 id="receipt-title" className="text-3xl font-extrabold tracking-tight">
              {v.title}: {v.amountText}
            </h1>
            <p className="text-muted-foreground">{v.number}</p>
          </header>
          <dl className="divide-y divide-border rounded-2xl border border-border bg-surface print:border-0">
            {v.rows.map((r) => (
              <div key={r.label} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <dt className="font-semibold">{r.label}</dt>
                <dd className="break-words">{r.value}</dd>
              </div>
            ))}
          </dl>
          {v.items.length > 0 ? (
            <section aria-labelledby="receipt-items" className="space-y-2">
              <h2 id="receipt-items" className="text-xl font-bold">
                Included in this payout
              </h2>
              <dl className="divide-y divide-border rounded-2xl border border-border bg-surface">
                {v.items.map((it) => (
                  <div key={it.id} className="flex justify-between gap-4 p-3">
                    <dt>{it.label}</dt>
                    <dd className="font-semibold">{it.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Amounts are in Jamaican dollars (J$). An estimate in another currency is for reading only.
          </p>
          <div className="flex flex-wrap gap-2 print:hidden">
            <a href={receiptPdfUrl(v.number)} download className={buttonClasses({ variant: 'primary' })}>
              <Download aria-hidden="true" className="size-4" />
              Download PDF
            </a>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </Button>
          </div>
        </article>
      ) : null}
    </div>
  );
}
