// Money first: the settlement listener posts a completion's earnings, which the stats then read.
import '../payments/settlement';
import { onBookingTransition } from '../bookings/events';
import { handleBookingTransition } from './events';

/** Stats and badges follow every booking state change, in its transaction (registered once, at load). */
onBookingTransition(handleBookingTransition);
