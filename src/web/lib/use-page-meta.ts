import { useContext, useEffect } from 'react';
import { type PageMeta, RenderContext, useOrigin } from './render-context';

export type { PageMeta };

import { formatDocumentTitle, SITE_NAME } from './use-document-title';

/** Marks the tags this hook (or the server's render of the page) added, so they are removed when the page goes. */
export const OWNED = 'data-page-meta';

/** One tag of the head: `<meta name|property=… content=…>` or `<link rel="canonical" href=…>`. */
export type HeadTag =
  | { tag: 'meta'; key: 'name' | 'property'; id: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string };

/**
 * What a page's meta becomes in the head, for the site at `origin`: the document title, the tags, and the
 * structured data as JSON text. The browser (usePageMeta) and server rendering write the same tags.
 */
export function pageMetaTags(
  {
    title,
    description,
    canonicalPath: path,
    ogImage: image,
    exactTitle = false,
    type = 'website',
    jsonLd,
  }: PageMeta,
  origin: string,
): { title: string; tags: HeadTag[]; jsonLd: string | null } {
  const fullTitle = formatDocumentTitle(title, exactTitle);
  const url = new URL(path.split(/[?#]/)[0] || '/', origin).href;
  const imageUrl = image ? new URL(image, origin).href : undefined;
  const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({
    tag: 'meta',
    key,
    id,
    content,
  });
  const tags: HeadTag[] = [
    meta('name', 'description', description),
    { tag: 'link', rel: 'canonical', href: url },
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_JM'),
    meta('property', 'og:type', type),
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(imageUrl ? [meta('property', 'og:image', imageUrl), meta('name', 'twitter:image', imageUrl)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', fullTitle),
    meta('name', 'twitter:description', description),
  ];
  return { title: fullTitle, tags, jsonLd: jsonLd ? JSON.stringify(jsonLd) : null };
}

function upsert(selector: string, create: () => HTMLElement, set: (el: HTMLElement) => void): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    el.setAttribute(OWNED, '');
    document.head.appendChild(el);
  }
  set(el);
}

function writeTag(t: HeadTag): void {
  if (t.tag === 'link') {
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      },
      (el) => el.setAttribute('href', t.href),
    );
    return;
  }
  upsert(
    `meta[${t.key}="${t.id}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(t.key, t.id);
      return meta;
    },
    (el) => el.setAttribute('content', t.content),
  );
}

/**
 * The description index.html ships with, restored when a page with its own description goes. A page
 * rendered on the server keeps the shell's text in the tag's data-shell attribute.
 */
let shellDescription: string | null | undefined;

/**
 * Sets what search engines and link previews read: title, meta description, canonical URL, Open Graph and
 * Twitter card tags. Every public page calls it; the tags it adds go when the page unmounts, so a private
 * page never inherits another page's canonical URL. On the server, the tags go into the rendered HTML.
 */
export function usePageMeta(meta: PageMeta) {
  useContext(RenderContext)?.collectMeta?.(meta);
  // Compared as text, so a page may build its meta and structured data on every render.
  const wanted = JSON.stringify(pageMetaTags(meta, useOrigin()));
  useEffect(() => {
    const head = JSON.parse(wanted) as ReturnType<typeof pageMetaTags>;
    const described = document.head.querySelector('meta[name="description"]');
    if (shellDescription === undefined && described) {
      if (described.hasAttribute('data-shell')) shellDescription = described.getAttribute('data-shell');
      else if (!described.hasAttribute(OWNED)) shellDescription = described.getAttribute('content');
    }

    document.title = head.title;
    for (const tag of head.tags) writeTag(tag);
    // Structured data the server wrote for this page is replaced, never doubled.
    for (const old of document.head.querySelectorAll(`script[type="application/ld+json"][${OWNED}]`))
      old.remove();
    if (head.jsonLd) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.setAttribute(OWNED, '');
      // textContent, never HTML: a '</script>' inside a bio cannot end the element.
      script.textContent = head.jsonLd;
      document.head.appendChild(script);
    }

    return () => {
      for (const el of document.head.querySelectorAll(`[${OWNED}]`)) el.remove();
      const shell = document.head.querySelector('meta[name="description"]');
      if (shell && shellDescription) shell.setAttribute('content', shellDescription);
    };
  }, [wanted]);
}
