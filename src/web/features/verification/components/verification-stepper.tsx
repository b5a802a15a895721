import { CheckCircle2, Circle, CircleAlert, Clock, TimerOff } from 'lucide-react';
import {
  type StepStatus,
  verificationProgress,
  type WizardStepStatus,
} from '../../../../shared/verification-status';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import type { VerificationState } from '../api';

/** The icon of a step status (decorative: the status is always said in words beside it). */
export function StepStatusIcon({ status }: { status: StepStatus }) {
  const cls = 'size-5 shrink-0';
  if (status === 'approved') return <CheckCircle2 aria-hidden="true" className={cn(cls, 'text-primary')} />;
  if (status === 'submitted') return <Clock aria-hidden="true" className={cn(cls, 'text-primary')} />;
  if (status === 'rejected')
    return <CircleAlert aria-hidden="true" className={cn(cls, 'text-destructive')} />;
  if (status === 'expired') return <TimerOff aria-hidden="true" className={cn(cls, 'text-destructive')} />;
  return <Circle aria-hidden="true" className={cn(cls, 'text-muted-foreground')} />;
}

/** "n of 5 steps approved" and the bar: both count what the stepper labels Approved. */
export function VerificationProgress({ v, className }: { v: VerificationState; className?: string }) {
  const { text, percent } = verificationProgress(v);
  return (
    <div className={cn('space-y-2', className)}>
      <p className="text-sm font-semibold" data-testid="verification-progress">
        {text}
      </p>
      <Progress value={percent} label="Verification progress" />
    </div>
  );
}

/** The five steps with their status; buttons in the wizard (`onSelect`), a plain list elsewhere. */
export function VerificationStepper({
  v,
  current,
  onSelect,
  className,
}: {
  v: VerificationState;
  current?: number;
  onSelect?: (index: number) => void;
  className?: string;
}) {
  const { steps } = verificationProgress(v);
  const body = (s: WizardStepStatus, i: number) => (
    <>
      <StepStatusIcon status={s.status} />
      <span>
        <span className="block font-semibold">
          {i + 1}. {s.title}
        </span>
        <span className="block text-muted-foreground" data-testid={`step-status-${s.key}`}>
          {s.label}
        </span>
      </span>
    </>
  );
  return (
    <nav aria-label="Verification steps" className={className}>
      <ol className={cn('grid gap-2', onSelect ? 'sm:grid-cols-5' : '')}>
        {steps.map((s, i) => (
          <li key={s.key}>
            {onSelect ? (
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={current === i ? 'step' : undefined}
                className={cn(
                  'flex w-full items-center gap-2 rounded-xl border p-3 text-left text-sm',
                  current === i
                    ? 'border-primary bg-primary-soft'
                    : 'border-border bg-surface hover:border-primary',
                )}
              >
                {body(s, i)}
              </button>
            ) : (
              <div className="flex items-center gap-2 text-sm">{body(s, i)}</div>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
