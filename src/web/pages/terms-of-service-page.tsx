import { PLATFORM_FEE_PERCENT } from '../../shared/money';
import {
  FREE_CANCELLATION_HOURS,
  LATE_CANCELLATION_PERCENT,
  PAYOUT_ARRIVAL,
  PAYOUT_DAY,
  PRICE_CHANGE_NOTICE_DAYS,
} from '../../shared/pricing';
import { LegalDocument, type LegalSection } from '../features/info-pages/components/legal-document';
import { SupportEmail } from '../features/info-pages/components/page-parts';
import { Link } from '../lib/router';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These Terms of Service are an agreement between you and YaadCare ("YaadCare", "we", "us") about the
          use of the YaadCare marketplace, which connects families in Jamaica with caregivers and home-service
          workers. By creating an account or making or accepting a booking, you agree to these terms, to our{' '}
          <Link to="/terms-of-use">Terms of Use</Link> for the website, and to our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
        <p>If you do not agree, please do not use YaadCare.</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Eligibility and your account',
    content: (
      <ul>
        <li>You must be at least 18 years old to create an account, book care or offer your services.</li>
        <li>
          The information you give us, including your name, e-mail address, phone number and town, must be
          true and kept up to date.
        </li>
        <li>One person, one account. Accounts may not be shared, sold or transferred.</li>
        <li>
          Keep your password secret. You are responsible for what happens under your account; tell us at once
          if you think someone else has used it.
        </li>
      </ul>
    ),
  },
  {
    id: 'our-role',
    title: 'What YaadCare does, and does not do',
    content: (
      <>
        <p>
          YaadCare is a marketplace. We provide the tools to find, message, book and pay caregivers.
          Caregivers are independent and self-employed: they are not employees, agents or contractors of
          YaadCare, they set their own rates and availability, and they decide which bookings to accept.
          Families decide whom to book and how the care is given.
        </p>
        <p>
          A Verified badge means the caregiver completed the checks described on our{' '}
          <Link to="/safety-trust">Safety and trust</Link> page at the time they were made. It is not a
          guarantee of anyone's future conduct, and not every caregiver on YaadCare is verified. Please use
          your own judgement before and during every booking.
        </p>
      </>
    ),
  },
  {
    id: 'bookings',
    title: 'Bookings',
    content: (
      <>
        <p>
          A family sends a booking request for a date, start time and duration. The booking is confirmed only
          when the caregiver accepts it. Both sides can see the details of the booking in their account, and
          should agree on duties, house rules and anything else important in YaadCare messages before the
          booking starts.
        </p>
        <p>
          If the care needed changes, agree the change with the other side in YaadCare messages. Extra hours
          are paid at the caregiver's rate.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Prices, fees and payment',
    content: (
      <ul>
        <li>All prices are in Jamaican dollars (JMD).</li>
        <li>
          The family pays the caregiver's hourly rate times the hours booked (the subtotal) plus a platform
          fee of {PLATFORM_FEE_PERCENT}% of the subtotal. The total is shown before the booking is sent.
        </li>
        <li>
          The family's card is held (authorized) when the booking is made and charged after the service is
          completed. Payments for bookings made on YaadCare must be made through YaadCare, not in cash or by
          private transfer.
        </li>
        <li>
          Caregivers receive the full subtotal for completed bookings. Payouts are made weekly, on{' '}
          {`${PAYOUT_DAY}s`}, and usually arrive within {PAYOUT_ARRIVAL}, depending on the caregiver's bank.
        </li>
        <li>
          We may change our fees or plan prices. We will give at least {PRICE_CHANGE_NOTICE_DAYS} days' notice
          of any change, and a change never applies to a booking already confirmed.
        </li>
        <li>
          Caregivers are responsible for their own taxes and contributions, including income tax and NIS.
        </li>
      </ul>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations',
    content: (
      <ul>
        <li>
          A family that cancels {FREE_CANCELLATION_HOURS} hours or more before the start of a booking pays
          nothing.
        </li>
        <li>
          A family that cancels less than {FREE_CANCELLATION_HOURS} hours before the start pays{' '}
          {LATE_CANCELLATION_PERCENT}% of the booking subtotal, which goes to the caregiver.
        </li>
        <li>
          If a caregiver cancels, the family pays nothing. Caregivers who cancel often, or fail to arrive, may
          have their account suspended.
        </li>
      </ul>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and other content',
    content: (
      <>
        <p>
          Reviews must be honest, based on your own experience of a booking, and free of personal details,
          insults and threats. We may remove reviews, messages, photos or profile text that break these terms
          or the law. We do not edit what a review says, and we do not remove a review only because it is
          unfavourable.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Conduct',
    content: (
      <>
        <p>Everyone on YaadCare agrees not to:</p>
        <ul>
          <li>harass, threaten, abuse or discriminate against anyone;</li>
          <li>give false information, pretend to be someone else or hold more than one account;</li>
          <li>
            ask for or make payment outside YaadCare for bookings made on YaadCare, or use YaadCare to find
            people and then avoid its fees;
          </li>
          <li>use YaadCare for anything unlawful, or to offer services other than those listed on it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'caregivers',
    title: 'Additional terms for caregivers',
    content: (
      <ul>
        <li>
          Your profile, experience, skills and certifications must be accurate, and the documents you give for
          verification must be genuine and your own.
        </li>
        <li>You must be legally allowed to work in Jamaica.</li>
        <li>
          You must arrive on time for confirmed bookings, give care with reasonable skill and care, and follow
          the law, including the laws that protect children and vulnerable adults.
        </li>
        <li>Tell us straight away if your police record or a certificate on your profile changes.</li>
      </ul>
    ),
  },
  {
    id: 'families',
    title: 'Additional terms for families',
    content: (
      <ul>
        <li>Describe the care needed honestly, including anything that affects the caregiver's safety.</li>
        <li>Provide a safe place to work, and treat caregivers with respect.</li>
        <li>Pay for completed bookings through YaadCare.</li>
      </ul>
    ),
  },
  {
    id: 'disputes',
    title: 'Problems and disputes',
    content: (
      <p>
        If something goes wrong with a booking, tell us as soon as possible through the{' '}
        <Link to="/support">support page</Link> or by e-mail at <SupportEmail />. A person on our team will
        look at the booking record and messages and help both sides reach a fair outcome, which may include a
        full or partial refund. Nothing in these terms stops you from using your rights under Jamaican law,
        including the Consumer Protection Act.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    content: (
      <p>
        You can stop using YaadCare and ask us to close your account at any time. We may suspend or close an
        account that breaks these terms, puts others at risk or is used for fraud. Bookings already completed
        are still paid for. How we handle your data after your account closes is explained in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    content: (
      <>
        <p>
          We work to keep YaadCare available and accurate, but we provide it "as is" and cannot promise it
          will always be free of errors or interruptions. Because caregivers are independent, YaadCare is not
          responsible for the care they give or for what happens between families and caregivers during a
          booking, except where the law says otherwise.
        </p>
        <p>
          Where the law allows, our total liability to you for any claim about YaadCare is limited to the
          platform fees you paid us in the six months before the claim. Nothing in these terms limits
          liability that cannot be limited by law, such as liability for death or personal injury caused by
          our negligence, or for fraud.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as YaadCare changes. We will show the new effective date at the top of this
        page and tell account holders about important changes by e-mail or on the website before they apply.
        Price changes always come with {PRICE_CHANGE_NOTICE_DAYS} days' notice.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of Jamaica, and the courts of Jamaica have jurisdiction over any
        dispute about them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms? Write to <SupportEmail /> or use the{' '}
        <Link to="/support">support page</Link>. A person on our team will reply.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      description={`YaadCare's Terms of Service: accounts (18+), bookings, the ${PLATFORM_FEE_PERCENT}% platform fee, payment after the service, the ${FREE_CANCELLATION_HOURS}-hour cancellation rule and weekly caregiver payouts. Effective July 16, 2025.`}
      path="/terms-of-service"
      intro={
        <p>
          Please read these terms carefully. They explain how bookings, payments and cancellations work on
          YaadCare, and what families, caregivers and YaadCare each agree to.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
