// The product's name and fixed copy (spec section 1).
export const productName = 'Neighbourly';
export const productTagline = 'friendly neighbourhood marketplace';
export const currency = 'AUD';
export const locale = 'en-AU';
