import { PageHero } from '../features/info-pages/components/page-parts';
import { ContactCards } from '../features/support/components/contact-cards';
import { FaqSection } from '../features/support/components/faq-section';
import { MyTickets } from '../features/support/components/my-tickets';
import { SupportForm } from '../features/support/components/support-form';
import { FAQ } from '../features/support/faq';
import { usePageMeta } from '../lib/use-page-meta';

/** /support (docs/product.md#screens-and-routes): the searchable FAQ, contact cards, categories with article counts, and a message form. */
export default function SupportPage() {
  usePageMeta({
    title: 'Help and support',
    description: `Answers to ${FAQ.length} common questions about booking, paying and working on YaadCare, and how to reach our support team in Jamaica by phone, e-mail or message.`,
    canonicalPath: '/support',
  });
  return (
    <>
      <PageHero eyebrow="Support" title="How can we help?">
        <p>
          Search the answers to common questions, or reach a person on our team by phone, e-mail or the
          message form below.
        </p>
      </PageHero>
      <FaqSection />
      <ContactCards />
      <SupportForm />
      <MyTickets />
    </>
  );
}
