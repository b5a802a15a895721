// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLoadBoundary } from './page-load-boundary';

const failing = (message: string) =>
  lazy(() => Promise.reject(new TypeError(message)) as Promise<{ default: () => null }>);

const renderPage = (Page: ReturnType<typeof failing>) =>
  render(
    <Suspense fallback={null}>
      <PageLoadBoundary resetKey="/">
        <Page />
      </PageLoadBoundary>
    </Suspense>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PageLoadBoundary', () => {
  it('a page whose code cannot be fetched says so (offline: that it needs a connection)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const Page = failing('Failed to fetch dynamically imported module: /assets/home-page-x.js');
    renderPage(Page);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('any other error goes on to the app as before', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = failing('x is not a function');
    const outer = vi.fn();
    const onError = (event: ErrorEvent) => {
      outer(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    renderPage(Page);
    await vi.waitFor(() => expect(outer).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    window.removeEventListener('error', onError);
    vi.restoreAllMocks();
  });
});
