import { describe, expect, it } from 'vitest';
import { APP_ROUTES, INDEXABLE_PAGES, isAppRoute, PRIVATE_PAGES } from './routes';

/** Open to visitors but not worth a search result: profiles are listed one by one, the rest are forms. */
const PUBLIC_UNLISTED = ['/caregiver/:id', '/forgot-password', '/reset-password'];

describe('route lists', () => {
  it('puts every route in exactly one of: indexable, private, public but unlisted', () => {
    const groups = [...INDEXABLE_PAGES, ...PRIVATE_PAGES, ...PUBLIC_UNLISTED];
    expect([...groups].sort()).toEqual([...APP_ROUTES].sort());
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('recognises app routes with and without parameters', () => {
    expect(isAppRoute('/pricing')).toBe(true);
    expect(isAppRoute('/caregiver/12?x=1')).toBe(true);
    expect(isAppRoute('/nope')).toBe(false);
  });
});
