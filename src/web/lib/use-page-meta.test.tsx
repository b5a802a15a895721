// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PageMeta, usePageMeta } from './use-page-meta';

function Page(props: PageMeta) {
  usePageMeta(props);
  return null;
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Shell description">';
  document.title = 'YaadCare';
});
afterEach(cleanup);

describe('usePageMeta', () => {
  it('sets the title, description, canonical URL, Open Graph and Twitter tags', () => {
    render(
      <Page
        title="Pricing"
        description="Plans and typical caregiver rates in JMD."
        canonicalPath="/pricing?ref=x"
        ogImage="/favicon.svg"
      />,
    );
    const origin = window.location.origin;
    expect(document.title).toBe('Pricing · YaadCare');
    expect(meta('meta[name="description"]')).toBe('Plans and typical caregiver rates in JMD.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(canonical()).toBe(`${origin}/pricing`);
    expect(meta('meta[property="og:title"]')).toBe('Pricing · YaadCare');
    expect(meta('meta[property="og:description"]')).toBe('Plans and typical caregiver rates in JMD.');
    expect(meta('meta[property="og:url"]')).toBe(`${origin}/pricing`);
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:site_name"]')).toBe('YaadCare');
    expect(meta('meta[property="og:locale"]')).toBe('en_JM');
    expect(meta('meta[property="og:image"]')).toBe(`${origin}/favicon.svg`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
    expect(meta('meta[name="twitter:title"]')).toBe('Pricing · YaadCare');
  });

  it('keeps an exact title, updates in place, and cleans up when the page goes', () => {
    const { rerender, unmount } = render(
      <Page title="YaadCare — care in Jamaica" exactTitle description="First." canonicalPath="/" />,
    );
    expect(document.title).toBe('YaadCare — care in Jamaica');
    rerender(
      <Page title="How it works" description="Second." canonicalPath="/how-it-works" type="article" />,
    );
    expect(document.title).toBe('How it works · YaadCare');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonical()).toBe(`${window.location.origin}/how-it-works`);
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[name="description"]')).toBe('Second.');

    unmount();
    // A private page that sets no meta inherits neither the canonical URL nor the description.
    expect(canonical()).toBeUndefined();
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(meta('meta[name="description"]')).toBe('Shell description');
  });
});
