import { useId } from 'react';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type MyCaregiverProfile, useUpdateCaregiverProfile } from '../api';

/** 'Available for bookings': saved at once; off hides the profile from search and booking. */
export function AvailabilitySwitch({ profile }: { profile: MyCaregiverProfile }) {
  const id = useId();
  const mutation = useUpdateCaregiverProfile();
  const checked = mutation.isPending ? Boolean(mutation.variables?.isAvailable) : profile.isAvailable;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-surface p-4">
      <Switch
        id={id}
        checked={checked}
        disabled={mutation.isPending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(isAvailable) =>
          mutation.mutate(
            { isAvailable },
            {
              onSuccess: () =>
                toast(
                  isAvailable
                    ? { title: 'Now Available', description: 'Families can find and book you again.' }
                    : {
                        title: 'Now Unavailable',
                        description:
                          'Your profile is hidden from search and booking until you switch it back on.',
                      },
                ),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Availability not changed',
                  description: errorMessage(error, 'Something went wrong. Please try again.'),
                }),
            },
          )
        }
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          Available for bookings
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {checked
            ? 'Your profile shows in search and families can book you.'
            : 'Your profile is hidden from search and cannot be booked.'}
        </p>
      </div>
    </div>
  );
}
