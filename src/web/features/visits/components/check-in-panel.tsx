import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { VisitSummary } from '../api';
import { checkInWindow } from '../visit-window';

/** The phone's position, only after the caregiver ticked the box; undefined when none could be had. */
function currentPosition(): Promise<{ lat: number; lng: number; accuracy: number } | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: Math.min(100_000, Math.round(p.coords.accuracy)),
        }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/**
 * Check-in and check-out, each with an optional location taken only with the caregiver's consent (the
 * server keeps only how accurate the position was, never the position: ADR 0028).
 */
export function CheckInPanel({
  summary,
  now,
  checkedIn,
  checkedOut,
  onRecord,
}: {
  summary: VisitSummary;
  now: Date;
  /** Checked in on the server or waiting to send. */
  checkedIn: boolean;
  checkedOut: boolean;
  onRecord: (path: 'check-in' | 'check-out', body: Record<string, unknown>) => Promise<unknown>;
}) {
  const consentId = useId();
  const whyId = useId();
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const win = checkInWindow(summary, now);

  const record = async (path: 'check-in' | 'check-out') => {
    setBusy(true);
    setNote(null);
    try {
      let body: Record<string, unknown> = {};
      if (consent) {
        const position = await currentPosition();
        if (position) body = { ...position, consent: true };
        else setNote('Your location could not be read: recorded without it.');
      }
      await onRecord(path, body);
    } finally {
      setBusy(false);
    }
  };

  if (checkedOut) return <p className="font-semibold">This visit is checked out.</p>;

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-2">
        <input
          id={consentId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <label htmlFor={consentId} className="text-sm">
          Use my location when I check in or out. YaadCare keeps only how accurate the position was (in
          metres), never the position itself.
        </label>
      </div>
      {checkedIn ? (
        <Button onClick={() => void record('check-out')} disabled={busy}>
          Check out
        </Button>
      ) : (
        <>
          <Button
            onClick={() => void record('check-in')}
            disabled={busy || !win.open}
            aria-describedby={win.open ? undefined : whyId}
          >
            Check in
          </Button>
          {win.open ? null : (
            <p id={whyId} className="text-sm text-muted-foreground">
              {win.reason}
            </p>
          )}
        </>
      )}
      {note ? <p className="text-sm">{note}</p> : null}
    </div>
  );
}
