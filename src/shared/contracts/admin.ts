import { z } from 'zod';
import { ROLES } from '../catalog';
import { PublicUser } from './auth';

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

export const AdminUser = PublicUser.extend({ suspendedAt: z.string().nullable() });
export const AdminUsersResponse = z.object({ users: z.array(AdminUser), total: z.number().int() });
export type AdminUser = z.infer<typeof AdminUser>;
