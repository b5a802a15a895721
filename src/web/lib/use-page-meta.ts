import { useEffect } from 'react';
import { formatDocumentTitle, SITE_NAME } from './use-document-title';

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

/** Marks the tags this hook added, so they are removed again when the page goes. */
const OWNED = 'data-page-meta';

function upsert(selector: string, create: () => HTMLElement, set: (el: HTMLElement) => void): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    el.setAttribute(OWNED, '');
    document.head.appendChild(el);
  }
  set(el);
}

function setMeta(key: 'name' | 'property', id: string, content: string): void {
  upsert(
    `meta[${key}="${id}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(key, id);
      return meta;
    },
    (el) => el.setAttribute('content', content),
  );
}

/** The description index.html ships with, restored when a page with its own description goes. */
let shellDescription: string | null | undefined;

/**
 * Sets what search engines and link previews read: title, meta description, canonical URL, Open Graph and
 * Twitter card tags. Every public page calls it; the tags it adds go when the page unmounts, so a private
 * page never inherits another page's canonical URL.
 */
export function usePageMeta({
  title,
  description,
  canonicalPath: path,
  ogImage: image,
  exactTitle = false,
  type = 'website',
  jsonLd,
}: PageMeta) {
  // Compared as text, so a page may build its structured data on every render.
  const structured = jsonLd ? JSON.stringify(jsonLd) : null;
  useEffect(() => {
    const fullTitle = formatDocumentTitle(title, exactTitle);
    const url = new URL(path.split(/[?#]/)[0] || '/', window.location.origin).href;
    const imageUrl = image ? new URL(image, window.location.origin).href : undefined;

    const described = document.head.querySelector('meta[name="description"]');
    if (shellDescription === undefined && described && !described.hasAttribute(OWNED)) {
      shellDescription = described.getAttribute('content');
    }

    document.title = fullTitle;
    setMeta('name', 'description', description);
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      },
      (el) => el.setAttribute('href', url),
    );
    setMeta('property', 'og:site_name', SITE_NAME);
    setMeta('property', 'og:locale', 'en_JM');
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    if (imageUrl) {
      setMeta('property', 'og:image', imageUrl);
      setMeta('name', 'twitter:image', imageUrl);
    }
    setMeta('name', 'twitter:card', 'summary');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    if (structured) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.setAttribute(OWNED, '');
      // textContent, never HTML: a '</script>' inside a bio cannot end the element.
      script.textContent = structured;
      document.head.appendChild(script);
    }

    return () => {
      for (const el of document.head.querySelectorAll(`[${OWNED}]`)) el.remove();
      const shell = document.head.querySelector('meta[name="description"]');
      if (shell && shellDescription) shell.setAttribute('content', shellDescription);
    };
  }, [title, description, path, exactTitle, type, image, structured]);
}
