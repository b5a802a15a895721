import { ConversationUser, Message } from './messages';
import { z } from './zod';

/** What an admin can do about a report: each closes it and is recorded in its audit trail. */
export const REPORT_ACTIONS = ['warn', 'suspend', 'dismiss'] as const;
export type ReportActionKind = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportActionKind, string> = {
  warn: 'Warned',
  suspend: 'Suspended',
  dismiss: 'Dismissed',
};

export const AdminReportsQuery = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const note = z
  .string()
  .trim()
  .max(1000, 'Please keep the note under 1,000 characters.')
  .transform((v) => v || undefined);

/** POST /api/admin/reports/:id/actions. A warning's note is sent to the reported user, so it is required. */
export const ReportActionRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('warn'),
    note: z
      .string({ error: 'Please write the warning the user will read.' })
      .trim()
      .min(3, 'Please write the warning the user will read.')
      .max(1000, 'Please keep the note under 1,000 characters.'),
  }),
  z.object({ action: z.literal('suspend'), note: note.optional() }),
  z.object({ action: z.literal('dismiss'), note: note.optional() }),
]);
export type ReportActionRequest = z.input<typeof ReportActionRequest>;

/** One line of a report's audit trail. */
export const ReportAuditEntry = z.object({
  action: z.enum(REPORT_ACTIONS),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The admin who acted (null when that account is gone). */
  admin: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ReportAuditEntry = z.infer<typeof ReportAuditEntry>;

/** A report in the admin queue, with the reported message in context and what was done about it. */
export const AdminReportItem = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: ConversationUser,
  reported: ConversationUser.extend({ suspended: z.boolean() }),
  /** The message the reporter pointed at, if any (it is also in `conversation`). */
  reportedMessageId: z.number().int().nullable(),
  /**
   * The conversation around the report, oldest → newest: the reported message with a few before and after,
   * or the last messages before the report when none was pointed at.
   */
  conversation: z.array(Message),
  actions: z.array(ReportAuditEntry),
});
export type AdminReportItem = z.infer<typeof AdminReportItem>;
