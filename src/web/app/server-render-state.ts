import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON data block the server writes after a page it rendered (a non-executable script). */
export const SERVER_RENDER_ID = 'server-render-state';

/** What the browser needs to hydrate a server-rendered page: the query answers and the render's instant. */
export interface ServerRenderState {
  state: DehydratedState;
  now: number;
}

/**
 * The JSON for the data block, safe inside `<script type="application/json">`: every '<' is escaped, so no
 * text from the data (a bio with '</script>' in it) can end the element or open another.
 */
export function serializeServerRender(value: ServerRenderState): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The server's render state in this document, or null when the page was not rendered on the server. */
export function readServerRender(doc: Document): ServerRenderState | null {
  const text = doc.getElementById(SERVER_RENDER_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as ServerRenderState;
    return value && typeof value.now === 'number' && value.state ? value : null;
  } catch {
    return null;
  }
}
