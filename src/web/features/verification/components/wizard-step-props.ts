import type { PublicUser } from '../../auth/api';
import type { VerificationState } from '../api';

/** What each step of the verification wizard gets: the record, the user, and the way to the next step. */
export interface WizardStepProps {
  v: VerificationState;
  user: PublicUser;
  onNext: () => void;
}
