import { WifiOff } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { VISIT_PHOTO_CAPTION_MAX, VISIT_PHOTO_MAX_BYTES } from '../../../../shared/contracts/visits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/error-messages';

export const PHOTO_OFFLINE_TEXT = 'Photos need a connection; add it when you are back online.';

/**
 * "Add a photo" on the visit screen: a picture from the camera or the phone and an optional caption, sent at
 * once. Online only: offline it says so plainly (photos are never queued on the phone, ADR 0029).
 */
export function PhotoForm({
  online,
  onUpload,
}: {
  online: boolean;
  onUpload: (file: File, caption: string) => Promise<unknown>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (!online) {
    return (
      <Alert variant="info">
        <span className="inline-flex items-center gap-2">
          <WifiOff aria-hidden="true" className="size-4" />
          {PHOTO_OFFLINE_TEXT}
        </span>
      </Alert>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    if (!file) return setError('Choose a photo first.');
    if (file.size > VISIT_PHOTO_MAX_BYTES) return setError('The photo is too large. The limit is 8 MB.');
    setError(undefined);
    setSending(true);
    try {
      await onUpload(file, caption);
      setFile(null);
      setCaption('');
      if (input.current) input.current.value = '';
      setStatus('The photo was added to the log.');
    } catch (err) {
      setError(errorMessage(err, 'The photo could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label="Photo" hint="JPEG, PNG or WebP, at most 8 MB" error={error}>
        <Input
          ref={input}
          type="file"
          name="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <FormField label="Caption (optional)">
        <Input
          name="caption"
          value={caption}
          maxLength={VISIT_PHOTO_CAPTION_MAX}
          autoComplete="off"
          onChange={(e) => setCaption(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending the photo…' : 'Add the photo'}
      </Button>
      <p aria-live="polite" className="text-sm">
        {status}
      </p>
    </form>
  );
}
