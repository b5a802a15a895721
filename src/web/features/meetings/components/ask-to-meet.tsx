import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { FromState } from '../../../lib/from-state';
import { useLocation, useNavigate } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';

// The dialog (its form, contract and mutation) is a chunk of its own, loaded when a family opens it: the
// profile's first screen stays within its JavaScript budget (ADR 0023).
const loadDialog = () => import('./ask-to-meet-dialog');
const AskToMeetDialog = lazy(loadDialog);

/**
 * "Ask to meet" (issue 33): a family asks a caregiver for a free 15- or 30-minute meeting before booking.
 * Signed out: to login and back here. Caregivers and admins see nothing.
 */
export function AskToMeet({
  caregiverId,
  name,
  careRequestId,
  className,
}: {
  caregiverId: number;
  /** How the caregiver is named on the button and in the dialog ('Marcia C.'). */
  name: string;
  careRequestId?: number;
  className?: string;
}) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (user && user.userType !== 'family') return null;

  const onClick = () => {
    if (!user) {
      const state: FromState = { from: { pathname: location.pathname, search: location.search } };
      navigate('/login', { state });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        onClick={onClick}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
      >
        <CalendarClock aria-hidden="true" className="size-4" />
        Ask to meet
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AskToMeetDialog
            caregiverId={caregiverId}
            name={name}
            careRequestId={careRequestId}
            timeZone={user?.timeZone}
            onClose={() => setOpen(false)}
            returnFocus={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
