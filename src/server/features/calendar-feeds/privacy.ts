import type { Tx } from '../../db/client';
import { calendarFeedRepo } from './repo';

/**
 * Privacy (ADR 0049): the export says whether a feed is on and since when (its secret is not kept, so it
 * cannot be exported); a scrub removes it. Deleting an account stops the feed at once anyway: the account
 * is suspended then, and a suspended account's feed answers 404.
 */
export const calendarFeedPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    const row = await calendarFeedRepo.ofUser(tx, userId);
    return row ? { active: true, createdAt: row.createdAt.toISOString() } : { active: false };
  },

  async scrub(tx: Tx, user: { id: number }): Promise<undefined> {
    await calendarFeedRepo.remove(tx, user.id);
    return undefined;
  },
};
