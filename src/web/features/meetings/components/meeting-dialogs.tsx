import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { MEETING_RULES } from '../../../../shared/contracts/meetings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogHeader } from '../../../components/ui/dialog-header';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type MeetingView, useDeclineMeeting, useProposeMeeting, useReportMeeting } from '../api';
import { EMPTY_SLOTS, type Slot, slotsToTimes, TimeSlots } from './time-slots';

function FormDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  onSubmit,
  children,
  error,
  submitLabel,
  pending,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  error: ReactNode;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-5 shadow-lg sm:p-6">
          <DialogHeader title={title} description={description} closeLabel="Close" />
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {children}
            {error}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Not now
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Propose up to three other times: the turn passes to the other party. */
export function ProposeDialog({ meeting, zone }: { meeting: MeetingView; zone: string }) {
  const [open, setOpen] = useState(false);
  const [slots, setSlots] = useState<Slot[]>(EMPTY_SLOTS);
  const [problem, setProblem] = useState<string>();
  const propose = useProposeMeeting(meeting.id);
  const problemId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = slotsToTimes(slots, zone, new Date());
    if (checked.error !== undefined) return setProblem(checked.error);
    setProblem(undefined);
    propose.mutate(
      { proposedTimes: checked.times },
      {
        onSuccess: () => {
          setOpen(false);
          setSlots(EMPTY_SLOTS);
          toast({ title: 'Times sent', description: `We told ${meeting.other.name}.` });
        },
      },
    );
  };
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm">
          Propose other times
        </Button>
      }
      title="Propose other times"
      description={`${meeting.other.name} then accepts one of them.`}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setProblem(undefined);
      }}
      onSubmit={onSubmit}
      error={
        problem ? (
          <div id={problemId}>
            <Alert>{problem}</Alert>
          </div>
        ) : propose.isError ? (
          <Alert>{errorMessage(propose.error, 'The times were not sent. Please try again.')}</Alert>
        ) : null
      }
      submitLabel={propose.isPending ? 'Sending…' : 'Send times'}
      pending={propose.isPending}
    >
      <TimeSlots
        slots={slots}
        onChange={setSlots}
        zone={zone}
        invalid={!!problem}
        describedBy={problem ? problemId : undefined}
      />
    </FormDialog>
  );
}

/** Decline whoever's turn it is, with an optional reason the other party reads. */
export function DeclineDialog({ meeting }: { meeting: MeetingView }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const decline = useDeclineMeeting(meeting.id);
  const id = useId();
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm">
          Decline
        </Button>
      }
      title="Decline the meeting"
      description={`${meeting.other.name} is told, with your reason if you give one.`}
      open={open}
      onOpenChange={setOpen}
      onSubmit={(e) => {
        e.preventDefault();
        decline.mutate(reason.trim() ? { reason: reason.trim() } : {}, { onSuccess: () => setOpen(false) });
      }}
      error={
        decline.isError ? (
          <Alert>{errorMessage(decline.error, 'The meeting was not declined. Please try again.')}</Alert>
        ) : null
      }
      submitLabel={decline.isPending ? 'Declining…' : 'Decline'}
      pending={decline.isPending}
    >
      <div className="space-y-1.5">
        <Label htmlFor={id}>Reason (optional)</Label>
        <Textarea
          id={id}
          value={reason}
          maxLength={MEETING_RULES.reasonMax}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** Report the other party to the YaadCare team; the report names this meeting. */
export function ReportDialog({ meeting }: { meeting: MeetingView }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportMeeting(meeting.id);
  const id = useId();
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm">
          Report
        </Button>
      }
      title={`Report ${meeting.other.name}`}
      description="Our team reads every report. Tell us what happened."
      open={open}
      onOpenChange={setOpen}
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return;
        report.mutate(reason.trim(), {
          onSuccess: () => {
            setOpen(false);
            setReason('');
            toast({ title: 'Report sent', description: 'Thank you. Our team will look into it.' });
          },
        });
      }}
      error={
        report.isError ? (
          <Alert>{errorMessage(report.error, 'The report was not sent. Please try again.')}</Alert>
        ) : null
      }
      submitLabel={report.isPending ? 'Sending…' : 'Send report'}
      pending={report.isPending || !reason.trim()}
    >
      <div className="space-y-1.5">
        <Label htmlFor={id}>What happened?</Label>
        <Textarea id={id} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      </div>
    </FormDialog>
  );
}
