import { useState } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useReceipts } from '../features/receipts/api';
import { Link } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /receipts: every receipt of mine, newest first (ADR 0055): what I paid, tipped or got back, my plan charges;
 * a caregiver's visit payments and payouts. Each opens its printable page with the PDF.
 */
export default function ReceiptsPage() {
  useDocumentTitle('Receipts');
  const [page, setPage] = useState(1);
  const receipts = useReceipts(page);
  const data = receipts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Receipts</h1>
        <p className="text-muted-foreground">
          A receipt for every payment, tip, plan charge, refund and payout, to keep for your records. Amounts
          are in Jamaican dollars; dates are Jamaica time.
        </p>
      </div>
      {receipts.isPending ? (
        <Spinner label="Loading your receipts" />
      ) : receipts.isError ? (
        <div className="space-y-3">
          <Alert>Your receipts could not be loaded.</Alert>
          <Button variant="outline" onClick={() => void receipts.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.receipts.length > 0 ? (
        <>
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {data.receipts.map((r) => (
              <li key={r.number}>
                <Link
                  to={`/receipts/${r.number}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 hover:bg-muted focus-visible:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {r.title}: {r.amountText}
                    </span>
                    <span className="block break-words text-sm text-muted-foreground">
                      {r.dateText} · {r.detail}
                    </span>
                  </span>
                  <span className="text-sm text-muted-foreground">{r.number}</span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Receipt pages" className="flex items-center justify-between gap-2">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </nav>
          ) : null}
        </>
      ) : (
        <p className="text-muted-foreground">
          No receipts yet. When a visit is paid, a tip sent, a plan charged, money refunded or a payout made,
          its receipt appears here and is e-mailed to you.
        </p>
      )}
    </div>
  );
}
