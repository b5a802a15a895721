import { Tabs } from 'radix-ui';
import { ReportsPanel } from '../features/admin/components/reports-panel';
import { UsersPanel } from '../features/admin/components/users-panel';
import { VerificationQueue } from '../features/admin/components/verification-queue';
import { AdminShortlistsPanel } from '../features/care-requests/components/admin-shortlists';
import { OutboxPanel } from '../features/dev-outbox/outbox-panel';
import { EmergenciesPanel } from '../features/emergencies/components/emergencies-panel';
import { SupportConversationsPanel } from '../features/messages/components/admin-messaging';
import { AdminDeliveriesPanel } from '../features/notifications/components/admin-deliveries-panel';
import { AdminMoneyPanel } from '../features/payments/components/admin-money-panel';
import { AdminPayoutBatches } from '../features/payments/components/admin-payout-batches';
import { AdminTransfersPanel } from '../features/payments/components/admin-transfers-panel';
import { MoneyAuditPanel } from '../features/payments/components/money-audit-panel';
import { AdminPlansSummary } from '../features/plans/components/admin-plans-summary';
import { AdminReviewsPanel } from '../features/reviews/components/admin-reviews-panel';
import { AdminTicketsPanel } from '../features/support/components/admin-tickets-panel';
import { useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';

const tabClasses =
  'rounded-md px-4 py-2 text-sm font-semibold data-[state=active]:bg-primary data-[state=active]:text-primary-foreground hover:bg-muted data-[state=active]:hover:bg-primary';

/** The console's tabs in order: the trigger's label and the panel it shows. */
const TABS = [
  { value: 'verifications', label: 'Verifications', panel: <VerificationQueue /> },
  { value: 'reports', label: 'Reports', panel: <ReportsPanel /> },
  { value: 'users', label: 'Users', panel: <UsersPanel /> },
  {
    value: 'payments',
    label: 'Payments',
    panel: (
      <div className="space-y-10">
        <AdminPlansSummary />
        <AdminTransfersPanel />
        <AdminPayoutBatches />
        <AdminMoneyPanel />
      </div>
    ),
  },
  { value: 'money-audit', label: 'Money audit', panel: <MoneyAuditPanel /> },
  { value: 'support', label: 'Support', panel: <AdminTicketsPanel /> },
  { value: 'shortlists', label: 'Shortlists', panel: <AdminShortlistsPanel /> },
  { value: 'emergencies', label: 'Emergencies', panel: <EmergenciesPanel /> },
  { value: 'deliveries', label: 'Deliveries', panel: <AdminDeliveriesPanel /> },
  { value: 'outbox', label: 'Outbox', panel: <OutboxPanel /> },
];

/** /admin: the console's tabs, each a feature's panel (admins only; others are redirected). */
export default function AdminPage() {
  useDocumentTitle('Admin');
  // /admin?tab=outbox opens a tab directly (/dev/outbox redirects there).
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">Admin</h1>
      <Tabs.Root defaultValue={searchParams.get('tab') ?? 'verifications'} className="space-y-6">
        <Tabs.List
          aria-label="Admin sections"
          className="flex flex-wrap gap-1 rounded-lg border border-border bg-surface p-1 sm:inline-flex"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={tabClasses}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.panel}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <AdminReviewsPanel />
      <div className="mt-10">
        <SupportConversationsPanel />
      </div>
    </div>
  );
}
