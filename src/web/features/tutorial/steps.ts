import {
  BadgeCheck,
  CalendarClock,
  HeartHandshake,
  type LucideIcon,
  MessageCircle,
  PartyPopper,
  Rocket,
  Search,
  Star,
  UserRoundPen,
  Users,
  Wallet,
} from 'lucide-react';

export type TutorialKind = 'family' | 'caregiver';

export interface TutorialStep {
  id: string;
  title: string;
  text: string;
  icon: LucideIcon;
  /** Where the step's action goes; on the last step the action is the button that finishes the tour. */
  action: { label: string; to: string };
}

/** 6 steps each (docs/product.md#screens-and-routes Guided tutorial modal). Claims stay within what the product does. */
export const TUTORIAL_STEPS: Record<TutorialKind, readonly TutorialStep[]> = {
  family: [
    {
      id: 'welcome',
      title: 'Welcome to YaadCare',
      text: 'YaadCare helps families across Jamaica find nannies, babysitters, tutors, senior-care nurses, special-needs carers, housekeepers and handymen. This short tour shows you how it works.',
      icon: HeartHandshake,
      action: { label: 'Read how it works', to: '/how-it-works' },
    },
    {
      id: 'search',
      title: 'Search for care near you',
      text: 'Use Find Care to search by town or parish, then narrow the list by hourly rate in JMD, years of experience, skills and the times you need.',
      icon: Search,
      action: { label: 'Open search', to: '/search' },
    },
    {
      id: 'browse-profiles',
      title: 'Browse caregiver profiles',
      text: "Each profile shows experience, rate, skills, certifications and availability. Look for the Verified badge: it means our team has checked that caregiver's ID, police record and references.",
      icon: Users,
      action: { label: 'Browse caregivers', to: '/search' },
    },
    {
      id: 'reviews',
      title: 'Read reviews from families',
      text: 'Reviews are tied to bookings made on YaadCare, so star ratings come from families who actually booked that caregiver.',
      icon: Star,
      action: { label: 'See our safety tips', to: '/safety-trust' },
    },
    {
      id: 'contact-and-book',
      title: 'Contact and book',
      text: "Message a caregiver with your questions, then choose a date, start time and duration. You see the full cost before you confirm: the caregiver's rate plus a 5% platform fee, charged after the service is completed.",
      icon: MessageCircle,
      action: { label: 'See pricing', to: '/pricing' },
    },
    {
      id: 'done',
      title: "You're all set!",
      text: 'Start your search whenever you are ready. You can replay this tour any time with the Tutorial button at the top of the page, and our support team is one message away.',
      icon: PartyPopper,
      action: { label: 'Find care now', to: '/search' },
    },
  ],
  caregiver: [
    {
      id: 'welcome',
      title: 'Welcome, caregiver!',
      text: 'YaadCare connects you with families across Jamaica who need child care, senior care, tutoring, housekeeping and more. Here is how to get ready for your first booking.',
      icon: HeartHandshake,
      action: { label: 'Caregiver resources', to: '/caregiver-resources' },
    },
    {
      id: 'complete-profile',
      title: 'Complete your profile',
      text: 'Write a short bio, add your years of experience, skills and certifications, and a clear photo of yourself. Families read these first when deciding whom to contact.',
      icon: UserRoundPen,
      action: { label: 'Complete my profile', to: '/caregiver-onboarding' },
    },
    {
      id: 'set-rates',
      title: 'Set your hourly rate',
      text: 'Choose your hourly rate in JMD. The 5% platform fee is added on top for the family, so the rate you set is what you earn for each hour.',
      icon: Wallet,
      action: { label: 'See typical rates', to: '/pricing' },
    },
    {
      id: 'availability',
      title: 'Share your availability',
      text: 'Pick the days and times you can work: mornings, afternoons, evenings, weekends or overnight. Keep it current so families ask for times that suit you.',
      icon: CalendarClock,
      action: { label: 'Set my availability', to: '/availability' },
    },
    {
      id: 'get-verified',
      title: 'Get verified',
      text: 'Confirm your e-mail and phone, upload your ID and proof of address, and submit your police record. Once our team approves them, your profile carries the Verified badge families look for.',
      icon: BadgeCheck,
      action: { label: 'Start verification', to: '/background-check' },
    },
    {
      id: 'start-connecting',
      title: 'Start connecting',
      text: 'Answer booking requests and messages promptly and do great work: each completed booking can earn you a review. Earnings are paid out weekly, on Fridays.',
      icon: Rocket,
      action: { label: 'Go to my dashboard', to: '/caregiver-dashboard' },
    },
  ],
};
