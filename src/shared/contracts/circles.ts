import { PARISHES } from '../catalog';
import { EmailField, PhoneField } from './auth';
import { Id, knownParish } from './common';
import { z } from './zod';

/** The roles a member can hold in a care circle; a member with none of them is a viewer. */
export const CIRCLE_ROLES = ['coordinator', 'payer'] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];
/** The role an invitation offers: one of the roles, or 'viewer' (no role). */
export const INVITATION_ROLES = ['coordinator', 'payer', 'viewer'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** A monthly cap is whole JMD; the ceiling keeps it far inside PostgreSQL's integer. */
export const MAX_MONTHLY_CAP_JMD = 100_000_000;

export const CIRCLE_MESSAGES = {
  needsCoordinatorAndPayer: 'A circle must keep at least one coordinator and one payer.',
  familiesOnly: 'Care circles are for family accounts. Caregiver and admin accounts cannot join one.',
  wrongAccount: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  invitationExpired: 'This invitation has expired. Ask the coordinator to send a new one.',
  invitationNotFound: 'This invitation is not valid any more.',
  circleNotFound: 'Circle not found',
  memberNotFound: 'Member not found',
  alreadyMember: 'This person is already a member of the circle.',
  capOnlyForPayers: 'Only a payer has a monthly cap.',
  payerGrantForbidden:
    'Only a payer can make someone a payer. To add a payer, invite them as a payer: the role is theirs once they accept.',
  capOwnerOnly:
    'Only the payer can change their own monthly cap. Ask them to change it, or to approve the bookings over it.',
} as const;

const Text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max * 4, `${label} must be at most ${max} characters`)
    .trim()
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));

/** Optional free text: blank becomes null. */
const OptionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max * 4, `${label} must be at most ${max} characters`)
    .trim()
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null));

export const MonthlyCapJmd = z
  .number({ error: 'monthlyCapJmd must be a whole number of JMD' })
  .int('monthlyCapJmd must be a whole number of JMD')
  .min(0, 'monthlyCapJmd cannot be negative')
  .max(MAX_MONTHLY_CAP_JMD, 'monthlyCapJmd is too large');

const Parish = z
  .string({ error: 'Parish is required' })
  .max(50, 'Unknown parish')
  .transform(knownParish)
  .describe(`One of the 14 parishes: ${PARISHES.join(', ')}`);

export const EmergencyContact = z.object({
  name: Text('Emergency contact name', 80),
  phone: PhoneField.refine((v) => v !== undefined, 'Emergency contact phone is required'),
});

export const CircleRecipientInput = z.object({
  firstName: Text('First name', 50),
  lastName: OptionalText('Last name', 50),
  parish: Parish,
  town: Text('Town', 80),
  address: OptionalText('Address', 300),
  needs: OptionalText('Needs', 2000),
  notes: OptionalText('Care notes', 2000),
  emergencyContact: EmergencyContact.nullish(),
});

/** POST /api/circles */
export const CreateCircleRequest = z.object({
  name: Text('Circle name', 80),
  recipient: CircleRecipientInput,
  approvalRequired: z.boolean({ error: 'approvalRequired must be true or false' }).optional(),
});
export type CreateCircleRequest = z.input<typeof CreateCircleRequest>;

export const CircleRecipient = z.object({
  firstName: z.string(),
  lastName: z.string().nullable(),
  parish: z.string(),
  town: z.string(),
  address: z.string().nullable(),
  needs: z.string().nullable(),
  notes: z.string().nullable(),
  emergencyContact: z.object({ name: z.string(), phone: z.string() }).nullable(),
});

export const CircleMember = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  /** The initial only ('R.'), empty when the member has no last name on record. */
  lastInitial: z.string(),
  roles: z.array(z.enum(CIRCLE_ROLES)),
  /** Roles held only until someone else accepts them (the creator's). */
  provisionalRoles: z.array(z.enum(CIRCLE_ROLES)),
  /** Shown to payers and coordinators; null for viewers, and for members without a cap. */
  monthlyCapJmd: z.number().int().nullable(),
  joinedAt: z.string(),
});

export const CircleView = z.object({
  id: z.number().int(),
  name: z.string(),
  recipient: CircleRecipient,
  approvalRequired: z.boolean(),
  myRoles: z.array(z.enum(CIRCLE_ROLES)),
  members: z.array(CircleMember),
  createdAt: z.string(),
});
export type CircleView = z.infer<typeof CircleView>;

export const CircleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  recipientFirstName: z.string(),
  recipientParish: z.string(),
  recipientTown: z.string(),
  myRoles: z.array(z.enum(CIRCLE_ROLES)),
});
export const CircleList = z.object({ circles: z.array(CircleSummary) });

export const CircleIdParam = z.object({ id: Id('id') });
export const CircleMemberParams = z.object({ id: Id('id'), userId: Id('userId') });
export const CircleInvitationParams = z.object({ id: Id('id'), invitationId: Id('invitationId') });
/** An invitation token as it appears in a link: base64url, 43 characters for 32 random bytes. */
export const InvitationTokenParam = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, 'Not an invitation token'),
});

/** POST /api/circles/:id/invitations */
export const CreateInvitationRequest = z
  .object({
    email: EmailField,
    role: z.enum(INVITATION_ROLES, { error: 'role must be coordinator, payer or viewer' }),
    monthlyCapJmd: MonthlyCapJmd.nullish(),
  })
  .refine((v) => v.monthlyCapJmd == null || v.role === 'payer', {
    message: CIRCLE_MESSAGES.capOnlyForPayers,
    path: ['monthlyCapJmd'],
  });
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequest>;

export const CreatedInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  monthlyCapJmd: z.number().int().nullable(),
  expiresAt: z.string(),
  /** The link with the token: in this answer to the coordinator and in the e-mail, nowhere else. */
  inviteUrl: z.string(),
});

export const OpenInvitation = CreatedInvitation.omit({ inviteUrl: true }).extend({
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
});
export const InvitationList = z.object({ invitations: z.array(OpenInvitation) });

/** GET /api/invitations/:token: enough for the page to ask "Join?". */
export const InvitationPreview = z.object({
  circleName: z.string(),
  recipientFirstName: z.string(),
  recipientParish: z.string(),
  recipientTown: z.string(),
  role: z.enum(INVITATION_ROLES),
  monthlyCapJmd: z.number().int().nullable(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** True once accepted (by the caller: accepting again is harmless). */
  accepted: z.boolean(),
});

/** PATCH /api/circles/:id/members/:userId */
export const UpdateMemberRequest = z
  .object({
    roles: z
      .array(z.enum(CIRCLE_ROLES, { error: 'roles may be coordinator and payer' }))
      .max(2)
      .refine((r) => new Set(r).size === r.length, 'roles must not repeat')
      .optional(),
    monthlyCapJmd: MonthlyCapJmd.nullable().optional(),
  })
  .refine((v) => v.roles !== undefined || v.monthlyCapJmd !== undefined, 'Change roles or monthlyCapJmd');
export type UpdateMemberRequest = z.input<typeof UpdateMemberRequest>;
