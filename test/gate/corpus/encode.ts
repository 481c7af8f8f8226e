// Encoding helpers for building fake credentials with the exact shape real ones have.

/** base64url without padding, as JWT segments use. */
export function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** The Luhn check digit that makes `body + digit` pass. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Groups a digit string as "4-4-4-4" (or Amex "4-6-5") with the given separator. */
export function groupDigits(digits: string, separator: string): string {
  if (separator === '') return digits;
  const sizes = digits.length === 15 ? [4, 6, 5] : [4, 4, 4, 4, 4];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups.join(separator);
}
