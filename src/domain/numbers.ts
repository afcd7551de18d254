// Whole numbers as Australians write them (1,234). One format made once: a number's own
// toLocaleString('en-AU') looks the locale up on every call, and a page of cards makes dozens.
const wholeNumbers = new Intl.NumberFormat('en-AU');

export function formatCount(count: number): string {
  return wholeNumbers.format(count);
}
