import { ROLES } from '../catalog';
import { PublicUser } from './auth';
import { StepStates, VERIFICATION_STATUSES, VERIFICATION_STEPS } from './verification';
import { z } from './zod';

export const AdminUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  userType: z.enum(ROLES).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(25),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(1_000_000).default(0),
});

export const AdminUser = PublicUser.extend({
  suspendedAt: z.string().nullable(),
  /** Set when the owner deleted the account (it cannot be restored; personal data goes after 30 days). */
  deletedAt: z.string().nullable().optional(),
});
export const AdminUsersResponse = z.object({ users: z.array(AdminUser), total: z.number().int() });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminVerificationsQuery = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: 'Unknown status' }).default('submitted'),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const AdminVerificationItem = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: z.enum(ROLES),
  status: z.enum(VERIFICATION_STATUSES),
  submittedAt: z.string().nullable(),
  policeRecordIssuedAt: z.string().nullable(),
  /** Older than 12 months: flagged for the admin. */
  policeRecordStale: z.boolean(),
  steps: StepStates,
});
export type AdminVerificationItem = z.infer<typeof AdminVerificationItem>;
export const AdminVerificationsResponse = z.object({
  items: z.array(AdminVerificationItem),
  total: z.number().int(),
});

export const VerificationDecisionRequest = z
  .object({
    step: z.enum(VERIFICATION_STEPS, { error: `step must be one of ${VERIFICATION_STEPS.join(', ')}` }),
    approved: z.boolean({ error: 'approved must be true or false' }),
    reason: z.string().trim().max(500, 'Reason is too long').optional(),
  })
  .refine((v) => v.approved || (v.reason && v.reason.length >= 3), {
    message: 'Say what the caregiver must fix (a reason is required to reject)',
    path: ['reason'],
  });
export type VerificationDecisionRequest = z.input<typeof VerificationDecisionRequest>;

export const SuspendUserRequest = z.object({
  suspended: z.boolean({ error: 'suspended must be true or false' }),
  reason: z.string().trim().max(500).optional(),
});
