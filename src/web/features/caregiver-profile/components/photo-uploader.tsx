import { Camera } from 'lucide-react';
import { useId, useRef } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../../shared/contracts/caregiver-profile';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-messages';
import type { PublicUser } from '../../auth/api';
import { useUploadPhoto } from '../api';

/** The profile photo with a button to replace it (JPEG, PNG or WebP up to 5 MB; checked again on the server). */
export function PhotoUploader({ user }: { user: PublicUser }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const mutation = useUploadPhoto();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: 'Photo not uploaded',
        description: 'The photo is too large. The limit is 5 MB.',
      });
      return;
    }
    mutation.mutate(file, {
      onSuccess: () => toast({ title: 'Photo updated', description: 'Your new profile photo is saved.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Photo not uploaded',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar user={user} className="size-24 text-2xl" />
      <div className="space-y-1">
        <input
          ref={inputRef}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => onFile(e.target.files?.[0])}
          data-testid="photo-input"
        />
        <Button
          variant="outline"
          size="sm"
          aria-describedby={hintId}
          disabled={mutation.isPending}
          onClick={() => inputRef.current?.click()}
        >
          <Camera aria-hidden="true" className="size-4" />
          {mutation.isPending ? 'Uploading...' : 'Change photo'}
        </Button>
        <p id={hintId} className="text-sm text-muted-foreground">
          JPEG, PNG or WebP, up to 5 MB.
        </p>
      </div>
    </div>
  );
}
