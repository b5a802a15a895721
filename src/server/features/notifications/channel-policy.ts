import type { Tx } from '../../db/client';
import type { EmailKind } from './preferences';

/**
 * The seam between the delivery outbox (which sends) and the user's preferences (which decide where and
 * when). The outbox asks `ChannelPolicy` for each recipient of each notice; the in-app notice is always
 * written and is not a destination here.
 */
export type DeliveryChannel = 'email' | 'sms' | 'whatsapp';

/** What a notice is about, as the user's preferences group it (marketing is off unless chosen). */
export type NoticeGroup = EmailKind | 'visits' | 'marketing';

export interface NoticeFacts {
  userId: number;
  email: string;
  group: NoticeGroup;
  /** Cancellation within 24 h, no-show, incident, emergency: every allowed channel, quiet hours ignored. */
  critical: boolean;
}

export interface Destination {
  channel: DeliveryChannel;
  /** An e-mail address, or a verified phone number in E.164 (+1876…). */
  to: string;
}

export interface ChannelDecision {
  destinations: Destination[];
  /** Quiet hours: send no earlier than this (never set for critical notices). */
  notBefore?: Date;
}

export type ChannelPolicy = (tx: Tx, facts: NoticeFacts, at: Date) => Promise<ChannelDecision>;
