import type { CaregiverKind } from '../../shared/catalog';

/**
 * The demo data set as plain rows, before any id exists: people are referred to by email, bookings by
 * their index. index.ts writes them and fills in the ids.
 */

type UserType = 'family' | 'caregiver' | 'admin';

export interface UserRow {
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  phone: string | null;
  location: string;
  parish: string;
  profileImageUrl: string;
  isVerified: boolean;
  verificationStatus: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface VerificationRow {
  email: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  addressVerified: boolean;
  idVerified: boolean;
  selfieVerified: boolean;
  backgroundCheckVerified: boolean;
  verificationNotes: string | null;
  /** yyyy-MM-dd: the police record (certificate of character) the background check was approved on. */
  policeRecordIssuedAt: string | null;
  status: 'pending' | 'submitted' | 'approved' | 'rejected';
  submittedAt: Date | null;
  verifiedAt: Date | null;
  /** True when the admin approved it (verifiedBy = the admin). */
  byAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface CaregiverRow {
  email: string;
  gender: 'f' | 'm';
  bio: string;
  experience: number;
  hourlyRate: number;
  certifications: string[];
  skills: string[];
  availability: string[];
  kinds: CaregiverKind[];
  averageRating: string;
  totalReviews: number;
  isActive: boolean;
  isAvailable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface StatsRow {
  email: string;
  totalBookings: number;
  completedBookings: number;
  totalHours: number;
  totalEarnings: string;
  responseTime: number;
  profileViews: number;
  favoriteCount: number;
  badgePoints: number;
  streakDays: number;
  longestStreak: number;
  lastActiveDate: string;
  updatedAt: Date;
}

export type BookingStatus = 'pending' | 'confirmed' | 'declined' | 'expired' | 'cancelled' | 'completed';

export interface BookingRow {
  familyEmail: string;
  caregiverEmail: string;
  date: string;
  startTime: string;
  endTime: string;
  duration: number;
  startsAt: Date;
  endsAt: Date;
  hourlyRate: number;
  platformFee: number;
  totalCost: number;
  status: BookingStatus;
  /** Which of the caregiver's kinds the booking is for (not stored; picks the words around it). */
  kind: CaregiverKind;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReviewRow {
  booking: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export interface MessageRow {
  senderEmail: string;
  receiverEmail: string;
  content: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface CaregiverBadgeRow {
  email: string;
  badgeName: string;
  earnedAt: Date | null;
  progress: number;
  isCompleted: boolean;
}

export interface DemoDataSet {
  users: UserRow[];
  verifications: VerificationRow[];
  caregivers: CaregiverRow[];
  stats: StatsRow[];
  bookings: BookingRow[];
  reviews: ReviewRow[];
  messages: MessageRow[];
  caregiverBadges: CaregiverBadgeRow[];
}
