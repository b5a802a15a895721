/**
 * Server rendering of the public pages. The server (src/server/plugins/web.ts) calls `renderPage` for a
 * public path: the page's reads are answered in-process (through the request's own cookie, with every
 * access rule of the API), the app renders to HTML with those answers, and the HTML goes out with the
 * answers beside it, so the browser shows the page before any script runs and then hydrates it without
 * asking again (src/web/main.tsx). Private pages are not rendered here: the browser renders them.
 *
 * Built by `npm run build` into dist/ssr/entry-server.js (vite build --ssr).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { defaultShouldDehydrateQuery, dehydrate, type Query } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { escapeMarkup } from '../shared/escape-markup';
import { APP_ROUTES, PRIVATE_PAGES } from '../shared/routes';
import { AppShell } from './app/app';
import type { PagePrefetch } from './app/prefetch';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/routes';
import { SERVER_RENDER_ID, serializeServerRender } from './app/server-render-state';
import { currentUserQuery } from './features/auth/api';
import { appConfigQuery } from './features/config/api';
import { type ApiTransport, isApiError, setApiTransport } from './lib/api';
import type { RenderInfo } from './lib/render-context';
import { matchPath, StaticRouter } from './lib/router';
import { formatDocumentTitle } from './lib/use-document-title';
import { type PageMeta, pageMetaTags } from './lib/use-page-meta';
import appStyles from './styles.css?inline';

type AppRoute = (typeof APP_ROUTES)[number];

/** The pages that read data on arrival; the others render from the user and config alone. */
const PREFETCH: Partial<Record<AppRoute, () => Promise<{ prefetch: PagePrefetch }>>> = {
  '/': () => import('./pages/home-page'),
  '/search': () => import('./pages/search-page'),
  '/caregiver/:id': () => import('./pages/caregiver-profile-page'),
  '/success-stories': () => import('./pages/success-stories-page'),
};

/**
 * Pages the browser renders: private ones (their guard and data are the browser's), and the sign-in forms,
 * which are all form and no content, and would otherwise take typing before the app has taken over.
 */
const BROWSER_ONLY = new Set<AppRoute>([
  ...PRIVATE_PAGES,
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
]);

/** A render that takes longer than this is abandoned: the browser renders the page instead. */
const RENDER_TIMEOUT_MS = 5_000;

// Each render's reads go to the request it renders for, even with many renders under way at once.
const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error(`Server rendering: no request to answer ${url}`));
  return transport(url, init);
});

export interface RenderRequest {
  /** The path and query string asked for ('/search?parish=Kingston'). */
  url: string;
  /** The site's origin, for absolute URLs in the head and structured data. */
  origin: string;
  /** Answers an API read as the asking browser would get it (same cookie, same address). */
  transport: ApiTransport;
}

export interface RenderedPage {
  /** 200, or 404 for a path that is no page or a page whose subject does not exist. */
  status: number;
  /** The app's HTML, for inside #root. */
  html: string;
  /** Title, description and link-preview tags of the page, when it set them. */
  meta: (Partial<PageMeta> & { title: string }) | null;
  /** The data block to write after #root (JSON, escaped for a script element). */
  state: string;
  origin: string;
}

/** A Suspense boundary the render could not finish (a page's code not loaded yet): '<!--$?-->' or '<!--$!-->'. */
const UNFINISHED = /<!--\$[?!]-->/;

/**
 * The tree as complete HTML, with no inline scripts (the Content-Security-Policy allows none). Pages are
 * code-split: the first render of a page this process has not shown yet suspends on its code, so React's
 * static prerender is run once to load it all, and the page is rendered again. `reset` clears what the
 * abandoned render collected.
 */
async function renderComplete(tree: ReactNode, reset: () => void): Promise<string> {
  let html = renderToString(tree);
  for (let attempt = 0; UNFINISHED.test(html) && attempt < 3; attempt++) {
    const { prelude } = await prerenderToNodeStream(tree, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
    prelude.resume();
    reset();
    html = renderToString(tree);
  }
  if (UNFINISHED.test(html)) throw new Error('Server rendering left part of the page unfinished');
  return html;
}

/**
 * The answers the browser hydrates from: the successful ones, and the 404s, so that a page showing 'not
 * found' (a caregiver id that is no one) shows the same while hydrating instead of a loading state.
 */
function successOrNotFound(query: Query): boolean {
  return (
    defaultShouldDehydrateQuery(query) || (isApiError(query.state.error) && query.state.error.status === 404)
  );
}

/** The app route a path belongs to, with its parameters; null for a path that is no page of the app. */
function matchRoute(pathname: string) {
  for (const route of APP_ROUTES) {
    const match = matchPath(route, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

/**
 * The page at `request.url` rendered to HTML, or null when the browser should render it: a private page,
 * a sign-in form, or a render that failed or took too long.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, request.origin);
  const matched = matchRoute(url.pathname);
  if (matched && BROWSER_ONLY.has(matched.route)) return null;

  return requestTransport.run(request.transport, async () => {
    const queryClient = createQueryClient();
    const page = matched ? await PREFETCH[matched.route]?.() : undefined;
    const pageReads = page?.prefetch(queryClient, {
      params: matched?.params ?? {},
      searchParams: url.searchParams,
    });
    await Promise.all([
      queryClient.prefetchQuery(currentUserQuery),
      queryClient.prefetchQuery(appConfigQuery),
      ...(pageReads ?? []),
    ]);
    const notFound =
      !matched ||
      queryClient
        .getQueryCache()
        .getAll()
        .some((q) => isApiError(q.state.error) && q.state.error.status === 404);

    const metas: (Partial<PageMeta> & { title: string })[] = [];
    let pageSaysNotFound = false;
    const renderInfo: RenderInfo = {
      origin: request.origin,
      now: Date.now(),
      collectMeta: (meta) => metas.push(meta),
      markNotFound: () => {
        pageSaysNotFound = true;
      },
    };
    const tree = (
      <StrictMode>
        <AppShell queryClient={queryClient} renderInfo={renderInfo}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
          </StaticRouter>
        </AppShell>
      </StrictMode>
    );
    const html = await renderComplete(tree, () => {
      metas.splice(0);
      pageSaysNotFound = false;
    });
    // The innermost component renders last: its title is the page's.
    const meta = metas.findLast((m) => m.description !== undefined) ?? metas.at(-1) ?? null;
    return {
      status: notFound || pageSaysNotFound ? 404 : 200,
      html,
      meta,
      state: serializeServerRender({
        state: dehydrate(queryClient, { shouldDehydrateQuery: successOrNotFound }),
        now: renderInfo.now,
      }),
      origin: request.origin,
    };
  });
}

/**
 * The app's HTML shell (index.html as built) with a rendered page in it. Every insertion goes through a
 * replacer function: a replacement string would read `$&`, `$\`` and `$'` in a name or bio as patterns
 * and paste parts of the page into it.
 *
 * The shell with the page: the page's title and description
 * in place of the shell's, its other head tags (marked as the page's, so the browser replaces them when
 * the page changes), the page's HTML inside #root and its data block after it.
 */
export function fillShell(shell: string, page: RenderedPage): string {
  let head = '';
  let out = shell;
  if (page.meta) {
    const { meta } = page;
    if (meta.description !== undefined && meta.canonicalPath !== undefined) {
      const tags = pageMetaTags(meta as PageMeta, page.origin);
      out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(tags.title)}</title>`);
      for (const tag of tags.tags) {
        if (tag.tag === 'link') {
          head += `<link rel="canonical" href="${escapeMarkup(tag.href)}" data-page-meta="">`;
        } else if (tag.key === 'name' && tag.id === 'description') {
          // The shell's own description stays in data-shell: the browser puts it back on pages without one.
          out = out.replace(
            /<meta name="description" content="([^"]*)"\s*\/?>/,
            (_all, shellText: string) =>
              `<meta name="description" content="${escapeMarkup(tag.content)}" data-shell="${shellText}" />`,
          );
        } else {
          head += `<meta ${tag.key}="${escapeMarkup(tag.id)}" content="${escapeMarkup(tag.content)}" data-page-meta="">`;
        }
      }
      if (tags.jsonLd) {
        head += `<script type="application/ld+json" data-page-meta="">${tags.jsonLd.replace(/</g, '\\u003c')}</script>`;
      }
    } else {
      const title = formatDocumentTitle(meta.title, meta.exactTitle);
      out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`);
    }
  }
  // The app's style sheet (compiled by the same build as the browser's copy) comes inside the page: a
  // server-rendered page is drawn from its first response instead of waiting a round trip more for the
  // sheet. Pages the browser renders keep the link to the cached file (ADR 0023).
  out = out.replace(
    /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/,
    () => `<style>${appStyles.replace(/<\/style/gi, '<\\/style')}</style>`,
  );
  // The page is on screen without scripts: the boot script loads them after the first paint (boot.js),
  // so the HTML and style sheet are not sharing a slow connection with them. It evaluates the entry's own
  // chunks (React DOM, the router, …) one task at a time, then the entry; the page's chunks (data-route,
  // added by the server) are only fetched ahead.
  const shared: string[] = [];
  const route: string[] = [];
  out = out.replace(
    /\s*<link rel="modulepreload" crossorigin href="([^"]+)"( data-route="")?>/g,
    (_all, href: string, forRoute?: string) => {
      (forRoute ? route : shared).push(href);
      return '';
    },
  );
  out = out.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_all, entry: string) =>
      `<script type="module" src="${__BOOT_SCRIPT__}" data-entry="${escapeMarkup(entry)}" data-shared="${escapeMarkup(shared.join(' '))}" data-preload="${escapeMarkup(route.join(' '))}"></script>`,
  );
  return out
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_RENDER_ID}">${page.state}</script>`,
    );
}
