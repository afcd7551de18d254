// The postcode directory: every Australian postcode, its suburbs, state and centre.
export { describePostcode } from './describe-postcode';
export { findPostcode, listPostcodes, missingPostcodeMessage, type PostcodeEntry } from './postcode-directory';
