import { z } from './zod';

/** Every error the API answers: a message for people, and field details on a 400. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });

/** Path ids: positive integers; anything else is a 400 before a handler runs. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });
