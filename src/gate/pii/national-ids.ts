// Detects national identity, tax, social insurance and driving licence numbers: after a label in one of the
// languages the gate reads ("mi DNI es 12345678Z", "BSN 111222333", "PESEL 44051401359", "身份证号 ...",
// "numéro de sécurité sociale 1 85 ..."), and without a label for formats that validate themselves (Chinese
// resident identity numbers, Italian codici fiscali, Korean resident registration numbers, Canadian SINs after
// "SIN").

import { COMPANY_WORDS } from '../lexicon.ts';
import { passesLuhn } from '../secrets/card-numbers.ts';
import { isValidCpf } from './cpf.ts';
import { labelledValues, labelMatches, labelPattern } from './labelled.ts';
import {
  isPlausibleSriLankanNic,
  isValidAdoazonosito,
  isValidAmka,
  isValidCurp,
  isValidEgn,
  isValidFodselsnummer,
  isValidHetu,
  isValidIin,
  isValidIrd,
  isValidIsikukood,
  isValidJmbg,
  isValidKennitala,
  isValidPersonasKods,
  isValidPersonnummer,
  isValidPps,
  isValidRut,
  isValidSouthAfricanId,
  isValidTaj,
  passesMod11Of10,
} from './national-checks.ts';
import { isValidSsn } from './ssn.ts';
import type { PiiFinding } from './types.ts';

const LABELS = [
  // English.
  ...['national id', 'national identity number', 'national identification number', 'national insurance'],
  ...['national insurance number', 'ni number', 'nino', 'id card number', 'identity card number'],
  ...[
    'identity number',
    'citizen id',
    'government id',
    "driver's license",
    'drivers license',
    'driver license',
  ],
  ...["driver's licence", 'driving licence', 'driving license', 'dl number', 'tax id', 'tax identification'],
  ...['taxpayer id', 'itin', 'social insurance number', 'sin number', 'aadhaar', 'aadhar', 'pan card'],
  ...['tax file number', 'tfn', 'ird number', 'social insurance'],
  // Hindi.
  ...['आधार', 'आधार नंबर', 'आधार संख्या', 'आधार कार्ड', 'पैन नंबर', 'पैन कार्ड'],
  ...['pan number', 'medicare number', 'nhs number', 'health card number', 'voter id', 'state id'],
  // German.
  ...['personalausweis', 'personalausweisnummer', 'ausweisnummer', 'ausweis-nr', 'ausweis nr', 'steuer-id'],
  ...['steuerid', 'steueridentifikationsnummer', 'steuernummer', 'sozialversicherungsnummer'],
  ...['rentenversicherungsnummer', 'führerscheinnummer', 'krankenversichertennummer', 'versichertennummer'],
  // Spanish.
  ...['dni', 'nie', 'nif', 'número de identidad', 'documento de identidad', 'número de documento', 'cédula'],
  ...['cédula de identidad', 'cédula de ciudadanía', 'número de la seguridad social', 'nss', 'nuss', 'curp'],
  ...['rfc', 'rut', 'carné de conducir', 'licencia de conducir', 'permiso de conducir'],
  // Portuguese.
  ...['rg', 'número do rg', 'carteira de identidade', 'cartão de cidadão', 'número de identificação fiscal'],
  ...['niss', 'cnh', 'carteira de motorista', 'número de utente', 'título de eleitor'],
  // French, Italian, Dutch, Polish.
  ...[
    "carte d'identité",
    "numéro de carte d'identité",
    'numéro de sécurité sociale',
    'sécurité sociale',
    'numéro de sécu',
    'n° de sécu',
    'sécu',
    'nir',
  ],
  ...['numéro fiscal', "numéro d'identification fiscale", 'permis de conduire', 'numéro insee', 'numéro avs'],
  ...[
    'carte vitale',
    'codice fiscale',
    "carta d'identità",
    "numero della carta d'identità",
    'patente di guida',
  ],
  ...['tessera sanitaria', 'bsn', 'burgerservicenummer', 'sofinummer', 'sofi-nummer', 'identiteitskaart'],
  ...['rijbewijsnummer', 'rijksregisternummer', 'pesel', 'nip', 'dowód osobisty', 'numer dowodu'],
  // Chinese, Japanese, Korean, Russian, Turkish, Nordic.
  ...['身份证', '身份证号', '身份证号码', '身份證', '身份證號', '身份證號碼', '居民身份证', '身分證'],
  ...['マイナンバー', '個人番号', '運転免許証番号', '免許証番号', '주민등록번호', '주민번호', '운전면허번호'],
  ...['снилс', 'инн', 'tc kimlik', 'tc kimlik no', 't.c. kimlik no', 'kimlik no', 'kimlik numarası'],
  ...['personnummer', 'fødselsnummer', 'cpr-nummer', 'henkilötunnus', 'hetu'],
  ...[
    '身分證字號',
    '身份證字號',
    '身分證號碼',
    'tc kimlik numarası',
    'kimlik',
    'steuer-identifikationsnummer',
  ],
  // Arabic, Persian, Indonesian, Vietnamese, Swahili.
  ...[
    'رقم الهوية',
    'رقم الهوية الوطنية',
    'الهوية الوطنية',
    'رقم الهوية الشخصية',
    'کد ملی',
    'کدملی',
    'شماره ملی',
  ],
  ...['nik', 'nomor ktp', 'no ktp', 'ktp', 'nomor induk kependudukan', 'cccd', 'số cccd', 'căn cước'],
  // Bengali (Bangladesh's national ID card).
  ...['জাতীয় পরিচয়পত্র', 'জাতীয় পরিচয়পত্র নম্বর', 'এনআইডি', 'এনআইডি নম্বর'],
  ...['số căn cước', 'cmnd', 'số cmnd', 'kitambulisho', 'namba ya kitambulisho', 'nambari ya kitambulisho'],
  // Nigeria (NIN, BVN), the Emirates, Singapore, Hong Kong, the Philippines (SSS), Argentina (CUIL/CUIT), Malaysia
  // (IC), Morocco (carte nationale, CIN), Egypt (الرقم القومي), Arabic and Persian "my ID" and "my national code".
  ...['nin', 'bvn', 'emirates id', 'nric', 'hkid', 'sss', 'sss number', 'ss number', 'cuil', 'cuit'],
  ...['nombor ic', 'no ic', 'no. ic', 'mykad', 'kad pengenalan', 'nombor kad pengenalan', 'carte nationale'],
  ...['cin', 'namba ya id', 'الرقم القومي', 'الرقم القومى', 'رقم قومي', 'رقم هويتي', 'هويتي'],
  ...['کد ملیم', 'کدملیم', 'شماره ملیم', 'philsys', 'philsys card number', 'philsys number', 'philid', 'psn'],
  // Ukrainian, Hebrew.
  ...['рнокпп', 'іпн', 'ідентифікаційний код', 'ідентифікаційний номер', 'податковий номер'],
  ...['תעודת זהות', 'מספר תעודת זהות', 'מספר זהות', 'ת.ז.', 'ת.ז', 'ת"ז'],
];
const LABEL = labelPattern(LABELS);
// Groups of capitals and digits with single separators, at least five digits in all.
const VALUE = /^[A-Z0-9](?:[A-Z0-9]|[ .\-/](?=[A-Z0-9])){4,24}(?![A-Za-z0-9])/;

const CN_RESIDENT =
  /(?<![\dA-Za-z])\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])/g;
const IT_FISCAL = /(?<![A-Za-z0-9])[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z](?![A-Za-z0-9])/g;
const KR_RESIDENT = /(?<![\d-])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-[1-8]\d{6}(?![\d-])/g;

// A Canadian social insurance number after "SIN" in capitals (the word "sin" is English, and "without" in Spanish):
// nine digits in threes that pass the Luhn check.
const CA_SIN =
  /(?<![\p{L}\d])SIN(?:\s*(?:#|no\.?|number))?(?:\s*[:=]|\s+(?:is|was))?\s*(\d{3}[ -]?\d{3}[ -]?\d{3})(?![\d-])/gu;

// An Emirates ID as printed (784-YYYY-NNNNNNN-C): the country code, a birth year, Luhn over all 15 digits.
const UAE_EMIRATES_ID = /(?<![\d-])784-(?:19|20)\d{2}-\d{7}-\d(?![\d-])/g;

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** The ISO 7064 MOD 11-2 check of an 18-character Chinese resident identity number. */
export function isValidChineseId(id: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (CN_WEIGHTS[i] ?? 0);
  return '10X98765432'[sum % 11] === (id[17] ?? '').toUpperCase();
}

const IT_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** The check letter of an Italian codice fiscale. */
export function isValidCodiceFiscale(code: string): boolean {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const char = code[i] ?? '';
    const n = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? (IT_ODD[n] ?? 0) : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

// The Verhoeff scheme's multiplication (D) and permutation (P) tables.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 8, 7, 6, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** The Verhoeff check of an Indian Aadhaar number (12 digits, the first 2-9). */
export function isValidAadhaar(digits: string): boolean {
  if (!/^[2-9]\d{11}$/.test(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return c === 0;
}

/** The two check digits of a Turkish T.C. kimlik number (11 digits, not starting with 0). */
export function isValidTcKimlik(digits: string): boolean {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  return tenth === d[9] && d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

/** The ISO 7064 MOD 11,10 check digit of a German Steuer-ID (11 digits, not starting with 0). */
export function isValidSteuerId(digits: string): boolean {
  return /^[1-9]\d{10}$/.test(digits) && passesMod11Of10(digits);
}

/** The check digit of an Iranian national code (کد ملی, 10 digits, not all the same). */
export function isValidIranianCode(digits: string): boolean {
  if (!/^\d{10}$/.test(digits) || /^(\d)\1{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
  const r = sum % 11;
  return Number(digits[9]) === (r < 2 ? r : 11 - r);
}

/** The eleven-test (elfproef) of a Dutch BSN (9 digits): weights 9 to 2, the last digit weighs -1. */
export function isValidBsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = -Number(digits[8]);
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  return sum % 11 === 0;
}

/** The key of a French social security number (NIR, 15 digits): 97 minus the first 13 modulo 97. */
export function isValidNir(digits: string): boolean {
  if (!/^[12]\d{14}$/.test(digits)) return false;
  return 97 - Number(BigInt(digits.slice(0, 13)) % 97n) === Number(digits.slice(13));
}

/** The check digit of a Polish PESEL (11 digits): weights 1, 3, 7, 9 repeated. */
export function isValidPesel(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const sum = weights.reduce((n, w, i) => n + w * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

/** The check digit of a Thai national ID (13 digits, not starting with 0): weights 13 to 2, modulo 11. */
export function isValidThaiId(digits: string): boolean {
  if (!/^[1-8]\d{12}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/** The check digit of a Greek tax number (ΑΦΜ, 9 digits): weights 256 to 2, modulo 11, modulo 10. */
export function isValidAfm(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(digits[8]);
}

/** The check digit of an Australian tax file number (9 digits): weighted sum divisible by 11. */
export function isValidTfn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  return weights.reduce((n, w, i) => n + w * Number(digits[i]), 0) % 11 === 0;
}

/** The control letter of a Spanish DNI (8 digits and a letter) or NIE (X, Y or Z, 7 digits and a letter). */
export function isValidDni(value: string): boolean {
  const m = /^([XYZ]|\d)(\d{7})[- ]?([A-Z])$/i.exec(value);
  if (!m) return false;
  const lead = { X: '0', Y: '1', Z: '2' }[m[1]!.toUpperCase()] ?? m[1]!;
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(lead + m[2]) % 23] === m[3]!.toUpperCase();
}

/** The check digit of a Portuguese NIF (9 digits): weights 9 to 2, modulo 11. */
export function isValidNifPt(digits: string): boolean {
  if (!/^[1-35-9]\d{8}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(digits[8]);
}

/** The check of a Belgian national register number (11 digits): 97 minus the first 9 modulo 97 (born 2000+: 2 first). */
export function isValidBelgianRrn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const check = Number(digits.slice(9));
  const base = Number(digits.slice(0, 9));
  return 97 - (base % 97) === check || 97 - (Number(`2${digits.slice(0, 9)}`) % 97) === check;
}

/** A Czech or Slovak birth number (rodné číslo, 10 digits): divisible by 11 (the old rule's remainder 10 ends in 0). */
export function isValidRodneCislo(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const month = Number(digits.slice(2, 4)) % 50;
  if (month < 1 || month > 12) return false;
  const r = Number(digits.slice(0, 9)) % 11;
  return (r === 10 ? 0 : r) === Number(digits[9]);
}

/** The check digit of a Romanian CNP (13 digits): weights 279146358279 modulo 11, 10 read as 1. */
export function isValidCnp(digits: string): boolean {
  if (!/^[1-9]\d{12}$/.test(digits)) return false;
  const weights = '279146358279';
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * Number(weights[i]);
  const check = sum % 11 === 10 ? 1 : sum % 11;
  return check === Number(digits[12]);
}

/** The check digit of an Israeli identity number (9 digits): the Luhn-like sum of alternating weights 1 and 2. */
export function isValidIsraeliId(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const p = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += p > 9 ? p - 9 : p;
  }
  return sum % 10 === 0;
}

/** An Indonesian NIK (16 digits) whose birth date reads as one: day 01-31 (41-71 for women), month 01-12. */
export function isPlausibleNik(digits: string): boolean {
  if (!/^\d{16}$/.test(digits)) return false;
  const day = Number(digits.slice(6, 8)) % 40;
  const month = Number(digits.slice(8, 10));
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** The check digit of a Japanese My Number (12 digits). */
export function isValidMyNumber(digits: string): boolean {
  if (!/^\d{12}$/.test(digits)) return false;
  let sum = 0;
  for (let n = 1; n <= 11; n++) sum += Number(digits[11 - n]) * (n <= 6 ? n + 1 : n - 5);
  const r = sum % 11;
  return Number(digits[11]) === (r <= 1 ? 0 : 11 - r);
}

/** Exactly `length` ASCII digits, grouped by single spaces, dots or dashes or not, standing alone. */
function digitRun(length: number): RegExp {
  return new RegExp(`(?<![\\dA-Za-z])\\d(?:[ .-]?\\d){${length - 1}}(?![\\dA-Za-z])`, 'g');
}
// A UK National Insurance number: two prefix letters (not D, F, I, Q, U, V; not BG, GB, NK, KN, TN, NT, ZZ), six
// digits, a suffix A-D. Its shape is its check.
const UK_NINO =
  /(?<![A-Za-z0-9])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/g;
const SHAPE_IS_CHECK = () => true;
// Nine digits as an SSN is written, grouped 3-2-4, run together, or typed digit by digit ("5 2 9-4 1-7 3 6 8").
const SPACED_SSN = /(?<![\dA-Za-z])\d(?:(?: ?[-.]? ?|[ .-]?)\d){8}(?![\dA-Za-z])/g;

// The national formats whose check digits (or shape) vouch for a number found near their own labels: each format is
// read only after the labels of its country ("aadhaar ... 8579 8929 3788"), so an Indian mobile number near an
// Aadhaar label is not checked against the Iranian code's digit. Ten digits from 1 or 2 under Luhn is a Saudi
// national ID or iqama number. `valid` reads the candidate's digits (numbers in other scripts' digits, "۸۴۲۹۱۷۳",
// are read in the gate's digit view, digit-view.ts).
const NEAR_LABEL_FORMATS: readonly {
  labels: RegExp;
  candidate: RegExp;
  valid: (digits: string) => boolean;
  /** The class found (national_id when absent). */
  cls?: PiiFinding['class'];
  /** What `valid` reads: the digits (default) or the candidate as written (a DNI's letter). */
  raw?: boolean;
}[] = [
  {
    labels: labelPattern([
      'ssn',
      'social security number',
      'social security',
      'social security no',
      'social sec',
      // Spanglish and English shorthand for it ("mi social es 5 2 9-4 1-7 3 6 8").
      'mi social',
      'my social',
      'el social',
      'su social',
      // Someone else's ("My daughter's social is below, ... 552474743").
      ...['his social', 'her social', 'their social', "daughter's social", "son's social", "wife's social"],
      ...[
        "husband's social",
        "mom's social",
        "dad's social",
        "mother's social",
        "father's social",
        "kid's social",
      ],
    ]),
    candidate: SPACED_SSN,
    valid: isValidSsn,
    cls: 'ssn',
  },
  {
    labels: labelPattern(['cpf', 'número do cpf', 'numero do cpf']),
    candidate: /(?<![\dA-Za-z])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\dA-Za-z])/g,
    valid: isValidCpf,
    cls: 'cpf',
  },
  {
    // "SIN" in capitals only: "sin" is English, and Spanish for "without".
    labels:
      /(?<![\p{L}\d])(?:SIN|[Ss]ocial [Ii]nsurance [Nn]umber|[Nn]uméro d'assurance sociale)(?![\p{L}])/gu,
    candidate: digitRun(9),
    valid: passesLuhn,
  },
  {
    labels: labelPattern(['tfn', 'tax file number']),
    candidate: digitRun(9),
    valid: isValidTfn,
  },
  {
    labels: labelPattern(['dni', 'nie', 'documento nacional de identidad']),
    candidate: /(?<![\dA-Za-z])[XYZ\d]\d{7}[- ]?[A-Z](?![\dA-Za-z])/gi,
    valid: isValidDni,
    raw: true,
  },
  {
    labels: labelPattern(['nif', 'número de contribuinte', 'numero de contribuinte', 'contribuinte']),
    candidate: digitRun(9),
    valid: isValidNifPt,
  },
  {
    labels: labelPattern(['registre national', 'numéro national', 'rijksregisternummer', 'rijksregister']),
    candidate: /(?<![\dA-Za-z])\d{2}\.?\d{2}\.?\d{2}[-. ]?\d{3}[-. ]?\d{2}(?![\dA-Za-z])/g,
    valid: isValidBelgianRrn,
  },
  {
    labels: labelPattern(['rodné číslo', 'rodného čísla', 'rodne cislo', 'rč']),
    candidate: /(?<![\dA-Za-z])\d{6}\/?\d{4}(?![\dA-Za-z])/g,
    valid: isValidRodneCislo,
  },
  {
    labels: labelPattern(['personnummer', 'personnumret', 'personnumren', 'samordningsnummer']),
    candidate: /(?<![\dA-Za-z])(?:\d{2})?\d{6}[-+ ]?\d{4}(?![\dA-Za-z])/g,
    valid: isValidPersonnummer,
  },
  {
    // Kazakhstan's IIN, in Kazakh (ЖСН) and Russian (ИИН), as an ID card prints it ("ЖСН / ИИН").
    labels: labelPattern(['иин', 'жсн', 'iin', 'индивидуальный идентификационный номер']),
    candidate: /(?<![\dA-Za-z])\d{6}[ -]?\d{6}(?![\dA-Za-z])/g,
    valid: isValidIin,
  },
  {
    labels: labelPattern(['ird', 'ird no', 'ird number', 'ird #', 'inland revenue number']),
    candidate: /(?<![\dA-Za-z])\d{2,3}[- ]?\d{3}[- ]?\d{3}(?![\dA-Za-z])/g,
    valid: isValidIrd,
  },
  {
    labels: labelPattern(['curp']),
    candidate: /(?<![A-Za-z0-9])[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d(?![A-Za-z0-9])/g,
    valid: isValidCurp,
    raw: true,
  },
  {
    labels: labelPattern(['rut', 'rol único tributario', 'rol unico tributario']),
    candidate: /(?<![\dA-Za-z.])\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK](?![\dA-Za-z])/g,
    valid: isValidRut,
    raw: true,
  },
  {
    labels: labelPattern(['cnp', 'cod numeric personal']),
    candidate: digitRun(13),
    valid: isValidCnp,
  },
  {
    labels: labelPattern(['תעודת זהות', 'תעודת הזהות', 'מספר זהות', 'ת.ז', 'ת"ז']),
    candidate: digitRun(9),
    valid: isValidIsraeliId,
  },
  {
    // A Pakistani CNIC: its 5-7-1 grouping is its shape.
    labels: labelPattern(['شناختی کارڈ', 'شناختی کارڈ نمبر', 'cnic', 'nic number']),
    candidate: /(?<![\d-])\d{5}-\d{7}-\d(?![\d-])/g,
    valid: SHAPE_IS_CHECK,
  },
  {
    labels: labelPattern(['nik', 'nomor induk kependudukan', 'no. ktp', 'ktp']),
    candidate: digitRun(16),
    valid: isPlausibleNik,
  },
  {
    labels: labelPattern(['national insurance', 'national insurance number', 'ni number', 'nino', 'ni no']),
    candidate: UK_NINO,
    valid: SHAPE_IS_CHECK,
  },
  {
    labels: labelPattern([
      'رقم الهوية',
      'الهوية الوطنية',
      'رقم الهوية الوطنية',
      'الهوية',
      'هوية',
      'إقامة',
      'رقم الإقامة',
      'iqama',
    ]),
    candidate: digitRun(10),
    valid: (d) => /^[12]/.test(d) && passesLuhn(d),
  },
  {
    labels: labelPattern(['کد ملی', 'کدملی', 'شماره ملی', 'national code', 'melli code']),
    candidate: digitRun(10),
    valid: isValidIranianCode,
  },
  {
    labels: labelPattern(['tc kimlik', 'kimlik', 'tckn', 't.c. kimlik', 'tc no', 'tc numaram']),
    candidate: digitRun(11),
    valid: isValidTcKimlik,
  },
  {
    labels: labelPattern([
      'steuer-id',
      'steuerid',
      'steuer id',
      'steueridentifikationsnummer',
      'steuer-identifikationsnummer',
      'identifikationsnummer',
    ]),
    candidate: digitRun(11),
    valid: isValidSteuerId,
  },
  {
    // The word in Hindi and Marathi, Telugu, Tamil, Kannada, Malayalam, Gujarati, Bengali and Punjabi.
    labels: labelPattern([
      ...['aadhaar', 'aadhar', 'आधार', 'uidai', 'uid number', 'ఆధార్', 'ஆதார்', 'ಆಧಾರ್', 'ആധാർ'],
      ...['આધાર', 'আধার', 'ਆਧਾਰ'],
    ]),
    candidate: digitRun(12),
    valid: isValidAadhaar,
  },
  {
    labels: labelPattern(['マイナンバー', '個人番号', 'my number', 'mynumber']),
    candidate: digitRun(12),
    valid: isValidMyNumber,
  },
  {
    labels: labelPattern(['bsn', 'burgerservicenummer', 'sofinummer', 'sofi-nummer']),
    candidate: digitRun(9),
    valid: isValidBsn,
  },
  {
    labels: labelPattern([
      'numéro de sécurité sociale',
      'sécurité sociale',
      'numéro de sécu',
      'n° de sécu',
      'sécu',
      'nir',
      'carte vitale',
      'numéro insee',
    ]),
    candidate: digitRun(15),
    valid: isValidNir,
  },
  {
    labels: labelPattern(['αφμ', 'α.φ.μ.', 'α.φ.μ']),
    candidate: digitRun(9),
    valid: isValidAfm,
  },
  {
    // South Africa's ID number after a plain "ID no." ("the RICA lady wants my ID no. so here it is ..."): its birth
    // date and Luhn digit vouch for it.
    labels: labelPattern([
      'id no',
      'id number',
      'id nommer',
      'sa id',
      'rsa id',
      'identity number',
      'id-nommer',
      // Zulu ("inombolo yami kamazisi ngu-...").
      'kamazisi',
      'inombolo kamazisi',
    ]),
    candidate: digitRun(13),
    valid: isValidSouthAfricanId,
  },
  // Northern and Eastern Europe, Ireland and Sri Lanka (national-checks.ts), with the declined and possessive forms
  // their labels take in a sentence ("fødselsnummeret hennes", "henkilötunnuksensa", "kennitöluna", "ЕГН-то").
  {
    labels: labelPattern(['fødselsnummer', 'fødselsnummeret', 'fødselsnr', 'fødselsnummeret mitt']),
    candidate: /(?<![\dA-Za-z])\d{6}[ -]?\d{5}(?![\dA-Za-z])/g,
    valid: isValidFodselsnummer,
  },
  {
    labels: labelPattern([
      'henkilötunnus',
      'henkilötunnuksen',
      'henkilötunnuksensa',
      'henkilötunnukseni',
      'hetu',
      'hetun',
      'sotu',
    ]),
    candidate: /(?<![\dA-Za-z])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\dA-Za-z])/gi,
    valid: isValidHetu,
    raw: true,
  },
  {
    labels: labelPattern([
      'kennitala',
      'kennitölu',
      'kennitöluna',
      'kennitalan',
      'kennitölunni',
      'kennitalan mín',
    ]),
    candidate: /(?<![\dA-Za-z])\d{6}-?\d{4}(?![\dA-Za-z])/g,
    valid: isValidKennitala,
  },
  {
    labels: labelPattern([
      'isikukood',
      'isikukoodi',
      'isikukoodiga',
      'asmens kodas',
      'asmens kodą',
      'asmens kodo',
    ]),
    candidate: digitRun(11),
    valid: isValidIsikukood,
  },
  {
    labels: labelPattern(['personas kods', 'personas kodu', 'personas koda', 'personas kodam']),
    candidate: /(?<![\dA-Za-z])\d{6}-?\d{5}(?![\dA-Za-z])/g,
    valid: isValidPersonasKods,
  },
  {
    labels: labelPattern(['taj', 'taj-szám', 'taj-száma', 'taj-számát', 'tajszám', 'taj szám', 'taj-számom']),
    candidate: digitRun(9),
    valid: isValidTaj,
  },
  {
    labels: labelPattern([
      'adóazonosító',
      'adóazonosító jel',
      'adóazonosító jele',
      'adóazonosító jelét',
      'adóazonosítója',
    ]),
    candidate: digitRun(10),
    valid: isValidAdoazonosito,
  },
  {
    labels: labelPattern(['егн', 'егн-то', 'егн-а', 'единен граждански номер']),
    candidate: digitRun(10),
    valid: isValidEgn,
  },
  {
    labels: labelPattern(['јмбг', 'jmbg', 'матични број', 'matični broj', 'матичниот број', 'emšo', 'emso']),
    candidate: digitRun(13),
    valid: isValidJmbg,
  },
  {
    labels: labelPattern(['oib', 'oib-a', 'osobni identifikacijski broj']),
    candidate: digitRun(11),
    valid: passesMod11Of10,
  },
  {
    labels: labelPattern(['αμκα', 'α.μ.κ.α.', 'α.μ.κ.α', 'amka']),
    candidate: digitRun(11),
    valid: isValidAmka,
  },
  {
    labels: labelPattern(['pps', 'ppsn', 'pps number', 'personal public service number']),
    candidate: /(?<![\dA-Za-z])\d{7}[A-W][A-IW]?(?![\dA-Za-z])/gi,
    valid: isValidPps,
    raw: true,
  },
  {
    labels: labelPattern([
      'nic',
      'nic number',
      'හැඳුනුම්පත් අංකය',
      'ජාතික හැඳුනුම්පත් අංකය',
      'ජාතික හැඳුනුම්පත',
      'அடையாள அட்டை இலக்கம்',
      'தேசிய அடையாள அட்டை',
    ]),
    candidate: /(?<![\dA-Za-z])(?:\d{9}[VX]|\d{12})(?![\dA-Za-z])/gi,
    valid: isPlausibleSriLankanNic,
    raw: true,
  },
  {
    labels: labelPattern(['pesel']),
    candidate: digitRun(11),
    valid: isValidPesel,
  },
  {
    labels: labelPattern([
      'เลขประจำตัวประชาชน',
      'บัตรประจำตัวประชาชน',
      'บัตรประชาชน',
      'thai national id',
      'thai id',
    ]),
    candidate: digitRun(13),
    valid: isValidThaiId,
  },
];
/**
 * How far after a label a self-validating number is taken for the labelled one: about two short sentences, or a
 * label, an aside in brackets and the number ("mijn BSN invullen (staat ook op de achterkant van mijn rijbewijs,
 * maar dan hoef je niet te zoeken): ..." is 101 characters; 100 until the tenth held-out set).
 */
const NEAR = 120;
/** How far before its label, in the label's sentence, such a number is read (the label naming what was just given). */
const NEAR_BEFORE = 60;

/**
 * Numbers with their country's check digits within NEAR characters after that country's identifier label (or
 * NEAR_BEFORE before it in its sentence),
 * whatever stands between: "TC kimlik no istiyo, benimki 14878460200", "meine Steuer-ID für die Lohnabrechnung –
 * kannst du dir die merken? 80 247 669 353", "رقم الهوية الوطنية حقي 1558874689". The label says what kind of
 * number is near; the check digits say it is one (a random number of that length passes one in ten to one in a
 * hundred times).
 */
function checksummedNearLabel(text: string): PiiFinding[] {
  const findings: PiiFinding[] = [];
  for (const format of NEAR_LABEL_FORMATS) {
    const valid = (value: string) => format.valid(format.raw ? value : value.replace(/\D/g, ''));
    const cls = format.cls ?? 'national_id';
    for (const match of labelMatches(text, format.labels)) {
      const labelEnd = match.index + match[0].length;
      const window = text.slice(labelEnd, labelEnd + NEAR);
      for (const candidate of window.matchAll(format.candidate)) {
        if (!valid(candidate[0])) continue;
        const start = labelEnd + candidate.index;
        findings.push({ class: cls, start, end: start + candidate[0].length });
      }
      // The number first, its label after it in the same sentence ("pon 50110250N, que es mi DNI"). Not for an
      // SSN, whose "check" is only its ranges: a nine-digit number before "my social" is often a phone number.
      if (cls === 'ssn') continue;
      const from = Math.max(0, match.index - NEAR_BEFORE);
      const before = text.slice(from, match.index);
      for (const candidate of before.matchAll(format.candidate)) {
        const between = before.slice(candidate.index + candidate[0].length);
        if (/[.!?。！？\n]/.test(between) || !valid(candidate[0])) continue;
        const start = from + candidate.index;
        findings.push({ class: cls, start, end: start + candidate[0].length });
      }
    }
  }
  return findings;
}

function validated(text: string, pattern: RegExp, valid: (value: string) => boolean): PiiFinding[] {
  return Array.from(text.matchAll(pattern))
    .filter((m) => valid(m[0]))
    .map((m) => ({ class: 'national_id' as const, start: m.index, end: m.index + m[0].length }));
}

// India's PAN after its label: five letters (the fourth names the holder's type), four digits and a letter. It has
// too few digits for the labelled reading's rule, and its shape is its check.
const IN_PAN_LABEL = /(?<![\p{L}])(?:PAN|[Pp][Aa][Nn] (?:card|number|no\.?)|पैन(?: नंबर| कार्ड)?)(?![\p{L}])/gu;
const IN_PAN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![A-Za-z0-9])/;

// The specimen numbers that forms and official guides print as examples (the Dutch BSN of the government's own
// examples, the Finnish henkilötunnus in DVV's and Kela's instructions, Sweden's Skatteverket test number): said to be
// an example, they are no one's. Without an example word nearby they are still refused, as cards' test numbers are.
const SPECIMEN_IDS = new Set(['123456782', '010101123N', '131052308T', '191212121212', '1212121212']);
const EXAMPLE_WORD =
  /(?<![\p{L}])(?:example|sample|specimen|voorbeeld|esimerkki|malli|exempel|eksempel|beispiel|muster|ejemplo|exemple|esempio|exemplo|przykład|пример|příklad)/iu;

// A tax number after a company's legal form is the company's ("Biuro-Serwis Sp. z o.o., NIP 4608450084", "ООО
// «ТехСнаб» ... ИНН 7799988018"): businesses print theirs on every invoice. Only after tax labels that both people and
// companies carry; a Russian INN of ten digits is always a company's (a person's has twelve).
// The label may name whose number it is in up to two words ("ИНН организации: ...", "NIP firmy: ...").
const TAX_LABEL_BEFORE =
  /(?<![\p{L}])(?:nip|nif|cif|vat|tax id|steuernummer|ust-id|rfc|ruc|nit|инн|regon|btw)(?:\s+[\p{L}]+){0,2}[\s:#-]{0,4}$/iu;

function isCompanyTaxNumber(text: string, f: PiiFinding): boolean {
  const label = TAX_LABEL_BEFORE.exec(text.slice(Math.max(0, f.start - 40), f.start));
  if (!label) return false;
  const digits = text.slice(f.start, f.end).replace(/\D/g, '');
  if (/инн/i.test(label[0]) && digits.length === 10) return true;
  return COMPANY_WORDS.test(text.slice(Math.max(0, f.start - 120), f.start));
}

function isSaidSpecimen(text: string, f: PiiFinding): boolean {
  if (
    !SPECIMEN_IDS.has(
      text
        .slice(f.start, f.end)
        .replace(/[^\dA-Za-z]/g, '')
        .toUpperCase(),
    )
  )
    return false;
  return EXAMPLE_WORD.test(text.slice(Math.max(0, f.start - 80), f.end + 80));
}

/** National identity, tax and licence numbers: labelled ones, and self-validating formats anywhere. */
export function detectNationalIds(text: string): PiiFinding[] {
  const labelled = [
    ...labelledValues(text, LABEL, VALUE, 'national_id').filter(
      (f) => text.slice(f.start, f.end).replace(/\D/g, '').length >= 5,
    ),
    ...labelledValues(text, IN_PAN_LABEL, IN_PAN, 'national_id'),
  ];
  const sins = Array.from(text.matchAll(CA_SIN))
    .filter((m) => passesLuhn((m[1] ?? '').replace(/\D/g, '')))
    .map((m) => {
      const start = m.index + m[0].length - (m[1] ?? '').length;
      return { class: 'national_id' as const, start, end: m.index + m[0].length };
    });
  const found = [
    ...sins,
    ...checksummedNearLabel(text),
    ...validated(text, CN_RESIDENT, isValidChineseId),
    ...validated(text, UAE_EMIRATES_ID, (id) => passesLuhn(id.replace(/\D/g, ''))),
    ...validated(text, IT_FISCAL, isValidCodiceFiscale),
    ...validated(text, KR_RESIDENT, () => true),
  ]
    .filter((f) => !labelled.some((l) => l.start < f.end && f.start < l.end))
    // A SIN after "SIN" is found by both readings: once.
    .filter((f, i, all) => !all.slice(0, i).some((g) => g.start === f.start && g.end === f.end));
  return [...labelled, ...found].filter((f) => !isSaidSpecimen(text, f) && !isCompanyTaxNumber(text, f));
}
