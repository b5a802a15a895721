import { Flag } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogHeader } from '../../../components/ui/dialog-header';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { formatMessageTime } from '../../../lib/format';
import { type Message, useReport } from '../api';

/** How many of their latest messages the report dialog offers to point at. */
export const REPORTABLE_MESSAGES = 10;
const snippet = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** Report the other person to the team, optionally pointing at one of their latest messages. */
export function ReportDialog({ userId, name, theirs }: { userId: number; name: string; theirs: Message[] }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [messageId, setMessageId] = useState('');
  const report = useReport(userId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    report.mutate(
      { reason: reason.trim(), messageId: messageId ? Number(messageId) : undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          setMessageId('');
          toast({ title: 'Report sent', description: 'Our team will review this conversation.' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Report not sent',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Flag aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Report</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-5 shadow-xl focus:outline-none">
          <DialogHeader
            title={<>Report {name}</>}
            description={<>Our team will see your conversation with {name} and your reason.</>}
            closeLabel="Close"
          />
          <form onSubmit={submit} className="mt-4 space-y-4">
            {theirs.length > 0 ? (
              <FormField label="Which message? (optional)">
                <Select value={messageId} onChange={(e) => setMessageId(e.target.value)}>
                  <option value="">The conversation as a whole</option>
                  {theirs.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {formatMessageTime(m.createdAt)}: {snippet(m.content)}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            <FormField label="What happened?">
              <Textarea
                value={reason}
                maxLength={1000}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </FormField>
            <Button type="submit" variant="destructive" disabled={!reason.trim() || report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
