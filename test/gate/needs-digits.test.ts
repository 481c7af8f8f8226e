// The detectors the gate skips on a text without an ASCII digit (src/gate/needs-digits.ts) may be skipped only if
// they could find nothing there: each one, run itself over every corpus text with its digits turned into letters,
// finds nothing, and the wrapper skips exactly the texts without a digit.
import { describe, expect, it, vi } from 'vitest';
import { onlyWithDigits } from '../../src/gate/needs-digits.ts';
import { detectPhones } from '../../src/gate/pii/contacts.ts';
import { detectCpfs } from '../../src/gate/pii/cpf.ts';
import { detectIbans } from '../../src/gate/pii/iban.ts';
import { detectNationalIds } from '../../src/gate/pii/national-ids.ts';
import { detectPassports } from '../../src/gate/pii/passports.ts';
import { detectSsns } from '../../src/gate/pii/ssn.ts';
import { detectAccessCodes } from '../../src/gate/secrets/access-codes.ts';
import { detectCardNumbers } from '../../src/gate/secrets/card-numbers.ts';
import { detectOneTimeCodes } from '../../src/gate/secrets/one-time-codes.ts';
import { buildCorpus } from './corpus/index.ts';

/** The detectors src/gate/pii/index.ts and src/gate/secrets/index.ts wrap in onlyWithDigits. */
const DIGIT_DETECTORS = {
  detectCardNumbers,
  detectIbans,
  detectSsns,
  detectCpfs,
  detectNationalIds,
  detectPassports,
  detectPhones,
  detectOneTimeCodes,
  detectAccessCodes,
};

describe('detectors run only on text with a digit', () => {
  const corpus = buildCorpus();
  const texts = [...corpus.secrets.map((s) => s.text), ...corpus.benign.map((b) => b.text)];

  it('find nothing in any corpus text once its digits are letters, and something before', () => {
    // Letters that keep a value's shape (one per digit) but are no digit of any script.
    const lettered = texts.map((text) => text.replace(/[0-9]/g, 'x'));
    for (const [name, detect] of Object.entries(DIGIT_DETECTORS)) {
      const foundBefore = texts.filter((text) => detect(text).length > 0).length;
      const foundAfter = lettered.filter((text) => detect(text).length > 0);
      expect({ name, found: foundAfter.slice(0, 3) }).toEqual({ name, found: [] });
      // The corpus holds what each of them exists to find.
      expect(foundBefore, name).toBeGreaterThan(0);
    }
  });

  it('calls the detector only when the text has an ASCII digit', () => {
    const detect = vi.fn((_text: string) => ['found']);
    const wrapped = onlyWithDigits(detect);
    expect(wrapped('my door code is four four one seven')).toEqual([]);
    expect(wrapped('my door code is ４４１７')).toEqual([]);
    expect(detect).not.toHaveBeenCalled();
    expect(wrapped('my door code is 4417')).toEqual(['found']);
    expect(detect).toHaveBeenCalledOnce();
  });
});
