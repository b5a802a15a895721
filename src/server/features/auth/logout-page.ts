import type { FastifyRequest } from 'fastify';

/**
 * Whether GET /api/logout may sign out at once: a navigation from our own pages (Sec-Fetch-Site
 * same-origin) or one the person made themselves (none: typed, bookmarked), or a client that sends its own
 * Authorization header (no browser attaches that cross-site). Anything else — another site's link
 * (cross-site), a sibling subdomain (same-site), or a browser that sends no Sec-Fetch-Site — gets the
 * confirm page instead, so a link or image elsewhere cannot sign anyone out (ADR 0013).
 */
export function mayLogOutAtOnce(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none' || req.headers.authorization !== undefined;
}

/**
 * The confirm page: a same-origin form posting to POST /api/logout (the CSRF check holds the post to our
 * own origin). Plain HTML so it works before, and without, the app's scripts.
 */
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Log out · YaadCare</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:2rem;max-width:24rem;text-align:center}
button{font:inherit;font-weight:600;background:#047857;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.5rem;cursor:pointer}
a{color:#047857}
</style>
</head>
<body>
<main>
<h1>Log out of YaadCare?</h1>
<p>You followed a link that would sign you out.</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<p><a href="/">Stay signed in</a></p>
</main>
</body>
</html>
`;
