import { LegalDocument, type LegalSection } from '../features/info-pages/components/legal-document';
import { SupportEmail } from '../features/info-pages/components/page-parts';
import { Link } from '../lib/router';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        YaadCare runs the YaadCare marketplace, which connects families in Jamaica with caregivers. For the
        personal data described here, YaadCare is the data controller under Jamaica's Data Protection Act,
        2020 (the "Act"). This policy explains what we collect, why, who sees it, how long we keep it and the
        rights you have.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'The information we collect',
    content: (
      <>
        <h3>From everyone with an account</h3>
        <ul>
          <li>Your name, e-mail address, town and parish, and your phone number if you give it.</li>
          <li>
            Your password, stored only as a one-way hash: we cannot read it, and nobody at YaadCare can tell
            you what it is.
          </li>
          <li>Your bookings: dates, times, duration, rates, fees, totals and status.</li>
          <li>Messages you send through YaadCare, reviews you write, and support requests.</li>
        </ul>
        <h3>From caregivers</h3>
        <ul>
          <li>
            Your profile: photo, bio, years of experience, hourly rate, skills, certifications, availability
            and the types of care you offer.
          </li>
          <li>
            Verification documents if you choose to get verified: government ID, a selfie, proof of address,
            police record, references and certificates, and the outcome of our checks.
          </li>
          <li>The details we need to pay you.</li>
        </ul>
        <h3>Collected automatically</h3>
        <ul>
          <li>
            Technical records of requests to our servers (such as IP address, browser type and time), kept to
            run the service, keep it secure and prevent abuse.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    content: (
      <ul>
        <li>To run your account and let you search, message, book, pay and be paid.</li>
        <li>To verify caregivers who ask for the Verified badge.</li>
        <li>
          To send you the e-mails and text messages the service needs, such as password resets, verification
          codes and booking updates.
        </li>
        <li>To keep YaadCare safe: to prevent fraud, investigate reports and enforce our terms.</li>
        <li>To answer your support requests.</li>
        <li>To meet our legal obligations, for example tax and accounting records.</li>
      </ul>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Our legal basis',
    content: (
      <p>
        We process your data to perform our agreement with you (our{' '}
        <Link to="/terms-of-service">Terms of Service</Link>), to meet legal obligations, for our legitimate
        interest in keeping the marketplace safe and working, and, for verification documents, with your
        consent. You can withdraw consent at any time; this removes the Verified badge but does not affect
        checks already made.
      </p>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who can see your information',
    content: (
      <>
        <ul>
          <li>
            <strong>Anyone visiting YaadCare</strong> can see a caregiver's public profile: first name and
            last initial, photo, town and parish, bio, experience, rate, skills, certifications, availability,
            rating, reviews and whether they are verified.
          </li>
          <li>
            <strong>The other side of a booking or conversation</strong> sees your name and what you write to
            them, and the booking details.
          </li>
          <li>
            <strong>Reviews</strong> show the reviewer's first name and last initial.
          </li>
          <li>
            <strong>Our team</strong> sees what it needs to support you and to review verification documents.
          </li>
        </ul>
        <p>
          E-mail addresses, phone numbers and verification documents are never shown on public pages.
          Verification documents are kept in private storage, not on the public website.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing with others',
    content: (
      <>
        <p>We do not sell your personal data. We share it only:</p>
        <ul>
          <li>
            with service providers who work for us, such as hosting, e-mail, text message and payment
            providers, under contracts that require them to protect it and use it only for us;
          </li>
          <li>
            with the police, courts or regulators when the law requires it, or to protect someone's safety;
          </li>
          <li>
            with a buyer or successor if YaadCare's business is transferred, who must keep this policy's
            promises.
          </li>
        </ul>
        <p>
          If data is processed outside Jamaica, we make sure it is protected to the standard the Act requires.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and storage in your browser',
    content: (
      <>
        <p>
          YaadCare uses one essential cookie, which keeps you signed in. It cannot be read by scripts on the
          page and is removed when you log out or the session expires. Your browser's local storage remembers
          whether you have seen our guided tutorial.
        </p>
        <p>We do not use advertising cookies or third-party tracking cookies.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <p>
        We keep your data while your account is open. When you delete your account (in Settings, with your
        password), you are signed out everywhere at once, a caregiver profile leaves search straight away, and
        within about 30 days we delete or anonymise your personal data: name, contact details, photo, the
        messages you sent and verification documents. Records the law requires us to keep for longer (such as
        payment and tax records) stay, without your name, and so does information we need to deal with an open
        dispute or safety report, only as long as needed.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        Passwords are stored only as one-way hashes; sign-in sessions can be ended at any time by logging out
        or changing your password; verification documents are kept in private storage that only our
        verification team can open; and access to personal data within YaadCare is limited to people who need
        it. No system is perfectly secure. If a breach puts your data at risk, we will tell you and the
        Information Commissioner as the Act requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the Data Protection Act, 2020 you may ask us to:</p>
        <ul>
          <li>tell you whether we hold data about you and give you a copy;</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>delete your data, or stop or limit certain uses of it;</li>
          <li>stop using your data for direct marketing (we do not send marketing without your consent).</li>
        </ul>
        <p>
          You can download a copy of your data and delete your account yourself, in{' '}
          <Link to="/settings">Settings</Link>. For anything else, send your request to <SupportEmail /> or
          through the <Link to="/support">support page</Link>. We may ask you to confirm your identity, and we
          answer every request within 30 days. If you are not satisfied with our answer, you can complain to
          the Office of the Information Commissioner.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        YaadCare accounts are for adults aged 18 and over. We do not knowingly collect data from children. A
        family may tell a caregiver about a child's needs, such as age, routines or allergies, in order to
        arrange care; please share only what the caregiver needs to know.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we will update the effective date at the top of this page, and tell account
        holders about important changes by e-mail or on the website before they apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any question about your privacy or this policy, write to <SupportEmail /> with "Privacy" in the
        subject line, or use the <Link to="/support">support page</Link>. We answer privacy inquiries within
        30 days.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How YaadCare collects, uses and protects personal data under Jamaica's Data Protection Act, 2020: what we collect, who sees it, deletion within about 30 days and your rights."
      path="/privacy-policy"
      intro={
        <p>
          Your privacy matters to us. In short: we collect what we need to run the marketplace, we never sell
          your data, contact details and documents are never public, and you can ask to see or delete your
          data at any time.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
