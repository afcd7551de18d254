// A postcode's suburbs and state, asked of the server's postcode directory: the account's location
// form and the listings map both look places up.
import { useQuery } from '@tanstack/react-query';
import { type ApiResponse, postcodePattern } from '../../../domain';

/** The suburbs (main locality first) and state of a 4-digit postcode (GET /api/postcodes/:postcode); idle until four digits are typed. */
export function usePostcodePlace(postcode: string) {
  return useQuery<ApiResponse<'describePostcode'>>({ queryKey: ['/api/postcodes', postcode], enabled: postcodePattern.test(postcode) });
}
