import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from './zod';

/** What a notice is about, as the user's preferences group it (ADR 0036). */
export const NOTICE_GROUPS = ['bookings', 'visits', 'messages', 'reviews', 'support', 'marketing'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

export const NOTICE_GROUP_LABELS: Record<NoticeGroup, string> = {
  bookings: 'Booking updates',
  visits: 'Visits',
  messages: 'Unread messages',
  reviews: 'Reviews',
  support: 'Support replies',
  marketing: 'News and offers',
};

/** The channels a user chooses per group (the in-app notice is always written). */
export const NOTICE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

export const ChannelSwitches = z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() });
export type ChannelSwitches = z.infer<typeof ChannelSwitches>;

/** Every group on e-mail except marketing; SMS and WhatsApp off until the user turns them on. */
export function defaultSwitches(group: NoticeGroup): ChannelSwitches {
  return { email: group !== 'marketing', sms: false, whatsapp: false };
}

export const PreferenceMatrix = z.object({
  bookings: ChannelSwitches,
  visits: ChannelSwitches,
  messages: ChannelSwitches,
  reviews: ChannelSwitches,
  support: ChannelSwitches,
  marketing: ChannelSwitches,
});
export type PreferenceMatrix = z.infer<typeof PreferenceMatrix>;

/** A wall-clock time, 24-hour: 00:00 to 23:59. */
export const ClockTime = z
  .string({ error: 'Enter a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm, e.g. 22:00');

export const QuietHours = z
  .object({ enabled: z.boolean(), start: ClockTime, end: ClockTime })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must end at another time', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHours>;

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '07:00' };

/** The phone notices may be texted to: only a verified number receives SMS or WhatsApp. */
export const NotificationPhone = z.object({
  /** E.164 (+1876…), or null when the user has none. */
  number: z.string().nullable(),
  verified: z.boolean(),
  /** When the last code was texted (null: none pending). */
  codeSentAt: z.string().nullable(),
});
export type NotificationPhone = z.infer<typeof NotificationPhone>;

/** GET /api/notifications/preferences. */
export const NotificationPreferences = z.object({
  groups: PreferenceMatrix,
  quietHours: QuietHours,
  /** The user's time zone (IANA), in which quiet hours are read. */
  timeZone: z.string(),
  phone: NotificationPhone,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** PUT /api/notifications/preferences: the whole matrix and quiet hours. */
export const UpdateNotificationPreferencesRequest = z.object({
  groups: PreferenceMatrix,
  quietHours: QuietHours,
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof UpdateNotificationPreferencesRequest>;

/** POST /api/users/me/phone. */
export const SetPhoneRequest = z.object({
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(30, 'Phone number is too long')
    .transform((v, ctx) => {
      const parsed = parsePhoneNumberFromString(v, 'JM');
      if (!parsed?.isValid()) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, e.g. 876-555-1234' });
        return z.NEVER;
      }
      return parsed.number as string;
    }),
});
export type SetPhoneRequest = z.input<typeof SetPhoneRequest>;

/** POST /api/users/me/phone/verify. */
export const VerifyPhoneRequest = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type VerifyPhoneRequest = z.infer<typeof VerifyPhoneRequest>;

export const PhoneCodeSent = z.object({ message: z.string(), phone: NotificationPhone });
export type PhoneCodeSent = z.infer<typeof PhoneCodeSent>;
