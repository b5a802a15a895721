import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-messages';

export type FieldErrors = Record<string, string>;

/** Zod issues → the first message per top-level field. */
export function issuesToErrors(issues: z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? 'form');
    out[key] ??= i.message;
  }
  return out;
}

/**
 * What the account and the caregiver profile forms do once the server answers: a toast, then close on
 * success; the server's field errors under their fields and a toast on failure.
 */
export function profileSaveFeedback({
  savedText,
  setErrors,
  onDone,
}: {
  savedText: string;
  setErrors: (errors: FieldErrors) => void;
  onDone: () => void;
}) {
  return {
    onSuccess: () => {
      toast({ title: 'Profile updated', description: savedText });
      onDone();
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.errors) {
        setErrors(Object.fromEntries(error.errors.map((fe) => [fe.path.split('.')[0], fe.message])));
      }
      toast({
        variant: 'destructive',
        title: 'Profile not saved',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  };
}
