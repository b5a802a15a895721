import { TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  EMERGENCY_MESSAGES,
  emergenciesCovering,
  emergencyTitle,
  formatJamaicaInstant,
} from '../../../../shared/emergency-rules';
import { useCurrentUser } from '../../auth/api';
import { useActiveEmergencies } from '../active-query';

const DISMISSED = 'yc-emergency-dismissed';

/** What was dismissed this session: an emergency's id and end (an extension shows it again). */
function useDismissed(): [Set<string>, (key: string) => void] {
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    try {
      setDismissed(new Set(JSON.parse(sessionStorage.getItem(DISMISSED) ?? '[]') as string[]));
    } catch {
      // Blocked storage: the banner shows until dismissed on this page.
    }
  }, []);
  const dismiss = (key: string) =>
    setDismissed((prev) => {
      const next = new Set(prev).add(key);
      try {
        sessionStorage.setItem(DISMISSED, JSON.stringify([...next]));
      } catch {
        // Not kept past this page: nothing else to do.
      }
      return next;
    });
  return [dismissed, dismiss];
}

/**
 * On every page (ADR 0030): the parish emergencies in force. Visitors and admins see every one (the public
 * message); a signed-in family or caregiver sees those for their parish, with what it means for bookings.
 */
export function EmergencyBanner() {
  const { data } = useActiveEmergencies();
  const { data: user } = useCurrentUser();
  const [dismissed, dismiss] = useDismissed();
  const all = data?.emergencies ?? [];
  const mine = !user || user.userType === 'admin' ? all : emergenciesCovering(all, user.parish);
  const shown = mine.filter((e) => !dismissed.has(`${e.id}:${e.endsAt}`));
  if (shown.length === 0) return null;
  const affectsYou = !!user && user.userType !== 'admin';
  return (
    <aside
      aria-label="Emergency notice"
      className="border-b border-destructive/40 bg-destructive-soft text-foreground"
    >
      <ul className="mx-auto max-w-6xl space-y-2 px-4 py-3">
        {shown.map((e) => {
          const started = new Date(e.startsAt).getTime() <= Date.now();
          return (
            <li key={e.id} className="flex items-start gap-3 text-sm">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
              <div className="min-w-0 flex-1 break-words">
                <p className="font-bold">{emergencyTitle(e)}</p>
                <p>
                  {e.message}{' '}
                  {/* Each instant stays on one line; the sentence wraps between them (issue 32: "From … until …"
                      on one line made a 360 px page 527 px wide). */}
                  {started ? null : (
                    <>
                      From <span className="whitespace-nowrap">{formatJamaicaInstant(e.startsAt)}</span>{' '}
                    </>
                  )}
                  until <span className="whitespace-nowrap">{formatJamaicaInstant(e.endsAt)}</span> (Jamaica
                  time).
                  {affectsYou ? ` ${EMERGENCY_MESSAGES.cancelFree}` : ''}
                </p>
              </div>
              <button
                type="button"
                onClick={() => dismiss(`${e.id}:${e.endsAt}`)}
                aria-label={`Dismiss: ${emergencyTitle(e)}`}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
