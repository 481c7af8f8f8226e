// Detects national identity, tax, social insurance and driving licence numbers: after a label in one of the
// languages the gate reads ("mi DNI es 12345678Z", "BSN 111222333", "PESEL 44051401359", "身份证号 ...",
// "numéro de sécurité sociale 1 85 ..."), and without a label for formats that validate themselves (Chinese
// resident identity numbers, Italian codici fiscali, Korean resident registration numbers, Canadian SINs after
// "SIN").
import { passesLuhn } from '../secrets/card-numbers.ts';
import { labelledValues, labelPattern } from './labelled.ts';
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

function validated(text: string, pattern: RegExp, valid: (value: string) => boolean): PiiFinding[] {
  return Array.from(text.matchAll(pattern))
    .filter((m) => valid(m[0]))
    .map((m) => ({ class: 'national_id' as const, start: m.index, end: m.index + m[0].length }));
}

// India's PAN after its label: five letters (the fourth names the holder's type), four digits and a letter. It has
// too few digits for the labelled reading's rule, and its shape is its check.
const IN_PAN_LABEL = /(?<![\p{L}])(?:PAN|[Pp][Aa][Nn] (?:card|number|no\.?)|पैन(?: नंबर| कार्ड)?)(?![\p{L}])/gu;
const IN_PAN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![A-Za-z0-9])/;

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
    ...validated(text, CN_RESIDENT, isValidChineseId),
    ...validated(text, IT_FISCAL, isValidCodiceFiscale),
    ...validated(text, KR_RESIDENT, () => true),
  ].filter((f) => !labelled.some((l) => l.start < f.end && f.start < l.end));
  return [...labelled, ...found];
}
