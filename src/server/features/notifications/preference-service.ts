import { eq } from 'drizzle-orm';
import {
  NOTICE_GROUPS,
  type NotificationPreferences,
  type UpdateNotificationPreferencesRequest,
} from '../../../shared/contracts/notification-preferences';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../../shared/member-time';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../errors';
import { phoneState } from './phone';
import { getPreferenceMatrix, getQuietHours, setPreferenceMatrix, setQuietHours } from './preferences';

async function read(tx: Tx, userId: number): Promise<NotificationPreferences> {
  const [user] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return {
    groups: await getPreferenceMatrix(tx, userId),
    quietHours: await getQuietHours(tx, userId),
    timeZone: (user && canonicalTimeZone(user.timeZone)) ?? DEFAULT_TIME_ZONE,
    phone: await phoneState(tx, userId),
  };
}

/** The signed-in user's notification matrix and quiet hours (GET/PUT /api/notifications/preferences). */
export function createNotificationPreferenceService(deps: { db: Db }) {
  const { db } = deps;
  return {
    get: (userId: number) => read(db, userId),

    /**
     * Saves the whole matrix and quiet hours. An SMS or WhatsApp switch may be turned ON only with a
     * verified phone (409 otherwise); one already on may stay on while a new number awaits its code.
     */
    async update(
      userId: number,
      body: UpdateNotificationPreferencesRequest,
    ): Promise<NotificationPreferences> {
      return db.transaction(async (tx) => {
        const before = await getPreferenceMatrix(tx, userId);
        const turnsOnText = NOTICE_GROUPS.some(
          (g) => (body.groups[g].sms && !before[g].sms) || (body.groups[g].whatsapp && !before[g].whatsapp),
        );
        if (turnsOnText && !(await phoneState(tx, userId)).verified) {
          throw conflict('Verify your phone number before turning on SMS or WhatsApp notices.');
        }
        await setPreferenceMatrix(tx, userId, body.groups);
        await setQuietHours(tx, userId, body.quietHours);
        return read(tx, userId);
      });
    },
  };
}
