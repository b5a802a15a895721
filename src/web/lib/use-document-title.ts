import { useEffect } from 'react';

export const SITE_NAME = 'YaadCare';

/** Sets the tab title as '{page} · YaadCare' (or the exact text when `exact`). */
export function useDocumentTitle(title: string, { exact = false }: { exact?: boolean } = {}): void {
  useEffect(() => {
    document.title = exact ? title : `${title} · ${SITE_NAME}`;
  }, [title, exact]);
}
