import { notificationRepo } from './repo';

export type { NewNotification } from './repo';

/**
 * What other features may do with in-app notifications: write them inside their own transaction (the
 * user's open pages hear of it when that transaction commits), and mark a user's notices about a link read.
 * Listing and reading them is the notifications routes' business.
 */
export const notificationService = {
  add: notificationRepo.add,
  addForAdmins: notificationRepo.addForAdmins,
  markReadByLink: notificationRepo.markReadByLink,
};
