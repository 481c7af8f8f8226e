// Builders of fake personal identifiers in the exact formats real ones use, check digits included (SSN
// assignment rules, CPF mod 11, IBAN mod 97, Chinese ID mod 11-2, DNI letters). Random bodies from the seeded
// generator; the e-mail domains are reserved example domains and the phone numbers fictional ranges.
import { DIGITS, type Rng, UPPER_ALNUM } from './rng.ts';

export function ssn(rng: Rng, separator = rng.pick(['-', '-', '-', ' ', ''])): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  const group = String(rng.int(1, 99)).padStart(2, '0');
  const serial = String(rng.int(1, 9999)).padStart(4, '0');
  return [String(area).padStart(3, '0'), group, serial].join(separator);
}

export function cpf(rng: Rng, formatted = rng.next() < 0.7): string {
  const digits = Array.from({ length: 9 }, () => rng.int(0, 9));
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i);
    digits.push(((sum * 10) % 11) % 10);
  }
  const s = digits.join('');
  return formatted ? `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}` : s;
}

/** A valid IBAN for a few countries, grouped by four (or compact). */
export function iban(rng: Rng): string {
  const [country, bban] = rng.pick<[string, string]>([
    ['DE', rng.chars(DIGITS, 18)],
    ['FR', `${rng.chars(DIGITS, 10)}${rng.chars(UPPER_ALNUM, 11)}${rng.chars(DIGITS, 2)}`],
    ['ES', rng.chars(DIGITS, 20)],
    ['GB', `${rng.pick(['NWBK', 'BARC', 'HBUK'])}${rng.chars(DIGITS, 14)}`],
    ['NL', `${rng.pick(['ABNA', 'INGB', 'RABO'])}${rng.chars(DIGITS, 10)}`],
    ['PT', rng.chars(DIGITS, 21)],
    ['IT', `${rng.pick(['X', 'A'])}${rng.chars(DIGITS, 10)}${rng.chars(DIGITS, 12)}`],
  ]);
  const numeric = [...`${bban}${country}00`].map((c) => String(Number.parseInt(c, 36))).join('');
  let remainder = 0;
  for (const d of numeric) remainder = (remainder * 10 + Number(d)) % 97;
  const check = String(98 - remainder).padStart(2, '0');
  const compact = `${country}${check}${bban}`;
  return rng.next() < 0.7 ? compact.replace(/(.{4})/g, '$1 ').trim() : compact;
}

export function passportNumber(rng: Rng): string {
  return rng.pick([
    rng.chars(DIGITS, 9),
    `${rng.pick(['C', 'E', 'G', 'K'])}${rng.chars(DIGITS, 8)}`,
    `${rng.chars(DIGITS, 2)}${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}${rng.chars(DIGITS, 5)}`,
    `${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 3)}${rng.chars(DIGITS, 6)}`,
  ]);
}

function chineseId(rng: Rng): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const body = `${rng.pick(['110105', '310101', '440305', '510107'])}${rng.int(1950, 2005)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${rng.chars(DIGITS, 3)}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * (weights[i] ?? 0);
  return body + ('10X98765432'[sum % 11] ?? '0');
}

function spanishDni(rng: Rng): string {
  const n = rng.int(10_000_000, 99_999_999);
  return `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
}

/** A national id with the label it is given under, as a [label, value] pair. */
export function nationalId(rng: Rng): [string, string] {
  return rng.pick<[string, string]>([
    ['DNI', spanishDni(rng)],
    ['身份证号', chineseId(rng)],
    ['BSN', rng.chars(DIGITS, 9)],
    ['PESEL', rng.chars(DIGITS, 11)],
    [
      'Steuer-ID',
      `${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 3)}`,
    ],
    [
      'national insurance number',
      `${rng.pick(['AB', 'JT', 'NR', 'QQ'])}${rng.chars(DIGITS, 6)}${rng.pick(['A', 'B', 'C', 'D'])}`,
    ],
    ["driver's license", `${rng.pick(['D', 'S', 'F'])}${rng.chars(DIGITS, 7)}`],
    ['Aadhaar', `${rng.int(2, 9)}${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 4)} ${rng.chars(DIGITS, 4)}`],
    [
      'numéro de sécurité sociale',
      `${rng.int(1, 2)} ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 2)}`,
    ],
  ]);
}

export function email(rng: Rng): string {
  const name = rng.pick(['ana', 'li.wei', 'sam', 'joao', 'marie', 'k.schmidt', 'dara', 'tom.b']);
  return `${name}${rng.next() < 0.3 ? rng.chars(DIGITS, 2) : ''}@${rng.pick(['example.com', 'example.org', 'mail.example', 'acme.example'])}`;
}

/** A phone number in a fictional range, written as people write it. */
export function phone(rng: Rng): string {
  return rng.pick([
    `+1 (${rng.int(201, 989)}) 555-01${rng.chars(DIGITS, 2)}`,
    `${rng.int(201, 989)}-555-01${rng.chars(DIGITS, 2)}`,
    `+44 20 7946 0${rng.chars(DIGITS, 3)}`,
    `+49 30 ${rng.chars(DIGITS, 8)}`,
    `+55 11 9${rng.chars(DIGITS, 4)}-${rng.chars(DIGITS, 4)}`,
    `06 ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 2)}`,
    `+86 138 ${rng.chars(DIGITS, 4)} ${rng.chars(DIGITS, 4)}`,
  ]);
}

export function personName(rng: Rng): string {
  return `${rng.pick(['Ana', 'Wei', 'Sam', 'João', 'Marie', 'Klaus', 'Dara'])} ${rng.pick(['Souza', 'Li', 'Okafor', 'Martin', 'Schmidt'])}`;
}
