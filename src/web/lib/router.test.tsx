// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Route,
  StaticRouter,
  Switch,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>;
}

describe('router', () => {
  it('matches paths with parameters, ignoring case and a trailing slash', () => {
    expect(matchPath('/caregiver/:id', '/caregiver/42')?.params.id).toBe('42');
    expect(matchPath('/search', '/Search/')).not.toBeNull();
    expect(matchPath('/search', '/searching')).toBeNull();
  });

  it('NavLink marks the page on screen (aria-current) and passes isActive to its class', () => {
    render(
      <MemoryRouter initialEntries={['/bookings']}>
        <NavLink to="/bookings" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Bookings
        </NavLink>
        <NavLink to="/messages" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Messages
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Bookings' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveClass('off');
  });

  it('a Link navigates with its state; navigate takes a { pathname, search } and options', () => {
    function Go() {
      const navigate = useNavigate();
      return (
        <button
          type="button"
          onClick={() => navigate({ pathname: '/search', search: '?parish=Kingston' }, { replace: true })}
        >
          Go
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/caregiver/7" state={{ from: '/search' }}>
          Profile
        </Link>
        <Go />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('status')).toHaveTextContent('/caregiver/7 {"from":"/search"}');
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('status')).toHaveTextContent('/search?parish=Kingston');
  });

  it('Switch shows the first matching route with its parameters; Navigate redirects', async () => {
    function Profile() {
      return <h1>Caregiver {useParams().id}</h1>;
    }
    const tree = (url: string) => (
      <MemoryRouter initialEntries={[url]}>
        <Switch>
          <Route path="/caregiver/:id">
            <Profile />
          </Route>
          <Route path="/old">
            <Navigate to="/caregiver/9" replace />
          </Route>
          <Route>
            <h1>Not found</h1>
          </Route>
        </Switch>
      </MemoryRouter>
    );
    const { unmount } = render(tree('/caregiver/3'));
    expect(screen.getByRole('heading')).toHaveTextContent('Caregiver 3');
    unmount();
    render(tree('/old'));
    expect(await screen.findByRole('heading', { name: 'Caregiver 9' })).toBeInTheDocument();
  });

  it('search parameters are read and replaced', () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ parish: 'St. Ann' }, { replace: true })}>
          {params.get('parish') ?? 'any'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/search?parish=Kingston']}>
        <Filters />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('Kingston');
    act(() => fireEvent.click(button));
    expect(button).toHaveTextContent('St. Ann');
  });

  it('renders on the server at a fixed location', () => {
    const html = renderToString(
      <StaticRouter location="/search?parish=Kingston">
        <Where />
      </StaticRouter>,
    );
    expect(html).toContain('/search?parish=Kingston null');
  });
});
