/**
 * What a notice is, shared by the notifications feature (which delivers it) and the features that send one
 * through their ports (ADR 0043: each declares its own port, with these shapes as its payload).
 */

/** A notice for one person through the delivery outbox: in-app always, other channels by their preferences. */
export interface OutboxNotice {
  userId: number;
  email: string;
  kind: string;
  title: string;
  body: string;
  /** Where the in-app notice leads. */
  link: string;
  /** The e-mail's subject and text; default: "YaadCare: title" and the body. */
  mail?: { subject: string; text: string };
  /** The booking's start, for kinds whose criticality depends on it (a late cancellation). */
  startsAt?: Date;
}

/** Someone a booking notice goes to. */
export interface NoticeRecipient {
  userId: number;
  firstName: string;
  email: string;
}

/** A booking notice to several people: its kind, words, where the in-app notice leads (default /bookings), the start. */
export interface BookingNotice {
  kind: string;
  title: string;
  body: string;
  /** Where the in-app notice leads (default /bookings). */
  link?: string;
  /** The booking's start, for kinds whose urgency depends on it (a cancellation within 24 h is critical). */
  startsAt?: Date;
}
