// Runs every personal-identifier detector over a text and merges their findings into one ordered list.
import { onlyWithDigits } from '../needs-digits.ts';
import { detectCardNumbers } from '../secrets/card-numbers.ts';
import { detectEmails, detectPhones } from './contacts.ts';
import { detectCpfs } from './cpf.ts';
import { detectIbans } from './iban.ts';
import { detectNationalIds } from './national-ids.ts';
import { detectPassports } from './passports.ts';
import { detectSsns } from './ssn.ts';
import type { PiiDetector, PiiFinding } from './types.ts';

export type { PiiFinding } from './types.ts';

function cardNumbers(text: string): PiiFinding[] {
  return detectCardNumbers(text).map(({ start, end }) => ({ class: 'card_number', start, end }));
}

/** The detectors, most specific first: where two see the same digits, the earlier one names them. */
const DETECTORS: readonly PiiDetector[] = [
  onlyWithDigits(cardNumbers),
  onlyWithDigits(detectIbans),
  onlyWithDigits(detectSsns),
  onlyWithDigits(detectCpfs),
  onlyWithDigits(detectNationalIds),
  onlyWithDigits(detectPassports),
  detectEmails,
  onlyWithDigits(detectPhones),
];

/** Every personal identifier in `text`, ordered by position, each span named by one class only. */
export function detectPii(text: string): PiiFinding[] {
  const kept: PiiFinding[] = [];
  for (const detect of DETECTORS) {
    for (const finding of detect(text)) {
      if (!kept.some((k) => k.start < finding.end && finding.start < k.end)) kept.push(finding);
    }
  }
  return kept.sort((a, b) => a.start - b.start);
}
