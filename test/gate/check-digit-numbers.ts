// Identifier values for the readings tests, generated with their check digits so that no complete identifier
// literal sits in the repository.

/** The first number from `prefix` and a counter (to `length` digits) that `check` accepts, and one it rejects. */
export function numbers(prefix: string, length: number, check: (digits: string) => boolean) {
  let good = '';
  let bad = '';
  for (let i = 0; (good === '' || bad === '') && i < 1_000_000; i++) {
    const digits = prefix + String(i).padStart(length - prefix.length, '0');
    if (check(digits)) good ||= digits;
    else bad ||= digits;
  }
  return { good, bad };
}
