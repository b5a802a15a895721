import { LegalDocument, type LegalSection } from '../features/info-pages/components/legal-document';
import { SupportEmail } from '../features/info-pages/components/page-parts';
import { Link } from '../lib/router';

const SECTIONS: LegalSection[] = [
  {
    id: 'scope',
    title: 'What these terms cover',
    content: (
      <p>
        These Terms of Use apply to everyone who visits or uses the YaadCare website, whether or not you have
        an account. If you book care or offer your services, our{' '}
        <Link to="/terms-of-service">Terms of Service</Link> apply as well, and our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your data. By using the
        website you accept these terms.
      </p>
    ),
  },
  {
    id: 'access',
    title: 'Who may use the website',
    content: (
      <p>
        Anyone may browse the public pages, search caregivers and read profiles. To create an account you must
        be at least 18 years old and give true information about yourself.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>When you use the website you agree not to:</p>
        <ul>
          <li>break the law, or help anyone else to;</li>
          <li>
            copy profiles, reviews or contact details in bulk, or use automated tools to collect data from the
            website beyond what our robots.txt file allows;
          </li>
          <li>
            try to get into accounts or parts of the website that are not yours, test or break our security,
            or upload harmful code;
          </li>
          <li>overload the website or interfere with other people's use of it;</li>
          <li>send spam, chain messages or advertising through YaadCare messages;</li>
          <li>pretend to be another person or organisation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    content: (
      <>
        <p>
          You own what you post, such as your profile, photos, messages and reviews. You give YaadCare
          permission to store it and show it on the website as the service needs, for example showing your
          profile in search results. This permission ends when you delete the content or your account, except
          for copies we must keep by law.
        </p>
        <p>
          You are responsible for what you post. It must be accurate, must not be unlawful, hateful or
          misleading, and must not break anyone else's rights. Caregiver profile photos must show the
          caregiver. We may remove content that breaks these rules.
        </p>
      </>
    ),
  },
  {
    id: 'our-content',
    title: 'Our content and name',
    content: (
      <p>
        The YaadCare name and logo, the design of the website and the text we write belong to YaadCare. You
        may view and share our pages for personal, non-commercial purposes, but not copy or reuse them as your
        own without our written permission.
      </p>
    ),
  },
  {
    id: 'links',
    title: 'Links to other websites',
    content: (
      <p>
        Our pages mention and may link to other organisations, such as training providers and government
        agencies. We do not control their websites and are not responsible for their content or their privacy
        practices.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    content: (
      <p>
        We work to keep the website running and accurate, but it may sometimes be unavailable, for example
        during maintenance. We may change, add or remove features. If a change affects bookings, payments or
        prices, our Terms of Service apply, including 30 days' notice of any price change.
      </p>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting problems',
    content: (
      <p>
        If you see content that breaks these terms, or think you have found a security problem, please tell us
        at <SupportEmail /> or through the <Link to="/support">support page</Link>. Please do not access other
        people's data while investigating a security problem.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <p>
        The website is provided "as is". Information on our guidance pages, including our caregiver resources,
        is general information and not legal, tax or medical advice. Our liability to you is set out in our{' '}
        <Link to="/terms-of-service">Terms of Service</Link>; nothing in these terms limits rights you have
        under Jamaican law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms from time to time. The effective date at the top of this page shows when
        they last changed; if you keep using the website after a change, the new terms apply.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    content: (
      <p>These terms are governed by the laws of Jamaica, and the courts of Jamaica have jurisdiction.</p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms? Write to <SupportEmail /> or use the{' '}
        <Link to="/support">support page</Link>.
      </p>
    ),
  },
];

export default function TermsOfUsePage() {
  return (
    <LegalDocument
      title="Terms of Use"
      description="The rules for using the YaadCare website: who may use it, acceptable use, your content and ours, links, availability and how to report a problem. Effective July 16, 2025."
      path="/terms-of-use"
      intro={
        <p>
          These terms set out the rules for using the YaadCare website. They are short and in plain language;
          please read them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
