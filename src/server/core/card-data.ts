import { luhnValid, PAYMENT_MESSAGES } from '../../shared/contracts/payments';
import { badRequest } from '../errors';

/** Field names that only card data has (compared lower-case, without '_' and '-'). */
const CARD_FIELDS = new Set([
  'number',
  'cardnumber',
  'pan',
  'primaryaccountnumber',
  'cvc',
  'cvc2',
  'cvv',
  'cvv2',
  'csc',
  'cvn',
  'securitycode',
]);

/** 13 to 19 digits, optionally grouped by spaces or dashes, not part of a longer run of digits. */
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

function looksLikePan(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (luhnValid(match[0].replace(/[ -]/g, ''))) return true;
  }
  return false;
}

/**
 * Does this request body carry card data — a field named like a card number or security code, or any
 * value that is a card number (13–19 digits passing Luhn), at any depth? Card details belong in the
 * provider's hosted fields; our API must never receive them (PCI DSS SAQ A).
 */
export function carriesCardData(body: unknown): boolean {
  const stack: unknown[] = [body];
  let seen = 0;
  while (stack.length) {
    const value = stack.pop();
    // The body limit bounds this walk; the count is a second guard against pathological JSON.
    if (++seen > 100_000) return true;
    if (typeof value === 'string') {
      if (looksLikePan(value)) return true;
    } else if (typeof value === 'number') {
      if (Number.isInteger(value) && looksLikePan(String(value))) return true;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (CARD_FIELDS.has(key.toLowerCase().replace(/[_-]/g, ''))) return true;
        if (looksLikePan(key)) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/** preValidation hook of the payment API: refuse card data with 400 before anything reads or logs it. */
export async function refuseCardData(req: { body?: unknown }): Promise<void> {
  if (req.body !== undefined && carriesCardData(req.body))
    throw badRequest(PAYMENT_MESSAGES.cardDataRefused, 'CARD_DATA_REFUSED');
}
