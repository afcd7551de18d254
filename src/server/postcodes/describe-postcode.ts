// GET /api/postcodes/:postcode: the place a postcode names, for the account form.
import { AppError } from '../../domain/errors';
import { findPostcode, missingPostcodeMessage } from './postcode-directory';

export function describePostcode(postcode: string) {
  const place = findPostcode(postcode);
  if (!place) throw new AppError('POSTCODE_NOT_FOUND', missingPostcodeMessage(postcode));
  return { postcode: place.postcode, state: place.state, suburbs: place.suburbs, latitude: place.latitude, longitude: place.longitude };
}
