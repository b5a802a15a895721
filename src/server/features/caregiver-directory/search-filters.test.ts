import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/harness';
import { useSearchFixture } from './search-test-fixtures';

describe.each(DB_KINDS)('caregiver search filters on %s', (kind) => {
  const { search, keys } = useSearchFixture(kind);

  describe('each filter alone', () => {
    it.each([
      ['location: a town', 'location=Ocho Rios', 'F'],
      ['location: a parish', 'location=St. Andrew', 'C E'],
      ['location: a parish and its town of the same name', 'location=Kingston', 'A'],
      ['location: any letter case', 'location=kINGSTON', 'A'],
      ['location: "St Andrew" without the dot', 'location=st andrew', 'C E'],
      ['location: a prefix of a town', 'location=ocho', 'F'],
      ['location: a prefix of a parish', 'location=kingst', 'A'],
      ['location: a town of the catalog where nobody lives', 'location=Negril', ''],
      ['location: no catalog name', 'location=Atlantis', ''],
      ['location: LIKE wildcards are literal', 'location=%25', ''],
      ['minRate', 'minRate=1000', 'A F B D'],
      ['maxRate', 'maxRate=1200', 'C F D E'],
      ['minRate = maxRate', 'minRate=1200&maxRate=1200', 'F D'],
      ['experience (minimum years)', 'experience=5', 'A C F B D'],
      ['experience 0 means any', 'experience=0', 'A C F B D E'],
      ['skills: one', 'skills=Light Housekeeping', 'D E'],
      ['skills: a certification counts', 'skills=CPR Certified', 'A D'],
      ['skills: every one must match', 'skills=CPR Certified,Infant Care', 'A'],
      ['skills: skill and certification together', 'skills=CPR Certified,Meal Preparation', 'A D'],
      ['skills: any letter case', 'skills=cpr certified', 'A D'],
      ['skills: a value outside the catalog', 'skills=Sign Language', 'F'],
      ['skills: catalog and other values together', 'skills=Sign Language,First Aid Certified', 'F'],
      ['skills: none has both', 'skills=Cooking,Teaching Credential', ''],
      ['availability: one', 'availability=Weekdays', 'A D E'],
      ['availability: any one matches', 'availability=Evenings,Overnight', 'C F D'],
      ['availability: a value outside the catalog', 'availability=Flexible hours', 'E'],
      ['availability: catalog or other', 'availability=Flexible hours,Overnight', 'D E'],
      ['type', 'type=child-care', 'A F'],
      ['type: a kind only one offers', 'type=maintenance', 'B'],
      ["type: the search bar's 'housekeeping'", 'type=housekeeping', 'E'],
      ["type: the home page's 'all-services'", 'type=all-services', 'A C F B D E'],
      ['type: nobody offers it', 'type=babysitters&maxRate=1000', ''],
      ['parish', 'parish=St. Andrew', 'C E'],
      ['parish: any letter case', 'parish=st. andrew', 'C E'],
      ['parish: nobody there', 'parish=Hanover', ''],
      ['verified=true', 'verified=true', 'A C D'],
      ['verified=false means any', 'verified=false', 'A C F B D E'],
      ['q: a word of the bio', 'q=plumbing', 'B'],
      ['q: a surname', 'q=Thompson', 'F'],
      ['q: a first name, any case', 'q=TANISHA', 'C'],
      ['q: a misspelt surname', 'q=Tompson', 'F'],
      ['q: a misspelt word', 'q=carpentery', 'B'],
      ['q: a kind label', 'q=handyman', 'B'],
      ['q: a certification', 'q=CPR', 'A D'],
      ['q: a skill outside the catalog', 'q=sign language', 'F'],
      ['q: stemming (nannies → nanny)', 'q=nannies', 'A F'],
      ['q: every word must match', 'q=nanny toddlers', 'A'],
      ['q: only stop words filters nothing', 'q=the', 'A C F B D E'],
      ['q: only punctuation filters nothing', 'q=%21%21%21', 'A C F B D E'],
      ['q: matches nothing', 'q=xylophone', ''],
    ])('%s (%s)', async (_label, query, expected) => {
      expect(await keys(query)).toBe(expected);
    });

    it("q: ranks the best text matches first (the name outranks the bio's mention)", async () => {
      // 'Campbell' is C's surname; nobody else's text has it, so relevance is the only order here…
      expect(await keys('q=campbell')).toBe('C');
      // …'nanny': A has it in the kind label and the bio, F only in the kind label.
      expect(await keys('q=nanny')).toBe('A F');
      expect(await keys('q=nanny&sort=rate_asc')).toBe('F A');
    });
  });

  describe('filters combined', () => {
    it.each([
      ['location + rate', 'location=St. Andrew&minRate=800&maxRate=1000', 'C'],
      ['skills + availability', 'skills=Light Housekeeping&availability=Weekdays,Evenings', 'D E'],
      [
        'skills + availability + maxRate',
        'skills=Light Housekeeping&availability=Weekdays&maxRate=1000',
        'E',
      ],
      ['type + parish', 'type=child-care&parish=St. Ann', 'F'],
      ['type + parish, nobody', 'type=tutors&parish=Kingston', ''],
      ['parish + verified', 'parish=St. Andrew&verified=true', 'C'],
      ['location + parish that disagree', 'location=Kingston&parish=St. Andrew', ''],
      ['q + type', 'q=care&type=senior-care', 'D'],
      ['q + location', 'q=nanny&location=Ocho Rios', 'F'],
      ['experience + skills + verified', 'experience=5&skills=CPR Certified&verified=true', 'A D'],
      [
        'everything at once',
        'location=Kingston&minRate=1000&maxRate=2000&experience=3&skills=CPR Certified&availability=Mornings&type=child-care&parish=Kingston&q=nanny&verified=true&sort=rating',
        'A',
      ],
    ])('%s (%s)', async (_label, query, expected) => {
      expect(await keys(query)).toBe(expected);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['minRate=abc', 'minRate must be a number'],
      ['maxRate=12.5', 'maxRate must be a whole number of JMD'],
      ['minRate=-5', 'minRate must be 0 or more'],
      ['minRate=2000&maxRate=1000', 'minRate must not be above maxRate'],
      ['experience=-1', 'experience must be 0 or more'],
      ['experience=abc', 'experience must be a number'],
      ['limit=1000', 'limit must be at most 50'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=abc', 'limit must be a number'],
      ['offset=-1', 'offset must be 0 or more'],
      ['offset=100001', 'offset is too large'],
      ['parish=Atlantis', 'Unknown parish'],
      ['type=plumbers', 'Unknown caregiver type'],
      ['sort=random', 'sort must be one of'],
      ['verified=yes', ''],
      ['urgent=1', ''],
      [`q=${'x'.repeat(201)}`, ''],
      [`location=${'x'.repeat(101)}`, ''],
      [`skills=${Array.from({ length: 21 }, (_, i) => `s${i}`).join(',')}`, 'At most 20 values'],
      ['minRate=1&minRate=2', ''],
    ])('%s → 400 with a message', async (query, message) => {
      const r = await search(query);
      expect(r.status).toBe(400);
      expect(r.message).toEqual(expect.any(String));
      expect(r.message).toContain(message);
    });
  });
});
