import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { deliveryRepo } from './deliveries-repo';
import { deletePhones, phoneExport } from './phone';
import { deletePreferences, preferencesExport } from './preferences';

export type { NewNotification } from '../../core/in-app-notices';
/** A booking notice to several people: in-app always, e-mail by their "Booking updates" preference. */
export { type BookingNotice, deliverBookingNotice, type NoticeRecipient } from './deliver';
/** The delivery outbox (ADR 0033): write notices in a transaction, dispatch after commit, the job's runs. */
export { createDeliveryService, type DeliveryService } from './deliveries-service';
export { createDispatcher, type Dispatcher, noticeMailer } from './dispatcher';
export { classifyNotice, defaultChannelPolicy, type OutboxNotice, queueNotice } from './outbox';
export { reminderPolicy } from './reminder-policy';

/** Privacy (ADR 0036): the user's channels, quiet hours and notification phone, for export and scrub. */
export const notificationPrivacy = {
  async exportSection(tx: Tx, userId: number) {
    return { ...(await preferencesExport(tx, userId)), phone: await phoneExport(tx, userId) };
  },
  /**
   * Every notice sent to the user by e-mail, SMS or WhatsApp (the delivery outbox, ADR 0033): what it said,
   * where it went and how far it got. Nothing about the provider. Scrubbing deletes them (privacy/scrub.ts).
   */
  deliveriesExport: (tx: Tx, userId: number) => deliveryRepo.allOfUser(tx, userId),
  /** A scrubber (privacy/scrub.ts): the choices, the phone and the texts kept for it go. */
  async scrub(tx: Tx, user: { id: number }): Promise<undefined> {
    await deletePreferences(tx, [user.id]);
    const phones = await deletePhones(tx, [user.id]);
    if (phones.length > 0) await tx.delete(smsOutbox).where(inArray(smsOutbox.to, phones));
    return undefined;
  },
};
