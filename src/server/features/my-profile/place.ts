import { findTown } from '../../../shared/catalog';
import { badRequest } from '../../errors';

/** The town (and its parish) to write on the account, when one was sent. */
export function placeOf(location: string | undefined) {
  if (!location) return {};
  const town = findTown(location);
  if (!town) throw badRequest('Choose a town from the list', [{ path: 'location', message: 'Unknown town' }]);
  return { location: town.name, parish: town.parish };
}
