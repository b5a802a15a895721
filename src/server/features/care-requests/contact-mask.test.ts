import { describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN, maskContactDetails } from './contact-mask';

describe('maskContactDetails', () => {
  it.each([
    'Call me on 876-555-1234',
    'call (876) 555 1234 anytime',
    'my number +1 876 555 1234',
    'text 8765551234',
    'email jane.doe@gmail.com please',
    'jane at gmail dot com',
    'WhatsApp: https://wa.me/18765551234',
    'chat.whatsapp.com/AbCdEf',
  ])('hides contact details in %j', (text) => {
    const r = maskContactDetails(text);
    expect(r.masked).toBe(true);
    expect(r.text).toContain(CONTACT_HIDDEN);
    expect(r.text).not.toMatch(/555|gmail|wa\.me|whatsapp\.com/);
  });

  it.each([
    'Starting 2026-06-30 at 9:00 AM for 4 hours',
    'Budget J$1,500 to J$2,000 an hour, twice a week',
    'Mummy is 82 and needs help with her tablets at 12:30.',
  ])('leaves ordinary text alone: %j', (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });
});
