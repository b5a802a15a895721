import { Alert } from '../../../components/ui/form-field';
import type { VerificationState } from '../api';

export function StatusBanner({ v }: { v: VerificationState }) {
  if (v.status === 'approved')
    return <Alert variant="info">You're verified. Families see the Verified badge on your profile.</Alert>;
  if (v.status === 'submitted')
    return (
      <Alert variant="info">
        Submitted for review. We'll let you know by email and in the app when it's decided.
      </Alert>
    );
  if (v.status === 'rejected')
    return (
      <Alert>
        <strong>Your verification needs attention.</strong> {v.rejectionReason} Fix the steps marked below and
        submit again.
      </Alert>
    );
  return null;
}

export function StepReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return <Alert>Reviewer's note: {reason}</Alert>;
}
