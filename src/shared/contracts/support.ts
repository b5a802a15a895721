import { z } from './zod';

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

/** The topics of the help centre: the FAQ's categories and the support form's subjects. */
export const SUPPORT_CATEGORIES = [
  'getting-started',
  'bookings',
  'payments',
  'safety',
  'caregivers',
  'account',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  'getting-started': 'Getting started',
  bookings: 'Bookings and cancellations',
  payments: 'Payments and fees',
  safety: 'Safety and verification',
  caregivers: 'For caregivers',
  account: 'Account and privacy',
};

export const SUPPORT_MESSAGE_MAX = 4000;

/**
 * The support page's message form. A signed-in sender's e-mail is the account's (the server ignores the
 * field); a visitor must give one so that we can answer.
 */
export const CreateSupportTicketRequest = z.object({
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(2, 'Please enter your name')
    .max(100, 'Name is too long (100 characters at most)'),
  email: z
    .string({ error: 'Please enter your e-mail address' })
    .trim()
    .max(254, 'E-mail address is too long')
    .pipe(z.email('Please enter a valid e-mail address')),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Please choose a topic' }),
  subject: z
    .string({ error: 'Please enter a subject' })
    .trim()
    .min(3, 'Please enter a subject (at least 3 characters)')
    .max(150, 'Subject is too long (150 characters at most)'),
  message: z
    .string({ error: 'Please write your message' })
    .trim()
    .min(10, 'Please tell us a little more (at least 10 characters)')
    .max(
      SUPPORT_MESSAGE_MAX,
      `Message is too long (${SUPPORT_MESSAGE_MAX.toLocaleString('en')} characters at most)`,
    ),
});
export type CreateSupportTicketRequest = z.input<typeof CreateSupportTicketRequest>;

export const SupportTicket = z.object({
  id: z.number().int(),
  /** What the sender quotes: 'YC-000042'. */
  reference: z.string(),
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Sent by a family whose plan includes priority support: first in the admin queue. */
  priority: z.boolean(),
  /** When a reply is promised (support hours: src/shared/support-hours.ts). */
  replyBy: z.string(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const CreateSupportTicketResponse = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  message: z.string(),
});
export type CreateSupportTicketResponse = z.infer<typeof CreateSupportTicketResponse>;

export const SupportTicketsResponse = z.object({
  items: z.array(SupportTicket),
  total: z.number().int(),
});
export type SupportTicketsResponse = z.infer<typeof SupportTicketsResponse>;

export const AdminSupportTicketsQuery = z.object({
  status: z
    .enum([...SUPPORT_TICKET_STATUSES, 'all'], { error: 'status must be open, answered, closed or all' })
    .default('open'),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const AnswerSupportTicketRequest = z.object({
  answer: z
    .string({ error: 'Please write an answer' })
    .trim()
    .min(2, 'Please write an answer')
    .max(SUPPORT_MESSAGE_MAX, 'Answer is too long'),
  /** Close the ticket with this answer (no further reply expected). */
  close: z.boolean().optional(),
});
export type AnswerSupportTicketRequest = z.input<typeof AnswerSupportTicketRequest>;

export const ticketReference = (id: number) => `YC-${String(id).padStart(6, '0')}`;

/**
 * When a person answers (America/Jamaica). The help centre and the message form are open at any hour;
 * messages are read and answered in these hours, usually within one business day.
 */
export const SUPPORT_HOURS = [
  { days: 'Monday to Friday', hours: '8:00 AM – 6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM – 2:00 PM' },
  { days: 'Sunday and public holidays', hours: 'Closed' },
] as const;
export const SUPPORT_REPLY_TIME = 'within one business day';
