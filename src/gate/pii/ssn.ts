// Detects US social security numbers: 3-2-4 digits that follow the SSA's assignment rules (area 001-899 but
// not 666, group 01-99, serial 0001-9999), written with dashes, or any 9-digit form after an SSN label.
// Digit runs labelled as something else ("order 123-45-6789", "part no. 123-45-6789") are left alone.
import { labelledValues } from './labelled.ts';
import type { PiiFinding } from './types.ts';

const DASHED = /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])/g;
const LABEL =
  /(?:ssn|ss#|social security(?:\s+(?:number|no\.?|#|card))?|(?<=\bmy\s)social|soc\.?\s*sec\.?(?:\s+(?:no\.?|#))?|seguro social|seguridad social \(ee\.? ?uu\.?\))(?![\p{L}])/giu;
const LABELLED_VALUE = /^\d{3}[-\s.]?\d{2}[-\s.]?\d{4}(?![\d-])/;
const OTHER_LABEL =
  /(?:\b(?:order|invoice|ref(?:erence)?|part|model|serial|ticket|case|claim|account|acct|phone|tel|fax|po|sku|item|tracking|isbn|routing|customer|client|meter)(?:\s*(?:number|no\.?|nr|#|id))?|(?:ग्राहक|ग्राहक आईडी|ग्राहक आइडी|मिटर|খাতা|گاہک|عميل|رقم العميل))\s*[:#=]?\s*$/iu;
// Numbers the SSA has voided after they were printed in advertising and wallet inserts.
const VOIDED = new Set(['078051120', '219099999']);

/** True when nine digits could be an SSN the SSA assigns. */
export function isValidSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || VOIDED.has(digits)) return false;
  const area = Number(digits.slice(0, 3));
  return (
    area !== 0 && area !== 666 && area < 900 && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000'
  );
}

/** US social security numbers, dashed anywhere or in any layout after an SSN label. */
export function detectSsns(text: string): PiiFinding[] {
  const findings = labelledValues(text, LABEL, LABELLED_VALUE, 'ssn').filter((f) =>
    isValidSsn(text.slice(f.start, f.end).replace(/\D/g, '')),
  );
  for (const match of text.matchAll(DASHED)) {
    if (!isValidSsn(match[0].replace(/-/g, ''))) continue;
    if (OTHER_LABEL.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
    if (findings.some((f) => f.start === match.index)) continue;
    findings.push({ class: 'ssn', start: match.index, end: match.index + match[0].length });
  }
  return findings;
}
