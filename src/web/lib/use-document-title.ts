import { useContext, useEffect } from 'react';
import { RenderContext } from './render-context';

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
  // Server rendering: the title goes into the HTML head.
  useContext(RenderContext)?.collectMeta?.({ title, exactTitle: exact });
  useEffect(() => {
    document.title = formatDocumentTitle(title, exact);
  }, [title, exact]);
}
