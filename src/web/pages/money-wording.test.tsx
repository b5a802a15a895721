// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { FAQ } from '../features/support/faq';
import { renderRoute, stubFetch } from '../test/render';
import HowItWorksPage from './how-it-works-page';
import PricingPage from './pricing-page';
import SafetyTrustPage from './safety-trust-page';
import TermsOfServicePage from './terms-of-service-page';

/**
 * One payment model on every page that explains it (issue 15): the card is held when the family books and
 * charged after the service. A page may not say only "charged after" (which reads as "nothing happens
 * when I book") nor "paid" for a hold.
 */
const PAGES: [string, ComponentType][] = [
  ['/pricing', PricingPage],
  ['/how-it-works', HowItWorksPage],
  ['/safety-trust', SafetyTrustPage],
  ['/terms-of-service', TermsOfServicePage],
];

const sentencesAboutCharging = (text: string) =>
  text.split(/(?<=[.!?])\s+/).filter((s) => /charged (only )?after the service/i.test(s));

describe('money wording', () => {
  it.each(PAGES)(
    '%s says the card is held at booking wherever it says charged after the service',
    (path, Page) => {
      stubFetch({ 'GET /api/config': { body: { demoMode: false, supportEmail: 'help@yaadcare.jm' } } });
      renderRoute(<Page />, { path, user: null });
      const text = document.body.textContent ?? '';
      const sentences = sentencesAboutCharging(text);
      expect(sentences.length).toBeGreaterThan(0);
      for (const s of sentences) expect(s).toMatch(/held/);
      expect(text).not.toMatch(/Nothing is taken when you book|Paid \(charged/);
      cleanup();
    },
  );

  it('the FAQ calls a held card a hold, not a payment', () => {
    const answers = FAQ.map((f) => f.answer).join(' ');
    expect(answers).not.toMatch(/already paid/i);
    expect(answers).toMatch(/only held on your card/);
  });
});
