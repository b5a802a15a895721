import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors';
import { errorBody } from '../../test/error-body';
import {
  AVATAR_COLOURS,
  AVATAR_FILE_PATTERN,
  AVATAR_TEXT_COLOUR,
  avatarSlug,
  avatarUrl,
  contrastRatio,
  initialsFromSlug,
} from './avatar';
import avatarRoutes from './routes';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(avatarRoutes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('GET /avatars/:file', () => {
  it('draws an SVG with the initials, a title and long-lived caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/avatars/tanisha-brown-12.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('>TB</text>');
    expect(res.body).toContain('<title>Tanisha Brown</title>');
  });

  it('draws the initials of an id-based file name, whose title names no one', async () => {
    const res = await app.inject({ method: 'GET', url: '/avatars/tb_12.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>TB</text>');
    expect(res.body).toContain('<title>Profile picture</title>');
  });

  it('draws the same picture every time and answers 304 to a matching ETag', async () => {
    const a = await app.inject({ method: 'GET', url: '/avatars/dwayne-mckenzie-3.svg' });
    const b = await app.inject({ method: 'GET', url: '/avatars/dwayne-mckenzie-3.svg' });
    expect(a.body).toBe(b.body);
    expect(a.body).toContain('>DM</text>');
    const etag = a.headers.etag as string;
    expect(etag).toBeTruthy();
    const c = await app.inject({
      method: 'GET',
      url: '/avatars/dwayne-mckenzie-3.svg',
      headers: { 'if-none-match': etag },
    });
    expect(c.statusCode).toBe(304);
    expect(c.body).toBe('');
  });

  it.each([
    '/avatars/..%2Fetc%2Fpasswd',
    '/avatars/..%2F..%2Fetc.svg',
    '/avatars/../etc/passwd',
    '/avatars/Tanisha-Brown.svg',
    '/avatars/tanisha brown.svg',
    '/avatars/tanisha-brown.png',
    '/avatars/tanisha-brown.svg.js',
    '/avatars/.svg',
    `/avatars/${'a'.repeat(41)}.svg`,
    '/avatars/%3Cscript%3E.svg',
    '/avatars/abc_12.svg',
    '/avatars/tb_.svg',
    '/avatars/TB_12.svg',
  ])('answers 404 to %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).not.toContain('<svg');
  });

  it('answers 404 JSON with { message } for a bad name', async () => {
    const res = await app.inject({ method: 'GET', url: '/avatars/bad_name.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(res, 'NOT_FOUND', 'Not found'));
  });
});

describe('avatar drawing', () => {
  it('derives initials from the name segments of the slug', () => {
    expect(initialsFromSlug('tanisha-brown-12')).toBe('TB');
    expect(initialsFromSlug('mary-jane-brown-3')).toBe('MB');
    expect(initialsFromSlug('admin')).toBe('A');
    expect(initialsFromSlug('12-34')).toBe('?');
    expect(initialsFromSlug('kb_7')).toBe('KB');
    expect(initialsFromSlug('k_7')).toBe('K');
  });

  it('names files by initials and a key, never by the name itself', () => {
    expect(avatarSlug('Kerry-Ann', "O'Connor", 7)).toBe('ko_7');
    expect(avatarUrl('Tanisha', 'Brown', 12)).toBe('/avatars/tb_12.svg');
    expect(avatarUrl('YaadCare', '', 'run1-3')).toBe('/avatars/y_run1-3.svg');
    expect(initialsFromSlug(avatarSlug('Tanisha', 'Brown', 12))).toBe('TB');
    const long = avatarSlug('Christopher', 'Montgomery', 'x'.repeat(60));
    expect(`${long}.svg`).toMatch(AVATAR_FILE_PATTERN);
    for (const url of [avatarUrl('Kerry-Ann', 'Brown', 7), avatarUrl('Dwayne', 'McKenzie', 3)]) {
      expect(url).not.toMatch(/kerry|brown|dwayne|mckenzie/i);
    }
  });

  it('uses only background colours with contrast of at least 4.5:1 against the initials', () => {
    for (const colour of AVATAR_COLOURS) {
      expect(contrastRatio(colour, AVATAR_TEXT_COLOUR), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
