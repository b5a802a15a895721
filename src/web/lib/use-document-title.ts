import { useEffect } from 'react';

export const SITE_NAME = 'YaadCare';

/** Sets the tab title as '{page} · YaadCare' (or the exact text when `exact`). */
export function useDocumentTitle(title: string, { exact = false }: { exact?: boolean } = {}): void {
  useEffect(() => {
    document.title = exact ? title : `${title} · ${SITE_NAME}`;
  }, [title, exact]);
}

/** Sets the page's meta description while the page is shown, and puts the previous one back after. */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
