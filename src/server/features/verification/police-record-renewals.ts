import { inAppNotices } from '../../core/in-app-notices';
import { verificationRepo } from './repo';
import type { VerificationContext } from './status-model';
import { policeRecordExpiresOn, reminderCutoff } from './steps';

/** Police records age: a reminder before one turns 12 months old. */
export function createPoliceRecordRenewals(ctx: VerificationContext) {
  const { db, now, mailUser, publicUrl } = ctx;
  return {
    /**
     * Reminds caregivers whose police record turns 12 months old within 30 days (once per record):
     * in-app and by email, as of `at` (the job's time; the service's clock by default). Safe to run from
     * several instances at once.
     */
    async remindPoliceRecordRenewals(at: Date = now()): Promise<number> {
      const due = await db.transaction(async (tx) => {
        const claimed = await verificationRepo.claimDueReminders(tx, reminderCutoff(at));
        for (const c of claimed) {
          const expires = policeRecordExpiresOn(c.issuedAt!);
          await inAppNotices.add(tx, {
            userId: c.userId,
            kind: 'verification.police-record-renewal',
            title: 'Renew your police record',
            body: `Your police record (certificate of character) turns 12 months old on ${expires}. Upload a new one to stay verified.`,
            link: '/background-check',
          });
        }
        return claimed;
      });
      for (const c of due) {
        await mailUser(
          c.userId,
          'Time to renew your police record',
          `Your police record (certificate of character) turns 12 months old on ${policeRecordExpiresOn(c.issuedAt!)}. ` +
            `Get a new one from the Jamaica Constabulary Force and upload it at ${publicUrl}/background-check.`,
        ).catch(() => {});
      }
      return due.length;
    },
  };
}
