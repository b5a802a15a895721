import { BadgeCheck, LockKeyhole, Phone, Star, Wallet } from 'lucide-react';
import {
  CallToAction,
  CheckList,
  FeatureCardGrid,
  InfoSection,
  PageHero,
} from '../features/info-pages/components/page-parts';
import { usePageMeta } from '../lib/use-page-meta';

const TRUST_FEATURES = [
  {
    icon: BadgeCheck,
    title: 'The Verified badge',
    text: "Caregivers who pass all six verification steps below carry the Verified badge on their profile and in search results; every profile shows which checks are done and when, or says 'Not yet verified'. Not every caregiver on YaadCare has finished verification yet, so look for the badge before you book.",
  },
  {
    icon: Star,
    title: 'Reviews tied to bookings',
    text: 'Reviews are linked to bookings made on YaadCare, so the stars on a profile come from families who actually booked that caregiver, not from friends or strangers.',
  },
  {
    icon: Wallet,
    title: 'Payment after the service',
    text: 'You pay through YaadCare: your card is held when you book and charged only after the service is completed. Every booking and payment stays on record in your account, so nobody needs to carry cash.',
  },
  {
    icon: LockKeyhole,
    title: 'Private by design',
    text: 'Phone numbers and e-mail addresses are never shown on public pages; you talk through YaadCare messages. Verification documents are kept in private storage that only our verification team can open.',
  },
];

const VERIFICATION_STEPS = [
  {
    title: 'Government ID and identity',
    text: "A valid government photo ID (driver's licence, passport or voter ID card), matched against a selfie taken for us.",
  },
  {
    title: 'Criminal background check',
    text: 'A recent police record, the Police Certificate of Character issued by the Jamaica Constabulary Force. It counts for 12 months: when it turns 12 months old the badge goes until a new one is approved.',
  },
  {
    title: 'Employer references',
    text: 'Two references from previous employers or families the caregiver has worked for, with their phone numbers, checked by our team with the police record.',
  },
  {
    title: 'Proof of address',
    text: 'A recent utility bill or bank statement showing where the caregiver lives, matched to the address they give us.',
  },
  {
    title: 'Phone and e-mail verification',
    text: "One-time codes confirm that the caregiver's phone number and e-mail address are real and their own.",
  },
  {
    title: 'Profile review and approval',
    text: 'A member of our team reviews the complete profile and approves it before the Verified badge appears.',
  },
];

const FAMILY_TIPS = [
  'Check for the Verified badge and read the reviews before you book.',
  'Message first, then meet or video-call before the first booking; ask about experience with children or adults like yours.',
  'Book a short first session while you are at home.',
  'Write down house rules, allergies, medication and emergency contacts, and share them before the first visit.',
  'Keep messages and payments on YaadCare, so there is a record if you ever need our help.',
  'Trust your instincts: if something feels wrong, end the booking and tell us.',
];

const CAREGIVER_TIPS = [
  'Confirm the address, the people you will care for and the hours through YaadCare messages before the first visit.',
  'Tell someone you trust where you are working and when you expect to finish.',
  'Keep payments on YaadCare: you are covered by our cancellation rules and paid on schedule.',
  "You may decline any booking that doesn't feel right, without explaining why.",
  'Report anything unsafe to us, and to the police if anyone is in danger.',
];

export default function SafetyTrustPage() {
  usePageMeta({
    title: 'Safety and trust',
    description:
      'How YaadCare verifies caregivers in six steps (ID, JCF police record, references, proof of address, phone and e-mail, profile review), what the Verified badge means, and safety tips for families and caregivers in Jamaica.',
    canonicalPath: '/safety-trust',
  });

  return (
    <>
      <PageHero eyebrow="Safety and trust" title="Your family's safety comes first">
        <p>
          Inviting someone into your home is a big decision. Here is how YaadCare helps you make it with
          confidence, and what you can do as well.
        </p>
      </PageHero>

      <InfoSection id="trust" title="How we build trust">
        <FeatureCardGrid cards={TRUST_FEATURES} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" />
      </InfoSection>

      <InfoSection
        id="verification"
        title="Our 6-step caregiver verification"
        tone="muted"
        intro="Caregivers choose to get verified, and the badge appears only when every step is complete. Certificates such as First Aid, CPR or nursing qualifications are self-reported: we do not review those documents yet, profiles mark them 'self-reported', so ask to see them."
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {VERIFICATION_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl bg-surface p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold">{step.title}</h3>
                <p className="mt-1 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-6 max-w-3xl text-muted-foreground">
          Verification is a check made at one point in time, not a guarantee of future behaviour. Please keep
          using your own judgement, and tell us straight away about anything that worries you.
        </p>
      </InfoSection>

      <InfoSection id="tips" title="Safety tips">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">For families</h3>
            <CheckList className="mt-4" items={FAMILY_TIPS} />
          </div>
          <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold">For caregivers</h3>
            <CheckList className="mt-4" items={CAREGIVER_TIPS} />
          </div>
        </div>
        <div className="mt-6 flex gap-4 rounded-2xl border border-destructive/30 bg-destructive-soft p-5">
          <Phone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-destructive" />
          <p>
            <strong>In an emergency, call for help first.</strong> Police: <strong>119</strong>. Fire and
            ambulance: <strong>110</strong>. Then let us know what happened so we can follow up.
          </p>
        </div>
      </InfoSection>

      <CallToAction
        title="Questions or a concern to report?"
        text="Our support team reads every message and takes safety reports seriously. New here? Create a free account and start your search."
        links={[
          { to: '/support', label: 'Contact support' },
          { to: '/signup', label: 'Sign up free' },
        ]}
      />
    </>
  );
}
