import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { readServerRender } from './app/server-render-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const rendered = readServerRender(document);
if (rendered && root.firstElementChild) {
  // The server rendered this page: take over its HTML with the answers it rendered from. Hydrating as a
  // transition lets React yield to the browser between pieces instead of blocking input for the whole page.
  const queryClient = createQueryClient();
  hydrate(queryClient, rendered.state);
  const renderInfo = { origin: window.location.origin, now: rendered.now };
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} renderInfo={renderInfo} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
