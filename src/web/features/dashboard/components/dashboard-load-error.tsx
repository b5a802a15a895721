import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { useNavigate } from '../../../lib/router';
import { logout, resetSessionCache } from '../../auth/api';

/** docs/product.md#errors dashboard load failure, with Refresh Page and 'Clear Auth & Restart' (docs/product.md#flows). */
export function DashboardLoadError() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Unable to Load Dashboard</h1>
      <p role="alert" className="text-muted-foreground">
        Failed to load dashboard data. This may be because your authentication token is invalid.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <Button
          variant="outline"
          onClick={async () => {
            localStorage.removeItem('auth_token');
            try {
              await logout();
            } catch {
              // Already signed out: nothing to clear on the server.
            }
            resetSessionCache(queryClient, null);
            navigate('/login', { replace: true });
          }}
        >
          Clear Auth &amp; Restart
        </Button>
      </div>
    </div>
  );
}
