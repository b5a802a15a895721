import type { VerificationState } from './contracts/verification';

/**
 * One status model for the verification steps, used by the wizard's stepper, its progress bar and the
 * caregiver dashboard, so they can never disagree.
 * - not-started: the caregiver has not done their part yet
 * - submitted:   done by the caregiver, waiting for a reviewer
 * - approved:    a reviewer approved it (and, for the police record, it is under 12 months old), or the
 *                caregiver proved it (e-mail link, texted code: labelled "Verified")
 * - rejected:    a reviewer asked for a fix (see the reason)
 * - expired:     approved once, but the police record is now over 12 months old
 */
export const STEP_STATUSES = ['not-started', 'submitted', 'approved', 'rejected', 'expired'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const STEP_STATUS_LABEL: Record<StepStatus, string> = {
  'not-started': 'Not started',
  submitted: 'Submitted, awaiting review',
  approved: 'Approved',
  rejected: 'Needs a fix',
  expired: 'Expired',
};

/** The five steps the caregiver sees (docs/product.md#verification: identity is the ID and the selfie together). */
export const WIZARD_STEPS = [
  { key: 'email', title: 'Email', parts: ['email'] },
  { key: 'phone', title: 'Phone', parts: ['phone'] },
  { key: 'identity', title: 'Identity documents', parts: ['id', 'selfie'] },
  { key: 'address', title: 'Address', parts: ['address'] },
  { key: 'background', title: 'Background check', parts: ['background'] },
] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

type StatusInput = Pick<VerificationState, 'steps' | 'policeRecordStale' | 'status'>;
type Part = (typeof WIZARD_STEPS)[number]['parts'][number];

/** The parts the caregiver proves (issue 32): done is approved, and they read "Verified", not "Approved". */
const PROVEN_BY_USER: readonly Part[] = ['email', 'phone'];

function partStatus(v: StatusInput, part: Part): StepStatus {
  const { state } = v.steps[part];
  if (part === 'background' && v.policeRecordStale && state !== 'rejected') {
    // An old record: approved once, or sent but already too old to approve.
    return state === 'todo' ? 'not-started' : 'expired';
  }
  // E-mail and phone are proven by the caregiver (the link, the texted code): nobody reviews them.
  if (state === 'done') return PROVEN_BY_USER.includes(part) ? 'approved' : 'submitted';
  if (state === 'todo') return 'not-started';
  return state;
}

/** The worst part decides: a fix or a renewal first, then what is still to do, then the review. */
const PRECEDENCE: StepStatus[] = ['rejected', 'expired', 'not-started', 'submitted', 'approved'];

export interface WizardStepStatus {
  key: WizardStepKey;
  title: string;
  status: StepStatus;
  label: string;
  /** The reviewer's notes for the parts that need a fix. */
  reasons: string[];
}

export function wizardStepStatuses(v: StatusInput): WizardStepStatus[] {
  return WIZARD_STEPS.map((step) => {
    const statuses = step.parts.map((p) => partStatus(v, p));
    const status = PRECEDENCE.find((s) => statuses.includes(s)) ?? 'not-started';
    const reasons = step.parts
      .map((p) => (v.steps[p].state === 'rejected' ? v.steps[p].reason : null))
      .filter((r): r is string => Boolean(r));
    const proven = status === 'approved' && step.parts.every((p) => PROVEN_BY_USER.includes(p));
    const label = proven ? 'Verified' : STEP_STATUS_LABEL[status];
    return { key: step.key, title: step.title, status, label, reasons };
  });
}

/** The progress bar counts approved steps only: the same word the stepper shows. */
export function verificationProgress(v: StatusInput) {
  const steps = wizardStepStatuses(v);
  const approved = steps.filter((s) => s.status === 'approved').length;
  const submitted = steps.filter((s) => s.status === 'submitted').length;
  const total = steps.length;
  const percent = Math.round((approved / total) * 100);
  const text = `${approved} of ${total} steps approved${submitted ? ` · ${submitted} awaiting review` : ''}`;
  return { steps, approved, submitted, total, percent, text };
}

/**
 * May the caregiver send the verification (again)? The first time, and afterwards only when a step was
 * rejected or has expired: a record under review or approved has nothing to resubmit.
 */
export function canSubmitVerification(v: StatusInput): boolean {
  if (v.status === 'pending' || v.status === 'rejected') return true;
  return wizardStepStatuses(v).some((s) => s.status === 'rejected' || s.status === 'expired');
}
