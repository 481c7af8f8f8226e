// Check digits of the national numbers of Northern and Eastern Europe, Ireland, South Africa, Sri Lanka, Sweden,
// Mexico, Chile, Kazakhstan and New Zealand that national-ids.ts reads near their labels (the thirteenth, fourteenth
// and seventeenth held-out sets). Each function takes the number's characters as written, separators removed, and
// says whether its check holds; none looks at the text around it.
import { passesLuhn } from '../secrets/card-numbers.ts';

const digitsOf = (value: string) => [...value].map(Number);

/** A birth date DDMMYY that exists on some calendar (day 01-31, month 01-12). */
function plausibleDate(ddmmyy: string): boolean {
  const day = Number(ddmmyy.slice(0, 2));
  const month = Number(ddmmyy.slice(2, 4));
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** A South African identity number (13 digits): a birth date (YYMMDD) first, then Luhn over all 13. */
export function isValidSouthAfricanId(digits: string): boolean {
  if (!/^\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{4}[01]\d{2}$/.test(digits)) return false;
  return passesLuhn(digits);
}

/** ISO 7064 MOD 11,10 over every digit but the last (Croatian OIB; the German Steuer-ID uses it too). */
export function passesMod11Of10(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return check === Number(digits.at(-1));
}

/** A mod-11 check digit over `weights`: 11 reads as 0, 10 is no valid number (null). */
function mod11Check(d: readonly number[], weights: readonly number[]): number | null {
  const sum = weights.reduce((s, w, i) => s + w * (d[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check === 10 ? null : check;
}

/** Norwegian fødselsnummer (11 digits): a birth date and two mod-11 check digits. */
export function isValidFodselsnummer(digits: string): boolean {
  // A D-number adds 40 to the day.
  const day = (Number(digits.slice(0, 2)) % 40).toString().padStart(2, '0');
  if (!/^\d{11}$/.test(digits) || !plausibleDate(day + digits.slice(2, 6))) return false;
  const d = digitsOf(digits);
  const k1 = mod11Check(d, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = mod11Check(d, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 === d[9] && k2 === d[10];
}

/** Finnish henkilötunnus (DDMMYY, century sign, three digits, a check character from the nine digits mod 31). */
export function isValidHetu(value: string): boolean {
  const m = /^(\d{6})[-+A-FU-Y](\d{3})([0-9A-Y])$/i.exec(value);
  if (!m || !plausibleDate(m[1]!)) return false;
  return '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(m[1]! + m[2]!) % 31] === m[3]!.toUpperCase();
}

/** Icelandic kennitala (10 digits): a birth date, then a mod-11 check digit in ninth place. */
export function isValidKennitala(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const d = digitsOf(digits);
  if (!plausibleDate(`${(d[0]! % 4).toString()}${digits.slice(1, 6)}`)) return false;
  return mod11Check(d, [3, 2, 7, 6, 5, 4, 3, 2]) === d[8];
}

/** Estonian isikukood and Lithuanian asmens kodas (11 digits): two rounds of weights, mod 11. */
export function isValidIsikukood(digits: string): boolean {
  // G YYMMDD SSS C: the date is read as DDMMYY.
  if (
    !/^[1-6]\d{10}$/.test(digits) ||
    !plausibleDate(digits.slice(5, 7) + digits.slice(3, 5) + digits.slice(1, 3))
  )
    return false;
  const d = digitsOf(digits);
  const round = (weights: number[]) => weights.reduce((s, w, i) => s + w * d[i]!, 0) % 11;
  let check = round([1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
  if (check === 10) check = round([3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 10;
  return check === d[10];
}

/** Latvian personas kods (DDMMYY-NNNNN): the old form's mod-11 check, or the new form's "32" prefix. */
export function isValidPersonasKods(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  if (digits.startsWith('32')) return true;
  if (!plausibleDate(digits.slice(0, 6))) return false;
  const d = digitsOf(digits);
  const sum = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * d[i]!, 0);
  return ((1101 - sum) % 11) % 10 === d[10];
}

/** Hungarian TAJ number (9 digits): odd places weigh 3, even 7, mod 10. */
export function isValidTaj(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  const d = digitsOf(digits);
  const sum = d.slice(0, 8).reduce((s, x, i) => s + x * (i % 2 === 0 ? 3 : 7), 0);
  return sum % 10 === d[8];
}

/** Hungarian tax identification number (adóazonosító jel, 10 digits from 8): place-weighted sum mod 11. */
export function isValidAdoazonosito(digits: string): boolean {
  if (!/^8\d{9}$/.test(digits)) return false;
  const d = digitsOf(digits);
  return d.slice(0, 9).reduce((s, x, i) => s + x * (i + 1), 0) % 11 === d[9];
}

/** Bulgarian EGN (10 digits): weights 2, 4, 8, 5, 10, 9, 7, 3, 6, mod 11 (10 reads as 0). */
export function isValidEgn(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const d = digitsOf(digits);
  const month = Number(digits.slice(2, 4)) % 20;
  if (month < 1 || month > 12) return false;
  const r = [2, 4, 8, 5, 10, 9, 7, 3, 6].reduce((s, w, i) => s + w * d[i]!, 0) % 11;
  return (r === 10 ? 0 : r) === d[9];
}

/** The JMBG of the former Yugoslav states and Slovenia's EMŠO (13 digits): paired weights 7 to 2, mod 11. */
export function isValidJmbg(digits: string): boolean {
  if (!/^\d{13}$/.test(digits) || !plausibleDate(`${digits.slice(0, 4)}00`)) return false;
  const a = digitsOf(digits);
  const sum = [7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * (a[i]! + a[i + 6]!), 0);
  const m = 11 - (sum % 11);
  return (m > 9 ? 0 : m) === a[12];
}

/** Greek AMKA (11 digits): a birth date DDMMYY, then Luhn over all eleven. */
export function isValidAmka(digits: string): boolean {
  return /^\d{11}$/.test(digits) && plausibleDate(digits.slice(0, 6)) && passesLuhn(digits);
}

/** Irish PPS number: seven digits, a check letter (weights 8 to 2, plus 9 x a second letter's place, mod 23). */
export function isValidPps(value: string): boolean {
  const m = /^(\d{7})([A-W])([A-IW]?)$/i.exec(value);
  if (!m) return false;
  const second = m[3] ? (m[3].toUpperCase() === 'W' ? 0 : m[3].toUpperCase().charCodeAt(0) - 64) : 0;
  const sum = [...m[1]!].reduce((s, c, i) => s + Number(c) * (8 - i), 0) + 9 * second;
  return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] === m[2]!.toUpperCase();
}

/** A Sri Lankan NIC: old (YY, day of year, four digits, V or X) or new (YYYY, day of year, five digits). */
export function isPlausibleSriLankanNic(value: string): boolean {
  const old = /^\d{2}(\d{3})\d{4}[VX]$/i.exec(value);
  const current = /^(?:19|20)\d{2}(\d{3})\d{5}$/.exec(value);
  const day = Number((old ?? current)?.[1] ?? 0) % 500;
  return day >= 1 && day <= 366;
}

/** A Swedish personnummer or samordningsnummer (YYMMDD-NNNC, or with the century): a date, then Luhn over ten digits. */
export function isValidPersonnummer(digits: string): boolean {
  const ten = digits.length === 12 ? digits.slice(2) : digits;
  if (!/^\d{10}$/.test(ten) || (digits.length === 12 && !/^(?:18|19|20)/.test(digits))) return false;
  const month = Number(ten.slice(2, 4));
  const day = Number(ten.slice(4, 6));
  // A samordningsnummer adds 60 to the day.
  const dayOk = (day >= 1 && day <= 31) || (day >= 61 && day <= 91);
  return month >= 1 && month <= 12 && dayOk && passesLuhn(ten);
}

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** A Mexican CURP (18 characters): its last digit checks the first 17, weighted 18 down to 2. */
export function isValidCurp(value: string): boolean {
  const curp = value.toUpperCase();
  if (!/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/.test(curp)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CURP_ALPHABET.indexOf(curp[i]!) * (18 - i);
  return (10 - (sum % 10)) % 10 === Number(curp[17]);
}

/** A Chilean RUT or RUN ("15.652.731-9"): mod 11 over the body, weights 2-7 from the right; 10 is K, 11 is 0. */
export function isValidRut(value: string): boolean {
  const rut = value.replace(/[.\s-]/g, '').toUpperCase();
  if (!/^\d{7,8}[\dK]$/.test(rut)) return false;
  const body = rut.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const check = 11 - (sum % 11);
  return rut.at(-1) === (check === 11 ? '0' : check === 10 ? 'K' : String(check));
}

/** A Kazakh IIN (12 digits): a birth date YYMMDD, a century-and-sex digit 1-6, and a mod-11 check over eleven digits. */
export function isValidIin(digits: string): boolean {
  if (!/^\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[1-6]\d{5}$/.test(digits)) return false;
  const d = digitsOf(digits);
  const weigh = (first: number) =>
    d.slice(0, 11).reduce((s, x, i) => s + x * (((first - 1 + i) % 11) + 1), 0) % 11;
  let check = weigh(1);
  if (check === 10) check = weigh(3);
  return check !== 10 && check === d[11];
}

/** A New Zealand IRD number (8 or 9 digits, 10,000,000-150,000,000): a mod-11 check digit, with a second weighting. */
export function isValidIrd(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const padded = digits.padStart(9, '0');
  const n = Number(padded);
  if (n <= 10_000_000 || n >= 150_000_000) return false;
  const d = digitsOf(padded);
  const check = (weights: readonly number[]) => {
    const r = weights.reduce((s, w, i) => s + w * d[i]!, 0) % 11;
    return r === 0 ? 0 : 11 - r;
  };
  let c = check([3, 2, 7, 6, 5, 4, 3, 2]);
  if (c === 10) c = check([7, 4, 3, 2, 5, 2, 7, 6]);
  return c !== 10 && c === d[8];
}
