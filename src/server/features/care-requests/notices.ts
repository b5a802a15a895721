import { CAREGIVER_KINDS } from '../../../shared/catalog';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { CareRequestOutbox } from './deps';
import type { CareRequestRow } from './repo';

export interface Recipient {
  userId: number;
  firstName: string;
  email: string;
}

const kindLabel = (kind: string) => CAREGIVER_KINDS.find((k) => k.value === kind)?.label ?? kind;
const link = (r: { id: number }) => `/care-requests/${r.id}`;

/** Writes one notice per recipient (in-app always, other channels by their preferences); mails to send after commit. */
async function notify(
  outbox: CareRequestOutbox,
  tx: Tx,
  publicUrl: string,
  to: Recipient[],
  n: { kind: string; title: string; body: string; link: string },
  at: Date,
): Promise<Mail[]> {
  const mails: Mail[] = [];
  for (const r of to) {
    const text = `Hi ${r.firstName},\n\n${n.body}\n\nSee it on YaadCare: ${publicUrl}${n.link}\n\n— YaadCare`;
    mails.push(
      ...(await outbox.queue(
        tx,
        { userId: r.userId, email: r.email, ...n, mail: { subject: `YaadCare: ${n.title}`, text } },
        at,
      )),
    );
  }
  return mails;
}

/** The care requests' notices (ADR 0038), written through the outbox services.ts passes. */
export const careRequestNotices = (outbox: CareRequestOutbox) => ({
  newRequest: (tx: Tx, publicUrl: string, to: Recipient[], r: CareRequestRow, at: Date) =>
    notify(
      outbox,
      tx,
      publicUrl,
      to,
      {
        kind: 'care_request.new',
        title: `A family in ${r.town} needs ${kindLabel(r.kind).toLowerCase()}`,
        body: `A family in ${r.town}, ${r.parish} is looking for ${kindLabel(r.kind).toLowerCase()} from ${r.startDate}, ${r.hours} hours. If it suits you, apply with a short message and your rate.`,
        link: link(r),
      },
      at,
    ),

  application: (tx: Tx, publicUrl: string, to: Recipient, r: CareRequestRow, who: string, at: Date) =>
    notify(
      outbox,
      tx,
      publicUrl,
      [to],
      {
        kind: 'care_request.application',
        title: `${who} applied to your care request`,
        body: `${who} applied to your request for ${kindLabel(r.kind).toLowerCase()} from ${r.startDate}. Compare the applicants and book the one you prefer.`,
        link: link(r),
      },
      at,
    ),

  /** To applicants not chosen (or whose request was withdrawn): kind words, no blame. */
  notChosen: (
    tx: Tx,
    publicUrl: string,
    to: Recipient[],
    r: CareRequestRow,
    why: 'filled' | 'withdrawn',
    at: Date,
  ) =>
    notify(
      outbox,
      tx,
      publicUrl,
      to,
      {
        kind: 'care_request.closed',
        title: why === 'filled' ? 'This care request has been filled' : 'This care request was withdrawn',
        body:
          why === 'filled'
            ? `Thank you for applying to the request in ${r.town}. The family has chosen another caregiver this time. New requests that fit you will keep coming your way.`
            : `Thank you for applying to the request in ${r.town}. The family no longer needs care for it. New requests that fit you will keep coming your way.`,
        link: '/care-requests',
      },
      at,
    ),

  shortlistReady: (tx: Tx, publicUrl: string, to: Recipient, r: CareRequestRow, at: Date) =>
    notify(
      outbox,
      tx,
      publicUrl,
      [to],
      {
        kind: 'care_request.shortlist',
        title: 'Your team shortlist is ready',
        body: `Our team picked caregivers for your request in ${r.town}. See them beside your applicants.`,
        link: link(r),
      },
      at,
    ),
});
