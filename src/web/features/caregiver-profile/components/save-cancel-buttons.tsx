import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** "Save Changes" and "Cancel" under the account and profile edit forms; both wait while saving. */
export function SaveCancelButtons({
  pending,
  onCancel,
  className,
}: {
  pending: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save Changes'}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
