// Component-test helpers: providers, a memory router and a fetch stub that records calls.
import '@testing-library/jest-dom/vitest';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { PublicUser } from '../../shared/contracts/auth';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { toasterCode } from '../components/ui/toast-area';
import { resetToasts } from '../components/ui/use-toast';
import { authKeys } from '../features/auth/api';
import { MemoryRouter, Route, Switch, useLocation } from '../lib/router';

// In the app the toast area's code loads with the first toast (ADR 0023); component tests assert a toast
// right after the action that raises it, so it is loaded up front (components/ui/toast-area.test.tsx
// covers the loading itself).
await toasterCode.load();

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

/** Shows where the router ended up, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    url = path,
    user,
    queryClient = createQueryClient(),
  }: { path?: string; url?: string; user?: PublicUser | null; queryClient?: QueryClient } = {},
) {
  if (user !== undefined) queryClient.setQueryData(authKeys.me, user);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Switch>
          <Route path={path}>{element}</Route>
          <Route>
            <LocationProbe />
          </Route>
        </Switch>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

interface ReplyInit {
  status?: number;
  body?: unknown;
  /** Extra response headers, e.g. X-Total-Count. */
  headers?: Record<string, string>;
}

type Reply = ReplyInit | ((call: RecordedCall) => ReplyInit);

/** Stubs global fetch: `routes` maps 'METHOD /path' to a reply; anything else answers 404. */
export function stubFetch(routes: Record<string, Reply> = {}) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const reply =
      typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { message: 'Not found' } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Brown',
    userType: 'family',
    phone: null,
    location: 'Kingston',
    parish: 'Kingston',
    profileImageUrl: null,
    isVerified: false,
    verificationStatus: 'pending',
    createdAt: '2025-01-01T00:00:00.000Z',
    timeZone: 'America/Jamaica',
    currency: 'JMD',
    ...overrides,
  };
}
