/** The part of pa11y 9's API the browser tests use (pa11y ships no types). */
declare module 'pa11y' {
  import type { Browser, Page } from 'puppeteer';

  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    typeCode: number;
    message: string;
    context: string;
    selector: string;
    runner: string;
  }

  interface Pa11yOptions {
    browser?: Browser;
    page?: Page;
    ignoreUrl?: boolean;
    runners?: ('htmlcs' | 'axe')[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    includeNotices?: boolean;
    includeWarnings?: boolean;
    timeout?: number;
    chromeLaunchConfig?: Record<string, unknown>;
  }

  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
