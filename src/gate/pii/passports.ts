// Detects passport numbers given after a passport label in the languages the gate reads ("passport no.
// 533380006", "Reisepassnummer C01X00T47", "número de pasaporte: PAA123456", "护照号码 E12345678"). A passport
// number is six to ten capitals and digits with at least five digits, so "passport expires in 2027" and
// "passport photos cost 12 euros" carry none.
import { labelledValues, labelPattern, tableColumnValues } from './labelled.ts';
import type { PiiFinding } from './types.ts';

const LABELS = [
  ...['passport', 'passport number', 'passport no', 'passport #', 'passport num', 'passport id', 'pass nr'],
  ...['reisepass', 'reisepassnummer', 'passnummer', 'pass-nr', 'pasaporte', 'número de pasaporte'],
  ...['nº de pasaporte', 'passaporte', 'número do passaporte', 'número de passaporte', 'passeport'],
  ...[
    'numéro de passeport',
    'n° de passeport',
    'passaporto',
    'numero di passaporto',
    'numero del passaporto',
  ],
  ...['paspoort', 'paspoortnummer', 'paszport', 'numer paszportu', 'паспорт', 'номер паспорта', 'pasaport'],
  ...['pasaport numarası', 'passnummer', 'passinumero', 'διαβατήριο', '护照', '护照号', '护照号码', '護照'],
  ...['護照號碼', 'パスポート番号', 'パスポート', '여권번호', '여권 번호', '여권'],
  ...['旅券番号', '旅券', 'διαβατηρίου', 'αριθμός διαβατηρίου', 'αριθμό διαβατηρίου', 'דרכון', 'מספר דרכון'],
  ...['หนังสือเดินทาง', 'เลขที่หนังสือเดินทาง', 'hộ chiếu', 'số hộ chiếu', 'paspor', 'nomor paspor', 'pasport'],
  ...['جواز سفر', 'جواز السفر', 'رقم جواز السفر', 'رقم جواز سفري', 'جواز سفري', 'पासपोर्ट', 'पासपोर्ट नंबर'],
  // Persian (with the possessive "-am": "my passport") and Urdu.
  ...['پاسپورت', 'پاسپورتم', 'شماره پاسپورت', 'شماره پاسپورتم', 'گذرنامه', 'پاسپورٹ', 'پاسپورٹ نمبر'],
  // Hausa, Arabic as spoken ("الباسبور"), Ukrainian and Russian travel passports (genitive), Swahili, Malay.
  ...['fasfo', 'lambar fasfo', 'باسبور', 'الباسبور', 'رقم الباسبور', 'رقم الجواز', 'الجواز'],
  ...['паспорта', 'закордонного паспорта', 'закордонний паспорт', 'загранпаспорт', 'загранпаспорта'],
  ...['pasipoti', 'namba ya pasipoti', 'pasport', 'nombor pasport'],
  // Nordic, Baltic, Central and Eastern European, Catalan, Basque.
  ...['pasnummer', 'pasnummeret', 'passnumret', 'vegabréfsnúmer', 'vegabréf', 'passi number', 'pases numurs'],
  ...[
    'paso numeris',
    'číslo pasu',
    'útlevélszám',
    'útlevél száma',
    'útlevélszáma',
    'pașaport',
    'pașaportului',
  ],
  ...['numărul pașaportului', 'pasaportului', 'пасош', 'pasoš', 'broj pasoša', 'putovnica', 'putovnice'],
  ...['broj putovnice', 'potni list', 'številka potnega lista', 'passaport', 'número de passaport'],
  ...['pasaporte-zenbakia', 'pasaportea', 'pasaportearen zenbakia'],
  // Punjabi, Malayalam, Kannada, Telugu, Tamil, Bengali, Gujarati, Nepali, Sinhala.
  ...['ਪਾਸਪੋਰਟ', 'പാസ്പോർട്ട്', 'ಪಾಸ್‌ಪೋರ್ಟ್', 'ಪಾಸ್ಪೋರ್ಟ್', 'పాస్‌పోర్ట్', 'పాస్పోర్ట్', 'பாஸ்போர்ட்'],
  ...['கடவுச்சீட்டு', 'পাসপোর্ট', 'પાસપોર્ટ', 'राहदानी', 'ගමන් බලපත්‍රය', 'ගමන් බලපත්‍ර'],
];
const LABEL = labelPattern(LABELS);
// One run of letters and digits, or digits in two groups as a US passport is often written ("5672 84193").
// Or a series of letters and its number ("FK 714392"), or the number typed in spaced groups or one character at a
// time so that it is read right ("M703 15826", "G 3 8 1 5 0 4 7 2"): up to two letters, five to nine digits.
const VALUE =
  /^(?:[A-Z0-9]{6,10}|\d{3,5} \d{4,6}|[A-Z]{1,2} \d{6,8}|[A-Z]{0,2} ?\d(?: ?\d){4,8}(?: ?[A-Z])?)(?![A-Za-z0-9])/;

// A passport's machine-readable zone (ICAO 9303, TD3): the second line opens with the document number (nine
// characters, "<" as filler) and its check digit, then the nationality and the birth date. The line's own check digits
// stand for the label. Found where a scan or an OCR log carries it, with or without the first line, and when OCR
// broke the line after its first 28 characters ("AC24552815KGZ9502116F2903035<<\n<<<<<<<<<<<<<6"): then the
// document number's, the birth date's and the expiry date's check digits must all hold.
const MRZ_SECOND_LINE =
  /(?<![A-Z0-9<])([A-Z0-9<]{9})(\d)[A-Z<]{3}\d{6}\d[MFX<]\d{6}\d[A-Z0-9<]{14}[\d<]\d(?![A-Z0-9<])/g;
const MRZ_SECOND_LINE_START =
  /(?<![A-Z0-9<])([A-Z0-9<]{9})(\d)[A-Z<]{3}(\d{6})(\d)[MFX<](\d{6})(\d)(?=[A-Z0-9<]*\n)/g;
const MRZ_WEIGHTS = [7, 3, 1];

/** The ICAO 9303 check digit of a machine-readable zone field. */
export function mrzCheckDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * MRZ_WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

function machineReadableZones(text: string): PiiFinding[] {
  const whole = Array.from(text.matchAll(MRZ_SECOND_LINE)).filter(
    (m) => /\d/.test(m[1]!) && mrzCheckDigit(m[1]!) === Number(m[2]),
  );
  const broken = Array.from(text.matchAll(MRZ_SECOND_LINE_START)).filter(
    (m) =>
      /\d/.test(m[1]!) &&
      mrzCheckDigit(m[1]!) === Number(m[2]) &&
      mrzCheckDigit(m[3]!) === Number(m[4]) &&
      mrzCheckDigit(m[5]!) === Number(m[6]),
  );
  return [...whole, ...broken.filter((b) => !whole.some((w) => w.index === b.index))].map((m) => ({
    class: 'passport' as const,
    start: m.index,
    end: m.index + 9,
  }));
}

// A Russian (or Ukrainian, Belarusian, Kazakh) passport as forms ask for it: a series of four digits and a number of six
// ("серия 45 18, номер 712055", "серия 4518 № 712055"). A document with such a series and number names one person,
// whichever document it is (a driving licence is written the same way), so the pair needs no label of its own.
const SERIES_AND_NUMBER =
  /(?<![\p{L}])(?:серия|серії|серыя|серия паспорта)\s*(\d{2}\s?\d{2})\s*[,;]?\s*(?:(?:номер|№|n|no\.?)\s*)?(\d{6})(?!\d)/giu;

function seriesAndNumbers(text: string): PiiFinding[] {
  return Array.from(text.matchAll(SERIES_AND_NUMBER), (m) => {
    const start = m.index + m[0].indexOf(m[1]!);
    return { class: 'passport' as const, start, end: m.index + m[0].length };
  });
}

/**
 * Passport numbers after a passport label, in a table's passport column, in a machine-readable zone, and as a
 * series and number.
 */
export function detectPassports(text: string): PiiFinding[] {
  // Two digits or more: "C4KF7R2N9", "JPWKH54MG" (a German passport has letters among its digits), not "PASSPORT".
  return [
    ...labelledValues(text, LABEL, VALUE, 'passport'),
    ...tableColumnValues(text, LABEL, VALUE, 'passport'),
    ...machineReadableZones(text),
    ...seriesAndNumbers(text),
  ].filter((f) => text.slice(f.start, f.end).replace(/\D/g, '').length >= 2);
}
