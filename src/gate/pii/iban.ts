// Detects IBANs (international bank account numbers): a country code, two check digits and the national
// account number, of the exact length that country uses, passing the ISO 13616 mod-97 check. Spaces are
// allowed anywhere, as people group them. A made-up "DE12 3456..." fails the check and is left alone.
import type { PiiFinding } from './types.ts';

/** IBAN length per country (the SWIFT IBAN registry). */
const LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};
const CANDIDATE = /(?<![A-Za-z0-9])([A-Za-z]{2})\s?(\d{2})(?:\s?[A-Za-z0-9]){10,32}/g;

/** The ISO 13616 check: move the first four characters to the end, letters to numbers, remainder 1 mod 97. */
export function passesIbanCheck(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    if (Number.isNaN(value)) return false;
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** IBANs of a known country's length that pass the mod-97 check. */
export function detectIbans(text: string): PiiFinding[] {
  const findings: PiiFinding[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const country = (match[1] ?? '').toUpperCase();
    const length = LENGTHS[country];
    if (length === undefined) continue;
    // Walk the match until `length` alphanumerics are read; the IBAN must end there, at a word boundary.
    let read = 0;
    let end = match.index;
    for (; end < text.length && read < length; end++) {
      const char = text[end] ?? '';
      if (/[A-Za-z0-9]/.test(char)) read++;
      // Groups split by a space, or by a line break where a message wrapped the number.
      else if (char !== ' ' && !(char === '\n' && text[end - 1] !== '\n')) break;
    }
    if (read < length || /[A-Za-z0-9]/.test(text[end] ?? '')) continue;
    const compact = text.slice(match.index, end).replace(/\s/g, '').toUpperCase();
    if (!passesIbanCheck(compact)) continue;
    findings.push({ class: 'iban', start: match.index, end });
  }
  return findings;
}
