import { useEffect } from 'react';

export const SITE_NAME = 'YaadCare';

/** '{page} · YaadCare', or the exact text when `exact`. */
export function formatDocumentTitle(title: string, exact = false): string {
  return exact ? title : `${title} · ${SITE_NAME}`;
}

/**
 * Sets the tab title as '{page} · YaadCare' (or the exact text when `exact`). Pages that search engines
 * should find use `usePageMeta` instead, which sets the title too.
 */
export function useDocumentTitle(title: string, { exact = false }: { exact?: boolean } = {}): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title, exact);
  }, [title, exact]);
}
