import type { QueryClient } from '@tanstack/react-query';

/** Where a page is being rendered: its route's parameters and the query string. */
export interface PrefetchContext {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

/**
 * The reads a page shows on arrival, started on the server before it renders the page (entry-server.tsx):
 * the HTML then carries the content, and the browser hydrates from the same answers instead of asking
 * again. A page exports it as `prefetch`, built from the same query options its hooks use, so the keys
 * always match. A read left out is simply fetched by the browser after hydration.
 */
export type PagePrefetch = (client: QueryClient, context: PrefetchContext) => Promise<unknown>[];
