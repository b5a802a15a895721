import { describe, expect, it } from 'vitest';
import { createApprovedVerification, createCaregiver } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

// The search answer is spliced from rows the database rendered (search-page.ts): it must be the very text
// JSON.stringify gives for the page, whatever the profiles hold. (Outside production every page is also
// checked against the schema and that text: checkRenderedPage.)

describe.each(DB_KINDS)('the search page text on %s', (kind) => {
  const t = useTestApp(kind);
  const bio =
    'She said "hi" \\ back\\slash\nnew line\ttab \u0001\u001f\u007f é ü 😀 \u2028\u2029 </script> {x}';

  it('is the text JSON.stringify gives for it, with quotes, escapes, control characters and emoji', async () => {
    const { user } = await createCaregiver(t.app.db, {
      user: { firstName: 'Ana "Nan" \\o/', lastName: 'ñúñez', location: 'Half-Way-Tree "HWT"' },
      bio,
      skills: ['Infant Care', 'Café "tutor" \\ 😀'],
      certifications: ['CPR Certified', 'Background Check Completed'],
      availability: ['Weekdays', 'Available Now', 'Saturday Morning'],
      averageRating: 5,
    });
    await createApprovedVerification(t.app.db, user.id);
    await createCaregiver(t.app.db, { bio: null, averageRating: 1 });
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(JSON.parse(res.body)));
    const [first, second] = res.json();
    expect(first.user).toEqual({
      firstName: 'Ana "Nan" \\o/',
      lastName: 'Ñ',
      profileImageUrl: null,
      location: 'Half-Way-Tree "HWT"',
    });
    expect(first.bio).toBe(bio);
    expect(first.skills).toEqual(['Infant Care', 'Café "tutor" \\ 😀']);
    expect(first.isVerified).toBe(true);
    expect(first.certifications).not.toContain('Background Check Completed');
    expect(first.verifiedFacts.length).toBeGreaterThan(0);
    expect(Object.keys(first)).toEqual([
      'id',
      'user',
      'parish',
      'kinds',
      'isVerified',
      'bio',
      'experience',
      'hourlyRate',
      'averageRating',
      'totalReviews',
      'skills',
      'certifications',
      'availability',
      'verifiedFacts',
      'nextAvailableAt',
    ]);
    expect(second.bio).toBeNull();
  });

  it('is [] when nothing matches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?q=zzqqxxyy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
  });
});
