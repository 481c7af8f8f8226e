// Detects payment card numbers: 13-19 digits (optionally grouped by spaces or dashes) that pass the Luhn check
// and start with a card network's issuer prefix. Digit runs labelled as something else (an order, a phone,
// a tracking number) are left alone.
import { tableCells } from '../table-cells.ts';
import type { SecretFinding } from './types.ts';

// Digits with single spaces or dashes between them, not part of a longer digit run on either side, and not glued
// to a Latin letter: a run inside a hex or base-36 identifier ("...21bd2c", "a4111...") is part of that token.
// An expiry right after it ("5122 0531 7774 1429 05/28") does not make it part of a longer run.
const CANDIDATE =
  /(?<![\d+][ -]?)(?<![\d.,/A-Za-z])\d(?:[ -]?\d){12,18}(?![ -]?\d(?!\d\/\d{2}(?!\d)))(?![.,/]\d)(?![A-Za-z])/g;
// A card typed in groups of four split by dots ("2202.2038.4716.0928") or over two or three lines ("5412 7534\n9018
// 2768"): the same number in other clothes. One kind of separator per number (spaces and line breaks count as one).
const GROUPED_CANDIDATE =
  /(?<![\d.,/A-Za-z])\d{4}(?:(?:\.|[ \n])\d{4}){2,3}(?:(?:\.|[ \n])\d{1,3})?(?![.\n ]?\d)(?![A-Za-z])/g;
// A UUID (8-4-4-4-12 hex digits): its digit groups joined by its dashes can form a Luhn-valid number with a card
// prefix (1 random UUID in about 2,500: "fa6cd057-12bc-4038-8881-16988821bd2c"), and apps put UUIDs in metadata and
// source ids (message ids, the episode ids of an extracted memory). Masked before the scan, positions kept.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
// A label naming the number as something else, right before it: "order number 4111...", "IMEI: 35...".
// "pay the invoice with 4111..." is not such a label: the label must lead straight to the number. Only labels
// whose identifiers are often 13-19 digits are listed (a booking reference, six letters, is not one).
const NON_CARD_LABEL =
  /\b(?:tracking|order|invoice|isbn|phone|tel|fax|mobile|cell|iban|reference|ref|ticket|confirmation|serial|imei|case|claim|policy|member|customer|shipment|parcel|package|transaction|receipt|sku|upc|ean|barcode|loyalty|id)(?:\s*(?:number|no\.?|num|nr|#|id|code))?\s*(?:is|was|:|#|=)?\s*$/i;

// The card networks' published test numbers (Stripe's, Adyen's and the networks' own documentation), said to be
// test numbers: "use Stripe's test card 4242 4242 4242 4242" is a note about testing, not a card. Without a test
// word nearby they are still refused: nothing else tells a pasted test number from a card.
const TEST_NUMBERS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
  '4111111111111111',
  '4012888888881881',
  '5105105105105100',
  '4000000000000002',
  '4000000000009995',
  // Stripe's 3D Secure and decline test cards.
  '4000002500003155',
  '4000002760003184',
  '4000000000003220',
  '4000000000000341',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
]);
// In the languages the gate reads: "בסביבת הטסט", "тестовая", "テスト用", "测试卡", "ทดสอบ".
const TEST_WORD =
  /(?<![\p{L}])(?:test(?:ing|s)?|sandbox|dummy|prueba|pruebas|teste|testes|essai|testkarte|testowa|testovací|тест\p{L}*|[הלבמשוכ]{0,2}(?:טסט|בדיק\p{L}*)|テスト|테스트|测试|測試|ทดสอบ|परीक्षण|टेस्ट|thử nghiệm|uji coba|اختبار|تست)(?![\p{L}])/iu;

/** The Luhn checksum test used by every card network. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** True when the number starts with a known card network prefix and has a length that network issues. */
export function hasCardPrefix(digits: string): boolean {
  const n = digits.length;
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return n === 13 || n === 16 || n === 19; // Visa
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return n === 16; // Mastercard
  if (two === 34 || two === 37) return n === 15; // American Express
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return n >= 16 && n <= 19; // Discover
  if (four >= 3528 && four <= 3589) return n >= 16 && n <= 19; // JCB
  if ((three >= 300 && three <= 305) || two === 36 || two === 38 || two === 39) return n >= 14 && n <= 19; // Diners
  if (two === 62) return n >= 16 && n <= 19; // UnionPay
  if ([5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763].includes(four)) return n >= 12 && n <= 19; // Maestro
  // National schemes, which users name in their own language ("номер моей карты мир 2202 ..."): Mir (Russia),
  // Troy (Turkey), Elo and Hipercard (Brazil), RuPay (India), Verve (Nigeria), UzCard and Humo (Uzbekistan).
  if (four >= 2200 && four <= 2204) return n >= 16 && n <= 19; // Mir
  if (four === 9792 || four === 8600 || four === 9860) return n === 16; // Troy, UzCard, Humo
  const six = Number(digits.slice(0, 6));
  if ([636368, 636297, 504175, 627780, 606282].includes(six) || (six >= 506699 && six <= 506778))
    return n === 16; // Elo, Hipercard
  if (two === 60 || three === 508 || four === 6521 || four === 6522) return n === 16; // RuPay
  if (four === 5060 || four === 5061 || four === 5078 || four === 5079) return n >= 16 && n <= 19; // Verve
  return false;
}

function consistentGrouping(raw: string): boolean {
  // A card is written with one kind of separator or none; "4111-1111 1111 1111" is a run of unrelated numbers.
  return !(raw.includes(' ') && raw.includes('-'));
}

// A table cell that is one card-length number, grouped or not: a CSV row's commas and an expiry in the next cell
// ("...,3463 243340 66773,09/27,...") keep the running-text candidate from seeing it.
const CELL = /^\d(?:[ -]?\d){12,18}$/;

/** Card numbers that fill a table cell, unless the column's header names them as something else. */
function cardCells(text: string): SecretFinding[] {
  return tableCells(text)
    .filter((cell) => CELL.test(cell.value) && !NON_CARD_LABEL.test(cell.header))
    .filter((cell) => {
      const digits = cell.value.replace(/[ -]/g, '');
      if (TEST_NUMBERS.has(digits) && TEST_WORD.test(text)) return false;
      return consistentGrouping(cell.value) && passesLuhn(digits) && hasCardPrefix(digits);
    })
    .map((cell) => ({ code: 'secret.card_number' as const, start: cell.start, end: cell.end }));
}

/** Payment card numbers (primary account numbers). */
export function detectCardNumbers(text: string): SecretFinding[] {
  const findings: SecretFinding[] = cardCells(text);
  const scanned = text.replace(UUID, (uuid) => 'x'.repeat(uuid.length));
  const grouped = [...scanned.matchAll(GROUPED_CANDIDATE)].filter(
    (m) => (m[0].includes('.') && !/[ \n]/.test(m[0])) || m[0].includes('\n'),
  );
  for (const match of [...scanned.matchAll(CANDIDATE), ...grouped]) {
    const raw = match[0];
    const digits = raw.replace(/[ .\n-]/g, '');
    if (!consistentGrouping(raw) || !passesLuhn(digits) || !hasCardPrefix(digits)) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (NON_CARD_LABEL.test(before) && !/\b(?:card|visa|mastercard|amex|cc|credit|debit)\b/i.test(before))
      continue;
    if (
      TEST_NUMBERS.has(digits) &&
      TEST_WORD.test(text.slice(Math.max(0, match.index - 60), match.index + raw.length + 40))
    )
      continue;
    if (!findings.some((f) => f.start === match.index))
      findings.push({ code: 'secret.card_number', start: match.index, end: match.index + raw.length });
  }
  return findings;
}
