import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../web/entry-server';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createCaregiver, createUser, DEFAULT_PASSWORD } from '../test/factories';
import { DB_KINDS, openTestDatabase, testEnv } from '../test/harness';

/** The built index.html's shape: the parts server rendering fills in. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The shell's own description." />
    <title>YaadCare</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dist-abc.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PUBLIC_URL = 'https://www.yaadcare.jm';
const HOSTILE_BIO =
  'I love children. </script><script>alert(document.cookie)</script><img src=x onerror=alert(1)>';

/** `$&`, `` $` `` and `$'`: what a replacement string would read as "paste part of the page here". */
const DOLLAR_NAME = 'Dollar$&$`';
const DOLLAR_BIO = "Fees: $& for the day, $` for the night, $' on weekends.";

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
const stateOf = (html: string) => {
  const m = html.match(/<script type="application\/json" id="server-render-state">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no server-render state block');
  return JSON.parse(m[1]) as {
    state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    now: number;
  };
};

describe.each(DB_KINDS)('server rendering of public pages on %s', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let caregiverId: number;
  let dollarCaregiverId: number;
  let familyEmail: string;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'yc-ssr-dist-'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    database = await openTestDatabase(kind);
    app = await buildApp({
      env: testEnv({ publicUrl: PUBLIC_URL }),
      database,
      logger: false,
      webDistDir: dist,
      webRenderer: renderer,
    });
    await app.ready();
    const { caregiver } = await createCaregiver(database.db, {
      user: {
        firstName: 'Marcia',
        lastName: 'Bennett',
        location: 'Mandeville',
        parish: 'Manchester',
        isVerified: true,
      },
      bio: HOSTILE_BIO,
      averageRating: 4.5,
      totalReviews: 2,
      kinds: ['nannies'],
    });
    caregiverId = caregiver.id;
    dollarCaregiverId = (
      await createCaregiver(database.db, {
        user: { firstName: DOLLAR_NAME, lastName: 'Brown', isVerified: true },
        bio: DOLLAR_BIO,
        kinds: ['nannies'],
      })
    ).caregiver.id;
    familyEmail = (await createUser(database.db, { firstName: 'Keisha', userType: 'family' })).email;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sends a caregiver profile as HTML a visitor can read before any script runs, with its head filled in', async () => {
    const res = await app.inject({ method: 'GET', url: `/caregiver/${caregiverId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const root = rootOf(res.body);
    expect(root).toContain('Marcia B.');
    expect(root).toContain('Mandeville');
    expect(res.body).toMatch(/<title>Marcia B\. — [^<]* · YaadCare<\/title>/);
    expect(res.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/caregiver/${caregiverId}" data-page-meta="">`,
    );
    expect(res.body).toContain('<meta property="og:type" content="profile" data-page-meta="">');
    // The shell's description is replaced, and kept for the browser to restore on pages without their own.
    expect(res.body).toMatch(
      /<meta name="description" content="Marcia B\.[^"]*" data-shell="The shell's own description." \/>/,
    );
    const ld = res.body.match(/<script type="application\/ld\+json" data-page-meta="">([\s\S]*?)<\/script>/);
    expect(JSON.parse(ld?.[1] ?? '{}')).toMatchObject({
      '@type': 'Person',
      aggregateRating: { ratingValue: '4.50', reviewCount: 2 },
    });
    // The browser hydrates from the same answer: the profile is in the data block, under the page's key.
    const state = stateOf(res.body);
    expect(state.state.queries.map((q) => q.queryKey)).toContainEqual(['caregivers', 'profile', caregiverId]);
    // Scripts wait for the page to be on screen: the boot script (hashed under /assets, cached like the
    // chunks) starts them, with the modules they need.
    expect(res.body).toMatch(
      /<script type="module" src="\/assets\/boot-[\w-]{8}\.js" data-entry="\/assets\/index-abc\.js" data-shared="\/assets\/dist-abc\.js" data-preload=""><\/script>/,
    );
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it("never lets a caregiver's text out of its element: a bio with </script> and markup stays text", async () => {
    const res = await app.inject({ method: 'GET', url: `/caregiver/${caregiverId}` });
    // Exactly the scripts the page means to have: the app, the data block and the structured data.
    expect(res.body.match(/<script/g)).toHaveLength(3);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(rootOf(res.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    // The data block still carries the bio exactly, for the browser to show.
    const profile = stateOf(res.body).state.queries.find((q) => q.queryKey[1] === 'profile')?.state.data as {
      bio: string;
    };
    expect(profile.bio).toBe(HOSTILE_BIO);
  });

  it("shows `$&`, `$`` and `$'` in a caregiver's name and bio as they are, and the page is otherwise intact", async () => {
    const res = await app.inject({ method: 'GET', url: `/caregiver/${dollarCaregiverId}` });
    expect(res.statusCode).toBe(200);
    for (const part of [
      '<!doctype html>',
      '<head>',
      '</head>',
      '<title>',
      '<div id="root">',
      '</body>',
      '</html>',
    ]) {
      expect(res.body.split(part), part).toHaveLength(2);
    }
    expect(res.body).toMatch(/<title>Dollar\$&amp;\$` B\. — [^<]* · YaadCare<\/title>/);
    const root = rootOf(res.body);
    expect(root).toContain('Dollar$&amp;$` B.');
    expect(root).toContain('Fees: $&amp; for the day, $` for the night, $&#x27; on weekends.');
    const profile = stateOf(res.body).state.queries.find((q) => q.queryKey[1] === 'profile')?.state.data as {
      bio: string;
    };
    expect(profile.bio).toBe(DOLLAR_BIO);
  });

  it('answers every id that is no caregiver with 404 and the title "Caregiver not found"', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999', '2147483648']) {
      const res = await app.inject({ method: 'GET', url: `/caregiver/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body, id).toContain('<title>Caregiver not found · YaadCare</title>');
      expect(rootOf(res.body), id).toContain('Caregiver not found');
    }
  });

  it('answers 404 for a caregiver who does not exist, and for a path that is no page', async () => {
    const missing = await app.inject({ method: 'GET', url: '/caregiver/987654' });
    expect(missing.statusCode).toBe(404);
    const nowhere = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(nowhere.statusCode).toBe(404);
    expect(rootOf(nowhere.body)).toContain('Page Not Found');
    expect(nowhere.body).toContain('<title>404 Page Not Found · YaadCare</title>');
  });

  it('renders search results for the filters in the URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/search?parish=Manchester' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('Marcia B.');
    const none = await app.inject({ method: 'GET', url: '/search?parish=Portland' });
    expect(rootOf(none.body)).not.toContain('Marcia B.');
  });

  it('renders the header for the person asking: signed in, their own name; a visitor, the log-in link', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: familyEmail, password: DEFAULT_PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).not.toBe('');
    const signedIn = await app.inject({ method: 'GET', url: '/pricing', headers: { cookie } });
    expect(rootOf(signedIn.body)).toContain('Keisha');
    const visitor = await app.inject({ method: 'GET', url: '/pricing' });
    expect(rootOf(visitor.body)).not.toContain('Keisha');
    expect(rootOf(visitor.body)).toMatch(/href="\/login"/);

    // The sign-in forms are the browser's, for everyone: no typing into a page that cannot send yet.
    for (const headers of [{ cookie }, {}]) {
      const loginPage = await app.inject({ method: 'GET', url: '/login', headers });
      expect(loginPage.statusCode).toBe(200);
      expect(loginPage.body).toContain('<div id="root"></div>');
    }
  });

  it('leaves private pages to the browser: the app shell, with no one’s data in it', async () => {
    for (const url of ['/dashboard', '/messages', `/payment/1`, '/admin']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('server-render-state');
    }
  });
});

describe('when server rendering fails', () => {
  it('sends the app shell instead, so the browser renders the page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'yc-ssr-dist-'));
    writeFileSync(join(dist, 'index.html'), SHELL);
    const database = await openTestDatabase('pglite');
    const app = await buildApp({
      env: testEnv(),
      database,
      logger: false,
      webDistDir: dist,
      webRenderer: {
        fillShell: renderer.fillShell,
        renderPage: () => Promise.reject(new Error('render broke')),
      },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/pricing' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      const missing = await app.inject({ method: 'GET', url: '/nowhere' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
