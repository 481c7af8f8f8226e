// The shape every secret detector returns: which kind, and where, never the matched value itself.
import type { SecretCode } from '../reason-codes.ts';

/** One suspected secret: its kind and its span in the scanned text (for redaction), without the value. */
export interface SecretFinding {
  code: SecretCode;
  start: number;
  end: number;
}

/** A detector family: pure, synchronous, no state kept between calls. */
export type SecretDetector = (text: string) => SecretFinding[];
