/**
 * The parish emergency rules that need no schema (docs/decisions/0030-parish-emergency-mode.md): kinds,
 * messages, titles, Jamaica time text and which emergencies cover a parish. Kept apart from the zod contracts
 * (contracts/emergencies.ts re-exports them) so the banner every page shows loads without zod.
 */

/** The kinds of parish emergency an admin declares (docs/decisions/0030-parish-emergency-mode.md). */
export const EMERGENCY_KINDS = ['hurricane', 'curfew', 'flooding', 'other'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];

export const EMERGENCY_KIND_LABELS: Record<EmergencyKind, string> = {
  hurricane: 'Hurricane warning',
  curfew: 'Curfew',
  flooding: 'Flooding',
  other: 'Emergency',
};

/** The longest window one declaration (or extension) may cover; longer ones are declared again. */
export const EMERGENCY_MAX_DAYS = 14;
export const EMERGENCY_MESSAGE_MAX = 500;

export const EMERGENCY_MESSAGES = {
  endBeforeStart: 'The end must be after the start.',
  tooLong: `An emergency window can be at most ${EMERGENCY_MAX_DAYS} days; declare it again to go on.`,
  endPassed: 'The end must be in the future.',
  ended: 'This emergency has already ended.',
  notFound: 'No such emergency.',
  notPrepared: 'This emergency is already declared.',
  /** What an affected booking means for both sides (notices, banner, booking panel). */
  cancelFree: 'You can cancel affected bookings with no fee and a full refund.',
} as const;

// Built on first use: an Intl formatter costs a phone several ms to make, and most pages never show one.
let jamaicaInstant: Intl.DateTimeFormat | undefined;

/** 'Tue 24 Nov, 4:00 pm' in Jamaica time (notices, the banner, the console). */
export const formatJamaicaInstant = (at: Date | string) => {
  jamaicaInstant ??= new Intl.DateTimeFormat('en-JM', {
    timeZone: 'America/Jamaica',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return jamaicaInstant.format(new Date(at));
};

/** 'Hurricane warning: St. Thomas, Portland'. */
export const emergencyTitle = (e: { kind: EmergencyKind; parishes: readonly string[] }) =>
  `${EMERGENCY_KIND_LABELS[e.kind]}: ${e.parishes.join(', ')}`;

/** What a booking covered by an emergency tells both sides (the booking panel, the cancel dialog). */
export const bookingEmergencyWarning = (e: {
  kind: EmergencyKind;
  parishes: readonly string[];
  endsAt: Date | string;
}) =>
  `${emergencyTitle(e)} until ${formatJamaicaInstant(e.endsAt)} (Jamaica time). This booking falls in it: either side can cancel with no fee and a full refund.`;

/** The emergencies in force that name `parish` and overlap [startsAt, endsAt) (any time when not given). */
export function emergenciesCovering<
  E extends { parishes: readonly string[]; startsAt: string; endsAt: string },
>(list: readonly E[], parish: string | null | undefined, time?: { startsAt: Date; endsAt: Date }): E[] {
  if (!parish) return [];
  return list.filter(
    (e) =>
      e.parishes.includes(parish) &&
      (!time ||
        (new Date(e.startsAt).getTime() < time.endsAt.getTime() &&
          time.startsAt.getTime() < new Date(e.endsAt).getTime())),
  );
}
