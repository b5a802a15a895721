import { createContext, useContext } from 'react';

export interface PageMeta {
  /** The page's own title; shown as '{title} · YaadCare' unless `exactTitle`. */
  title: string;
  /** One or two sentences for search results and link previews (about 150 characters). */
  description: string;
  /** The page's path ('/pricing'); query and hash are dropped. The canonical URL is this path on the current origin. */
  canonicalPath: string;
  /** An absolute or root-relative image URL for link previews (og:image, twitter:image). */
  ogImage?: string;
  exactTitle?: boolean;
  /** Open Graph type: 'website' for pages, 'profile' for a caregiver, 'article' for long text. */
  type?: 'website' | 'article' | 'profile';
  /** schema.org structured data for the page, written as one application/ld+json script in the head. */
  jsonLd?: Record<string, unknown> | null;
}

/**
 * What a render needs from outside React that differs between the server and the browser. The server
 * renders public pages to HTML (src/web/entry-server.tsx); the browser then hydrates that HTML, and both
 * renders must come out the same: the same site origin, and the same 'now' for anything time-dependent
 * (the browser moves on to its own clock right after hydrating).
 */
export interface RenderInfo {
  /** The site's origin ('https://yaadcare.jm'), for absolute URLs in structured data. */
  origin: string;
  /** The instant the page was rendered at, in ms since the epoch. */
  now: number;
  /** Server only: receives the page's title, description and link-preview tags for the HTML head. */
  collectMeta?: (meta: Partial<PageMeta> & { title: string }) => void;
  /** Server only: told that the page rendered says its subject does not exist, so the answer is a 404. */
  markNotFound?: () => void;
}

export const RenderContext = createContext<RenderInfo | null>(null);

/** The site's origin: from the render (server) or the window (browser). */
export function useOrigin(): string {
  const info = useContext(RenderContext);
  return info?.origin ?? window.location.origin;
}

/** A page saying 'not found' (an id that is no caregiver): the server answers it with HTTP 404. */
export function useNotFoundStatus(): void {
  useContext(RenderContext)?.markNotFound?.();
}

/**
 * The server's render instant while the browser is still hydrating the page the server rendered (so both
 * renders agree); undefined otherwise, including for anything shown after hydration (use the clock).
 */
export function useHydrationInstant(): number | undefined {
  const now = useContext(RenderContext)?.now;
  const hydrated = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-hydrated');
  return hydrated ? undefined : now;
}
