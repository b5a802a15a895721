export * from './bookings';
export * from './caregivers';
export * from './messages';
export * from './messaging';
export * from './notifications';
export * from './payments';
export * from './users';
export * from './verifications';
