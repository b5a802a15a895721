import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { useAppConfig } from '../../features/config/api';

/** Shown on every page while the server runs in demo mode (sample data, e-mails kept in an outbox). */
export function DemoBanner() {
  const { data } = useAppConfig();
  if (!data?.demoMode) return null;
  return (
    <div className="bg-accent-soft text-sm text-foreground">
      <p className="mx-auto max-w-6xl px-4 py-2">
        <FlaskConical aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.125em]" />
        Demo mode — sample data; e-mails go to the outbox.{' '}
        <Link to="/dev/outbox" className="font-semibold underline underline-offset-2 hover:no-underline">
          Open the outbox
        </Link>
      </p>
    </div>
  );
}
