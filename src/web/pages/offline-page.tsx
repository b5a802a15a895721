import { WifiOff } from 'lucide-react';
import { Alert } from '../components/ui/alert';
import { OfflineVisits } from '../features/visits/components/offline-visits';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What a signed-in page shows when the phone is offline and the signed-in user cannot be asked for (the
 * service worker opened the app's shell: src/web/visit-sw.ts). A caregiver also finds the visits kept on
 * this phone, each opening its visit screen offline; anyone else reads a plain message.
 */
export default function OfflinePage() {
  useDocumentTitle('You are offline');
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
        <WifiOff aria-hidden="true" className="size-7 text-primary" />
        You are offline
      </h1>
      <Alert variant="info">This page needs a connection. It opens by itself when you are back online.</Alert>
      <OfflineVisits />
    </div>
  );
}
