// Card fields format themselves as the member types, so the numbers read like the card in hand.

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
