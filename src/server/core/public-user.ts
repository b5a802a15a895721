import type { PublicUser } from '../../shared/contracts/auth';

/** A user as the server holds it (a session's user or a users row): PublicUser with a Date. */
export type PublicUserSource = Omit<PublicUser, 'createdAt'> & { createdAt: Date };

/** What the API shows of a user (auth, account, admin). */
export function toPublicUser(u: PublicUserSource): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    phone: u.phone,
    location: u.location,
    parish: u.parish,
    profileImageUrl: u.profileImageUrl,
    isVerified: u.isVerified,
    verificationStatus: u.verificationStatus,
    createdAt: u.createdAt.toISOString(),
    timeZone: u.timeZone,
    currency: u.currency,
  };
}
