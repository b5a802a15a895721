export * from './bookings';
export * from './caregivers';
export * from './messages';
export * from './notifications';
export * from './privacy';
export * from './support';
export * from './users';
export * from './verifications';
