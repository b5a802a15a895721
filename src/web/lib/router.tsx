/**
 * Routing: wouter (about 2 KB gzip) under the few names the app used from React Router (about 13.5 KB,
 * a seventh of the home page's whole JavaScript budget): docs/decisions/0023-home-page-javascript-budget.md.
 * Pages, features and tests import these; nothing else imports wouter or react-router.
 *
 * What React Router gave that wouter does not, kept here: a location object with `search`, `hash` and
 * `state`, navigation to a `{ pathname, search, hash }`, NavLink's `isActive` and `aria-current`, and the
 * memory and static routers of tests and server rendering.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useState,
} from 'react';
import { parse } from 'regexparam';
import {
  matchRoute,
  Redirect,
  Route,
  Router,
  Switch,
  useRouter,
  useSearchParams,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  Link as WouterLink,
} from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

export { Route, Switch, useSearchParams };

export interface Location {
  pathname: string;
  /** '' or '?…', as in window.location. */
  search: string;
  hash: string;
  /** What the navigation that led here passed as `state`; null after a page load. */
  state: unknown;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

function toHref(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** Where a location's hash and state come from: the browser's history, a test's memory, nothing on the server. */
interface LocationExtras {
  useHash: () => string;
  useState: () => unknown;
}

const browserExtras: LocationExtras = {
  useHash: () =>
    useLocationProperty(
      () => window.location.hash,
      () => '',
    ),
  useState: () => useHistoryState(),
};

const ExtrasContext = createContext<LocationExtras>(browserExtras);

export function useLocation(): Location {
  const router = useRouter();
  const [pathname] = useWouterLocation();
  const rawSearch = router.searchHook?.(router) ?? '';
  const extras = useContext(ExtrasContext);
  const hash = extras.useHash();
  const state = extras.useState();
  return {
    pathname,
    search: rawSearch && !rawSearch.startsWith('?') ? `?${rawSearch}` : rawSearch,
    hash,
    state: state ?? null,
  };
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  // Stable, like React Router's: effects list it among their dependencies.
  return useCallback((to, options) => navigate(toHref(to), options), [navigate]);
}

/** The matched route's parameters (`/caregiver/:id` → `{ id }`). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useWouterParams();
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps, NavigateOptions {
  to: To;
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** An in-app link: a real `<a href>` that navigates without a page load. */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={toHref(to)} {...props} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

/** A navigation link that knows when its page is on screen (`aria-current="page"`). */
export function NavLink({ to, className, end = false, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = toHref(to)
    .split(/[?#]/)[0]
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
  const here = pathname.replace(/(.)\/$/, '$1').toLowerCase();
  const isActive = here === target || (!end && here.startsWith(target === '/' ? '/' : `${target}/`));
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

/** Goes to `to` once rendered (a guard sending a visitor to /login). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  return <Redirect to={toHref(to)} replace={replace} state={state} />;
}

/** The browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}

const staticExtras: LocationExtras = { useHash: () => '', useState: () => null };

/** Server rendering: one fixed location ('/search?parish=Kingston'). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <ExtrasContext.Provider value={staticExtras}>
      <Router ssrPath={location}>{children}</Router>
    </ExtrasContext.Provider>
  );
}

/** Tests: a history in memory, starting at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [memory] = useState(() => {
    const location = memoryLocation({ path: initialEntries[initialEntries.length - 1] ?? '/' });
    const extras: LocationExtras = { useHash: () => '', useState: () => location.state };
    return { location, extras };
  });
  return (
    <ExtrasContext.Provider value={memory.extras}>
      <Router hook={memory.location.hook} searchHook={memory.location.searchHook}>
        {children}
      </Router>
    </ExtrasContext.Provider>
  );
}

/** The parameters of `pathname` under `pattern` ('/caregiver/:id'), or null when it does not match. */
export function matchPath(
  pattern: string,
  pathname: string,
): { params: Readonly<Record<string, string | undefined>> } | null {
  const [matches, params] = matchRoute(parse, pattern, pathname);
  return matches ? { params } : null;
}
