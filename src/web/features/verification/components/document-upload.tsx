import { FileCheck2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  type DocumentType,
} from '../../../../shared/contracts/verification';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useVerificationActions, type VerificationState } from '../api';

const STATE_TEXT = {
  todo: '',
  done: 'submitted for review',
  approved: 'approved',
  rejected: 'needs a new upload',
};

/** One document: what is on file, and a button to upload (or replace) it. */
export function DocumentUpload({
  userId,
  type,
  label,
  hint,
  verification,
  stepState,
}: {
  userId: number;
  type: DocumentType;
  label: string;
  hint: string;
  verification: VerificationState;
  stepState: keyof typeof STATE_TEXT;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload } = useVerificationActions(userId);
  const current = verification.documents.find((d) => d.type === type);
  const pending = upload.isPending && upload.variables?.type === type;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const reset = () => {
      if (inputRef.current) inputRef.current.value = '';
    };
    if (file.size > DOCUMENT_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: 'Failed to upload document.',
        description: 'The file is too large. The limit is 10 MB.',
      });
      reset();
      return;
    }
    upload.mutate(
      { type, file },
      {
        onSuccess: () =>
          toast({
            title: 'Document uploaded successfully',
            description: `Your ${label.toLowerCase()} was submitted for review.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to upload document.',
            description: errorMessage(error, 'Please try again.'),
          }),
        onSettled: reset,
      },
    );
  };

  return (
    <div className="rounded-xl border border-border p-4">
      <p id={`${id}-label`} className="font-semibold">
        {label}
      </p>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {current ? (
        <p className="mt-2 flex items-center gap-2 text-sm" data-testid={`document-${type}`}>
          <FileCheck2 aria-hidden="true" className="size-4 text-primary" />
          Uploaded {new Date(current.createdAt).toLocaleDateString('en-JM')}
          {STATE_TEXT[stepState] ? ` — ${STATE_TEXT[stepState]}` : ''}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT[type]}
        className="sr-only"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        data-testid={`upload-${type}`}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={pending}
        aria-describedby={`${id}-hint`}
        onClick={() => inputRef.current?.click()}
      >
        <Upload aria-hidden="true" className="size-4" />
        {pending
          ? 'Uploading...'
          : current
            ? `Replace ${label.toLowerCase()}`
            : `Upload ${label.toLowerCase()}`}
      </Button>
    </div>
  );
}
