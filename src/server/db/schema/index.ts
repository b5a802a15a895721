export * from './bookings';
export * from './caregivers';
export * from './engagement';
export * from './messages';
export * from './notifications';
export * from './payments';
export * from './users';
export * from './verifications';
