import { MEETING_RULES } from '../../../shared/contracts/meetings';
import type { Mail } from '../../adapters/mailer';
import type { MeetingDeps } from './deps';
import { describeMeeting, displayName, meetingNotice } from './notices';
import { meetingRepo as repo } from './repo';
import { sendAfterCommit } from './service';

/**
 * The reminder to both parties an hour before a confirmed meeting, sent once (the meeting's
 * reminder_sent_at is claimed in the same transaction as the notices: two instances never both send), and
 * confirmed meetings that have ended become completed. Run by the meetings job on the app's clock.
 */
export function createMeetingReminders(
  deps: Pick<MeetingDeps, 'db' | 'mailer' | 'notices' | 'videoUrl' | 'publicUrl'>,
) {
  const { db } = deps;
  return {
    async run(at: Date, signal?: AbortSignal): Promise<{ reminded: number; completed: number }> {
      const due = await repo.dueReminders(db, at, MEETING_RULES.reminderLeadMs);
      let reminded = 0;
      for (const { id } of due) {
        if (signal?.aborted) break;
        const mails: Mail[] | undefined = await db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, id, at))) return undefined;
          const j = await repo.get(tx, id);
          if (!j?.m.startsAt) return undefined;
          const what = describeMeeting(j.m);
          const videoUrl = j.m.videoRoom ? `${deps.videoUrl}/${j.m.videoRoom}` : null;
          const out: Mail[] = [];
          for (const [to, other] of [
            [j.family, j.caregiver],
            [j.caregiver, j.family],
          ] as const) {
            const n = meetingNotice(
              'reminder',
              to,
              { from: displayName(other), what, times: [j.m.startsAt], videoUrl },
              deps.publicUrl,
            );
            out.push(...(await deps.notices.queue(tx, n, at)));
          }
          return out;
        });
        if (!mails) continue;
        reminded += 1;
        await sendAfterCommit(deps.mailer, mails);
      }
      const completed = await repo.completeEnded(db, at);
      return { reminded, completed };
    },
  };
}

export type MeetingReminders = ReturnType<typeof createMeetingReminders>;
