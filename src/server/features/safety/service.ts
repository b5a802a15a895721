import type { AdminReportItem, ReportActionRequest } from '../../../shared/contracts/reports';
import type { Mailer } from '../../adapters/mailer';
import { inAppNotices } from '../../core/in-app-notices';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { MessagingService, Person } from '../messages';
import { safetyRepo } from './repo';

/** Messages shown before and after a reported message. */
export const REPORT_CONTEXT_AROUND = 3;

type Admin = Pick<SessionUser, 'id'>;
type Reporter = Pick<SessionUser, 'id' | 'firstName' | 'lastName'>;

export interface SafetyDeps {
  db: Db;
  mailer: Mailer;
  /** The messaging feature's view of a user (who they are, whether they are YaadCare Support). */
  messaging: Pick<MessagingService, 'person' | 'publicPerson' | 'toMessage'>;
  /** The admin feature's suspension (sessions revoked, logins refused, profile unlisted). */
  suspend: (admin: Admin, userId: number) => Promise<unknown>;
}

/** Reports of users from the chat, and the admins' queue: context, actions and their audit trail. */
export function createSafetyService(deps: SafetyDeps) {
  const { db, mailer, messaging } = deps;
  const service = {
    /** The other user, who must exist, not be the caller and not be YaadCare Support. */
    async otherUser(me: number, userId: number): Promise<Person> {
      if (userId === me) throw badRequest("You can't do that to yourself.");
      const other = await messaging.person(userId);
      if (!other) throw notFound('User not found');
      if (other.isSupport) throw badRequest('YaadCare Support cannot be blocked or reported.');
      return other;
    },

    async block(me: number, userId: number): Promise<void> {
      await service.otherUser(me, userId);
      await safetyRepo.block(db, me, userId);
    },

    async unblock(me: number, userId: number): Promise<void> {
      await service.otherUser(me, userId);
      await safetyRepo.unblock(db, me, userId);
    },

    async report(me: Reporter, other: Person, input: { reason: string; messageId?: number }) {
      return db.transaction(async (tx) => {
        if (
          input.messageId !== undefined &&
          !(await safetyRepo.isInConversation(tx, input.messageId, me.id, other.id))
        ) {
          throw badRequest('That message is not part of your conversation with this user.');
        }
        const reportId = await safetyRepo.report(tx, me.id, other.id, input.reason, input.messageId);
        await inAppNotices.addForAdmins(tx, {
          kind: 'report',
          title: 'New user report',
          body: `${me.firstName} ${me.lastName} reported ${other.firstName} ${other.lastName}.`,
          link: '/admin?tab=reports',
        });
        return reportId;
      });
    },

    async list(query: { status: 'open' | 'resolved'; limit: number }): Promise<AdminReportItem[]> {
      const reports = await safetyRepo.list(db, query.status, query.limit);
      const trail = await safetyRepo.actionsFor(
        db,
        reports.map((r) => r.id),
      );
      return Promise.all(
        reports.map(async (rep) => {
          const [reporter, reported, conversation] = await Promise.all([
            messaging.person(rep.reporterId),
            messaging.person(rep.reportedId),
            safetyRepo.context(db, rep, REPORT_CONTEXT_AROUND),
          ]);
          if (!reporter || !reported) throw notFound('User not found');
          return {
            id: rep.id,
            reason: rep.reason,
            status: rep.status,
            createdAt: rep.createdAt.toISOString(),
            resolvedAt: rep.resolvedAt?.toISOString() ?? null,
            reporter: messaging.publicPerson(reporter),
            reported: { ...messaging.publicPerson(reported), suspended: reported.suspendedAt !== null },
            reportedMessageId: rep.messageId,
            conversation: conversation.map((m) => messaging.toMessage(m)),
            actions: trail
              .filter((a) => a.reportId === rep.id)
              .map((a) => ({
                action: a.action,
                note: a.note,
                createdAt: a.createdAt.toISOString(),
                admin:
                  a.adminId === null
                    ? null
                    : { id: a.adminId, firstName: a.adminFirstName ?? '', lastName: a.adminLastName ?? '' },
              })),
          };
        }),
      );
    },

    /**
     * Warn (the reported user gets an in-app notice and an e-mail with the note), suspend (the existing
     * suspension) or dismiss an open report; each closes it and is written to its audit trail.
     */
    async act(admin: Admin, reportId: number, input: ReportActionRequest): Promise<void> {
      const note = input.note?.trim() || null;
      if (input.action === 'suspend') {
        // Suspend first (it refuses admins and oneself), so a refused suspension leaves the report open.
        const report = await safetyRepo.find(db, reportId);
        if (!report) throw notFound('Report not found');
        if (report.status !== 'open') throw conflict('This report is already closed.');
        await deps.suspend(admin, report.reportedId);
      }
      const warned = await db.transaction(async (tx) => {
        const report = await safetyRepo.lock(tx, reportId);
        if (!report) throw notFound('Report not found');
        if (report.status !== 'open') throw conflict('This report is already closed.');
        await safetyRepo.addAction(tx, { reportId, adminId: admin.id, action: input.action, note });
        await safetyRepo.resolve(tx, reportId, admin.id);
        if (input.action !== 'warn') return null;
        const user = await messaging.person(report.reportedId, tx);
        if (!user) throw notFound('User not found');
        await inAppNotices.add(tx, {
          userId: user.id,
          kind: 'warning',
          title: 'A warning from the YaadCare team',
          body: note ?? '',
          link: '/safety-trust',
        });
        return { userId: user.id, firstName: user.firstName };
      });
      if (warned) await sendWarningMail(warned.userId, warned.firstName, note ?? '');
    },
  };
  return { ...service, dismissOpen };

  /** The old console's "resolve": a dismissal; an unknown or closed report is 404 as it always was. */
  async function dismissOpen(admin: Admin, reportId: number) {
    const report = await safetyRepo.find(db, reportId);
    if (report?.status !== 'open') throw notFound('Report not found');
    await service.act(admin, reportId, { action: 'dismiss' });
  }

  async function sendWarningMail(userId: number, firstName: string, note: string) {
    const email = await safetyRepo.emailOf(db, userId);
    if (!email) return;
    await mailer.send({
      to: email,
      subject: 'A warning from the YaadCare team',
      text: `Hi ${firstName},\n\nWe reviewed a report about your messages on YaadCare:\n\n${note}\n\nPlease keep to our community guidelines; repeated reports can lead to suspension.\n\n— YaadCare`,
    });
  }
}
