import { z } from './zod';

/** Personal data of a deleted account is scrubbed this many days after the request. */
export const ACCOUNT_SCRUB_DAYS = 30;

export const DeleteAccountRequest = z.object({
  password: z
    .string({ error: 'Enter your password to confirm' })
    .min(1, 'Enter your password to confirm')
    .max(200),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = z.object({
  message: z.string(),
  /** When the personal data will be gone (ISO). */
  scrubAfter: z.string(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;
