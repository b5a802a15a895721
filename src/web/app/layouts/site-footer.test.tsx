// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderContext } from '../../lib/render-context';
import { StaticRouter } from '../../lib/router';
import { renderRoute, stubFetch } from '../../test/render';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.useRealTimers();
});

/** Sets the clock the page reads (only Date: timers stay real). */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('SiteFooter', () => {
  it('shows the copyright year of the clock', () => {
    setClock('2031-06-15T12:00:00Z');
    stubFetch();
    renderRoute(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 YaadCare. All rights reserved.');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('2024');
  });

  it('counts the year in Jamaica time: 10 pm on 31 December there is still the old year', () => {
    setClock('2030-01-01T03:00:00Z');
    stubFetch();
    renderRoute(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2029 YaadCare');
  });

  it('renders on the server with the render’s instant, so the browser hydrates the same year', () => {
    setClock('2031-06-15T12:00:00Z');
    stubFetch();
    const html = renderToString(
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location="/">
          <RenderContext.Provider value={{ origin: 'https://yaadcare.jm', now: Date.UTC(2033, 2, 1, 12) }}>
            <SiteFooter />
          </RenderContext.Provider>
        </StaticRouter>
      </AppProviders>,
    );
    expect(html).toContain('© <!-- -->2033<!-- --> YaadCare');
  });
});
