import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useUpdateMember } from '../api';
import { CAP_HINT, parseCap } from '../cap';
import { capText } from '../roles';

/** A payer sets (or clears) their own monthly spending cap for this circle. */
export function MyCapForm({ circleId, me, cap }: { circleId: number; me: number; cap: number | null }) {
  const update = useUpdateMember(circleId);
  const [text, setText] = useState(cap === null ? '' : String(cap));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseCap(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    update.mutate(
      { userId: me, monthlyCapJmd: parsed.value },
      {
        onSuccess: () =>
          toast({
            title: 'Monthly cap saved',
            description:
              parsed.value === null
                ? 'You have no monthly cap.'
                : `Your cap is ${capText(parsed.value)} a month.`,
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="my-cap">
      <p className="text-muted-foreground">
        {cap === null ? 'You have no monthly cap.' : `Your cap is ${capText(cap)} a month.`} Bookings that
        would take you over it wait for your approval.
      </p>
      <FormField label="My monthly cap" hint={CAP_HINT} error={error ?? undefined} className="max-w-xs">
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormField>
      {update.isError ? <Alert>{errorMessage(update.error, 'Your cap was not saved.')}</Alert> : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save my cap'}
      </Button>
    </form>
  );
}
