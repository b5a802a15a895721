import { CategoryGrid } from '../../features/caregivers/components/category-grid';
import { FeaturedCaregivers } from './featured-caregivers';
import { CallToActionSection, HowItWorksSection, TestimonialsSection, TrustSection } from './home-sections';

/**
 * The home page below its hero, in the order families read it. A chunk of its own (home-page.tsx loads it
 * with React.lazy): the first screen (header, hero and search) hydrates without waiting for it, and on a
 * server-rendered page its HTML is there, links working, until its code has arrived
 * (docs/decisions/0023-home-page-javascript-budget.md).
 */
export default function BelowTheFold() {
  return (
    <>
      <TrustSection />
      <HowItWorksSection />
      <FeaturedCaregivers />
      <TestimonialsSection />
      <CategoryGrid />
      <CallToActionSection />
    </>
  );
}
