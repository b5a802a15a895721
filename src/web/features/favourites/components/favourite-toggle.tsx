import { Heart } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { useCurrentUser } from '../../auth/api';
import { useFavourites, useToggleFavourite } from '../api';

/** The heart itself (favourite-button.tsx loads it for families only). */
export function FavouriteToggle({
  caregiverId,
  name,
  className,
}: {
  caregiverId: number;
  name: string;
  className?: string;
}) {
  const { data: user } = useCurrentUser();
  const isFamily = user?.userType === 'family';
  const favourites = useFavourites(isFamily);
  const toggle = useToggleFavourite();
  if (!isFamily) return null;
  const saved = toggle.isPending
    ? Boolean(toggle.variables?.favourite)
    : Boolean(favourites.data?.some((f) => f.id === caregiverId));
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${name} from favourites` : `Save ${name} to favourites`}
      disabled={favourites.isPending}
      onClick={() =>
        toggle.mutate(
          { caregiverId, favourite: !saved },
          {
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Favourites not changed',
                description: errorMessage(error, 'Something went wrong. Please try again.'),
              }),
          },
        )
      }
      className={cn(
        'relative z-10 inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface text-primary-deep shadow-sm hover:bg-muted',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved ? 'fill-current text-destructive' : '')} />
    </button>
  );
}
