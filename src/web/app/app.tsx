import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RenderContext, type RenderInfo } from '../lib/render-context';
import { BrowserRouter } from '../lib/router';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

interface ShellProps {
  queryClient?: QueryClient;
  /** Set when the page was (or is being) rendered on the server. */
  renderInfo?: RenderInfo;
  children: ReactNode;
}

/** Everything around the router: the server (StaticRouter) and the browser (BrowserRouter) share it. */
export function AppShell({ queryClient, renderInfo, children }: ShellProps) {
  return (
    <RenderContext.Provider value={renderInfo ?? null}>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </RenderContext.Provider>
  );
}

export function App({ queryClient, renderInfo }: Omit<ShellProps, 'children'>) {
  return (
    <AppShell queryClient={queryClient} renderInfo={renderInfo}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  );
}
