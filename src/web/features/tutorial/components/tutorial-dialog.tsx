import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Link, useNavigate } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { readOnboardingRecord, saveOnboardingRecord } from '../onboarding-record';
import { TUTORIAL_STEPS, type TutorialKind } from '../steps';
import { closeTutorial, takeReturnFocus, useTutorialState } from '../store';

function TutorialContent({
  kind,
  onFinish,
  onCloseAutoFocus,
}: {
  kind: TutorialKind;
  onFinish: (options?: { navigateTo?: string }) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const steps = TUTORIAL_STEPS[kind];
  const [index, setIndex] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);
  const step = steps[index];
  const last = index === steps.length - 1;
  const Icon = step.icon;
  const position = `Step ${index + 1} of ${steps.length}`;

  const back = () => {
    const to = Math.max(0, index - 1);
    setIndex(to);
    // Back turns disabled on the first step; keep the keyboard user on a working button.
    if (to === 0) nextRef.current?.focus();
  };

  return (
    <Dialog.Content
      onOpenAutoFocus={(event) => {
        // Start on the button that moves the tour on, not on the close button in the corner.
        event.preventDefault();
        nextRef.current?.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      className="tutorial-content fixed top-1/2 left-1/2 z-[51] flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl focus:outline-none sm:p-8"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-bold tracking-wide text-primary uppercase">
          {kind === 'caregiver' ? 'Caregiver tutorial' : 'Family tutorial'}
        </p>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Close tutorial" className="-mt-2 -mr-2 shrink-0">
            <X aria-hidden="true" className="size-5" />
          </Button>
        </Dialog.Close>
      </div>

      <div className="space-y-3">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary"
        >
          <Icon className="size-6" />
        </span>
        <Dialog.Title className="text-2xl font-bold tracking-tight">{step.title}</Dialog.Title>
        <Dialog.Description className="text-base text-muted-foreground">{step.text}</Dialog.Description>
        {last ? null : (
          <Link
            to={step.action.to}
            className="inline-block rounded-sm font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
            onClick={() => onFinish({ navigateTo: step.action.to })}
          >
            {step.action.label}
          </Link>
        )}
      </div>

      <div className="flex items-center justify-between gap-3">
        <ol aria-hidden="true" className="flex gap-2">
          {steps.map((s, i) => (
            <li
              key={s.id}
              className={cn(
                'size-2.5 rounded-full transition-colors',
                i === index ? 'bg-primary' : i < index ? 'bg-primary/40' : 'bg-border-strong/40',
              )}
            />
          ))}
        </ol>
        <p className="text-sm font-medium text-muted-foreground" aria-hidden="true">
          {position}
        </p>
        {/* Screen readers hear where they are when the step changes. */}
        <p className="sr-only" aria-live="polite">
          {`${position}: ${step.title}`}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="ghost" onClick={() => onFinish()}>
          Skip Tutorial
        </Button>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" onClick={back} disabled={index === 0}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
          <Button
            ref={nextRef}
            className="whitespace-normal"
            onClick={() => (last ? onFinish({ navigateTo: step.action.to }) : setIndex(index + 1))}
          >
            {last ? step.action.label : 'Next'}
            {last ? null : <ChevronRight aria-hidden="true" className="size-4" />}
          </Button>
        </div>
      </div>
    </Dialog.Content>
  );
}

/**
 * The tutorial's dialog, loaded when it first opens (tutorial-host.tsx decides when). Finishing, skipping or
 * closing saves the onboarding record for the tutorial shown.
 */
export function TutorialDialog() {
  const { open, kind: requested, session } = useTutorialState();
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const navigating = useRef(false);

  const kind: TutorialKind =
    requested ??
    (user
      ? user.userType === 'caregiver'
        ? 'caregiver'
        : 'family'
      : (readOnboardingRecord()?.userType ?? 'family'));

  const finish = ({ navigateTo }: { navigateTo?: string } = {}) => {
    saveOnboardingRecord(kind);
    navigating.current = Boolean(navigateTo);
    closeTutorial();
    if (navigateTo) navigate(navigateTo);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) finish();
      }}
    >
      <Dialog.Portal>
        {/* The content sits above its overlay by z-index, not by DOM order (portals may mount in either order). */}
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/50" />
        <TutorialContent
          key={session}
          kind={kind}
          onFinish={finish}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a Dialog.Trigger; this dialog has none (anything may open it), so focus
            // goes back to whatever had it before. Leaving for another page, the new page's content gets it.
            event.preventDefault();
            const target = takeReturnFocus();
            if (!navigating.current && target?.isConnected) target.focus();
            navigating.current = false;
          }}
        />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
