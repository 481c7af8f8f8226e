// The shape every identifier detector returns: which class, and where, never the matched value itself.
import type { PiiClass } from '../reason-codes.ts';

/** One personal identifier: its class and its span in the scanned text (what redaction replaces). */
export interface PiiFinding {
  class: PiiClass;
  start: number;
  end: number;
}

/** An identifier detector: pure, synchronous, no state kept between calls. */
export type PiiDetector = (text: string) => PiiFinding[];
