import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  type SupportCategory,
} from '../../../shared/contracts/support';
import { PLATFORM_FEE_PERCENT } from '../../../shared/money';
import {
  FREE_CANCELLATION_HOURS,
  LATE_CANCELLATION_PERCENT,
  PAYOUT_ARRIVAL,
  PAYOUT_DAY,
  PRICE_CHANGE_NOTICE_DAYS,
} from '../../../shared/pricing';

export interface FaqArticle {
  id: string;
  category: SupportCategory;
  question: string;
  answer: string;
}

/**
 * The help centre's articles. Every answer describes what YaadCare actually does (the booking, payment
 * and review rules live in shared code and in the server); when a rule changes, change the answer here.
 */
export const FAQ: readonly FaqArticle[] = [
  {
    id: 'what-is-yaadcare',
    category: 'getting-started',
    question: 'What is YaadCare?',
    answer:
      'YaadCare is a Jamaican marketplace where families find, message, book and pay caregivers: nannies, babysitters, tutors, senior-care nurses, special-needs carers, housekeepers, janitors and handymen, in all 14 parishes. Prices are in Jamaican dollars (JMD).',
  },
  {
    id: 'cost-to-join',
    category: 'getting-started',
    question: 'Does it cost anything to sign up?',
    answer: `No. Signing up, searching, reading profiles and messaging caregivers are free on the Basic plan. When you book, you pay the caregiver's hourly rate plus a ${PLATFORM_FEE_PERCENT}% platform fee. The optional Family Plan and Premium add one-tap rebooking, SMS reminders and priority support (and, with Premium, a team shortlist); you can cancel them at any time in Settings. We give ${PRICE_CHANGE_NOTICE_DAYS} days' notice before any price change.`,
  },
  {
    id: 'find-caregiver',
    category: 'getting-started',
    question: 'How do I find a caregiver near me?',
    answer:
      'Open Find Care, type your town or parish and choose the type of care. Filter by hourly rate, years of experience, skills such as First Aid or CPR, and availability. Each card shows the rate, the rating from reviews and whether the caregiver is Verified.',
  },
  {
    id: 'book',
    category: 'bookings',
    question: 'How do I book a caregiver?',
    answer:
      "On the caregiver's profile, choose a date, a start time (on the hour, 6:00 AM to 9:00 PM) and how many hours, then send the request. The caregiver accepts or declines it; you get an in-app notification and an e-mail either way.",
  },
  {
    id: 'unanswered',
    category: 'bookings',
    question: 'What happens if the caregiver does not answer my request?',
    answer:
      'A request the caregiver has not answered within 24 hours, or by the start time if that comes first, expires. If your card was already held, the hold is released; nothing is charged.',
  },
  {
    id: 'cancel',
    category: 'bookings',
    question: 'Can I cancel a booking?',
    answer: `Yes, from My Bookings. Cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start is free. If you cancel later, ${LATE_CANCELLATION_PERCENT}% of the booking subtotal goes to the caregiver as a late-cancellation fee and the rest is refunded. If the caregiver cancels, you are refunded in full. The policy is shown before you confirm.`,
  },
  {
    id: 'double-booking',
    category: 'bookings',
    question: 'Could someone else book the same caregiver at the same time?',
    answer:
      'No. A caregiver can never hold two pending or confirmed bookings that overlap. If another family asks for the same hours first, you will see "This caregiver is already booked at that time." and can pick another time.',
  },
  {
    id: 'when-charged',
    category: 'payments',
    question: 'When am I charged?',
    answer:
      'When you pay for a booking by card, the amount is only held on your card. It is charged when the service is completed: when the caregiver marks the booking done after its end time, or automatically 24 hours after the end. If the booking is declined or expires, the hold is released.',
  },
  {
    id: 'fees',
    category: 'payments',
    question: 'What fees does YaadCare charge?',
    answer: `The total of a booking is the caregiver's hourly rate times the hours, plus a ${PLATFORM_FEE_PERCENT}% platform fee rounded to the nearest dollar. There is no other charge. The caregiver receives the whole rate times hours; the fee keeps YaadCare running.`,
  },
  {
    id: 'payment-methods',
    category: 'payments',
    question: 'How can I pay?',
    answer:
      'By card, PayPal or a digital wallet, or by bank transfer, Zelle or Cash App. For a transfer you get a reference code and instructions; the booking shows "awaiting transfer" until our team confirms the money arrived.',
  },
  {
    id: 'verified-badge',
    category: 'safety',
    question: 'What does the Verified badge mean?',
    answer:
      "Our team has checked the caregiver's e-mail and phone, government photo ID and selfie, proof of address, two references and a Police Certificate of Character under 12 months old; the profile lists each check with its date. The badge goes when the police record turns 12 months old, until a new one is approved. Not every caregiver has finished verification (their profile says 'Not yet verified'), so look for the badge before you book. Certificates such as CPR or First Aid are self-reported.",
  },
  {
    id: 'reviews',
    category: 'safety',
    question: 'Can I trust the reviews?',
    answer:
      'Only the family of a completed booking can review it, once, within 14 days. Reviews are double-blind: one is published when both sides have reviewed or when the 14 days end, so nobody writes in reaction to the other.',
  },
  {
    id: 'report',
    category: 'safety',
    question: 'How do I report a problem with a caregiver or family?',
    answer:
      'In a conversation you can block or report the other person; reports go straight to our team. For anything else, send us a message with the form on this page. In an emergency, call 119 (police) or 110 (ambulance and fire) first.',
  },
  {
    id: 'become-caregiver',
    category: 'caregivers',
    question: 'How do I become a caregiver on YaadCare?',
    answer:
      'Sign up as a caregiver, then create your profile in three steps: your experience and hourly rate, your skills and certifications, and your availability. Your profile can be found as soon as it is created; get verified to earn the Verified badge.',
  },
  {
    id: 'payouts',
    category: 'caregivers',
    question: 'When do I get paid?',
    answer: `Every ${PAYOUT_DAY} we send you a payout of your available balance: the earnings of bookings completed at least 48 hours before. The money arrives within ${PAYOUT_ARRIVAL}. Add your bank details under Payment settings; the account number is stored encrypted and shown masked.`,
  },
  {
    id: 'pause',
    category: 'caregivers',
    question: 'Can I stop taking bookings for a while?',
    answer:
      'Yes. Turn off "Available for bookings" on your profile. You disappear from search at once, your profile link keeps working, and bookings you already accepted stay as they are.',
  },
  {
    id: 'reset-password',
    category: 'account',
    question: 'I forgot my password. What do I do?',
    answer:
      'On the log-in page choose "Forgot password?" and enter your e-mail address. We send a link that works once, for one hour. After you choose a new password, every device is signed out and you log in with the new one.',
  },
  {
    id: 'my-data',
    category: 'account',
    question: 'Can I download or delete my data?',
    answer:
      'Yes, in Settings. "Download my data" gives you a file with your profile, bookings, messages, reviews and notifications. "Delete my account" asks for your password, signs you out everywhere at once and removes your personal data within 30 days; money records the law requires us to keep are anonymised.',
  },
];

export interface FaqCategory {
  id: SupportCategory;
  label: string;
  count: number;
}

/** The categories with how many articles each has: counted from FAQ, so the numbers always match. */
export const FAQ_CATEGORIES: readonly FaqCategory[] = SUPPORT_CATEGORIES.map((id) => ({
  id,
  label: SUPPORT_CATEGORY_LABELS[id],
  count: FAQ.filter((a) => a.category === id).length,
}));

/** Articles whose question or answer contains every word of the query (any case, accents ignored). */
export function searchFaq(query: string, category: SupportCategory | null = null): FaqArticle[] {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  return FAQ.filter(
    (a) =>
      (category === null || a.category === category) &&
      words.every((w) => fold(`${a.question} ${a.answer}`).includes(w)),
  );
}
