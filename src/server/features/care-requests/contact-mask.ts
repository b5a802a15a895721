/** What replaces contact details found in a care request or an application before a booking. */
export const CONTACT_HIDDEN = '[contact details hidden]';

const PATTERNS: RegExp[] = [
  // WhatsApp and other chat links: wa.me/…, api.whatsapp.com/…, chat.whatsapp.com/…, t.me/…
  /\b(?:https?:\/\/)?(?:wa\.me|(?:api|chat|web)\.whatsapp\.com|t\.me)\/\S*/gi,
  // E-mail addresses, also written "name at gmail dot com".
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /\b[\w.+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[\w-]+\s*(?:\(dot\)|\[dot\]|\sdot\s|\.)\s*(?:com|net|org|jm|co)\b/gi,
  // Phone numbers: 7 or more digits, allowing +, spaces, dots, dashes and brackets between them.
  /\+?\(?\d(?:[\s.\-()]{0,3}\d){6,}/g,
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Text with phone numbers, e-mail addresses and WhatsApp/Telegram links replaced by CONTACT_HIDDEN, and
 * whether anything was found. Dates (2026-06-30), times and prices (J$1,500) are left alone: they have
 * fewer than 7 digits in a run, use separators the phone pattern does not join (a comma, a slash), or
 * are a whole yyyy-MM-dd date.
 */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  let out = text;
  for (const p of PATTERNS) out = out.replace(p, (m) => (DATE.test(m.trim()) ? m : CONTACT_HIDDEN));
  return { text: out, masked: out !== text };
}
