import { FlaskConical } from 'lucide-react';
import { useAppConfig } from '../../features/config/api';

/**
 * Shown on every page while the server runs in demo mode. No link to the outbox: it holds everyone's reset
 * links and codes, so only admins read it (the admin console's Outbox tab; ADR 0011).
 */
export function DemoBanner() {
  const { data } = useAppConfig();
  if (!data?.demoMode) return null;
  return (
    <div className="bg-accent-soft text-sm text-foreground">
      <p className="mx-auto max-w-6xl px-4 py-2">
        <FlaskConical aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.125em]" />
        Demo mode — sample data; e-mails and text messages are not sent (they are printed in the server log).
      </p>
    </div>
  );
}
