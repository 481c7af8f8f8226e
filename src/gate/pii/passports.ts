// Detects passport numbers given after a passport label in the languages the gate reads ("passport no.
// 533380006", "Reisepassnummer C01X00T47", "número de pasaporte: PAA123456", "护照号码 E12345678"). A passport
// number is six to ten capitals and digits with at least five digits, so "passport expires in 2027" and
// "passport photos cost 12 euros" carry none.
import { labelledValues, labelPattern } from './labelled.ts';
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
  ...['جواز سفر', 'جواز السفر', 'رقم جواز السفر', 'رقم جواز سفري', 'جواز سفري', 'पासपोर्ट', 'पासपोर्ट नंबर'],
];
const LABEL = labelPattern(LABELS);
// One run of letters and digits, or digits in two groups as a US passport is often written ("5672 84193").
const VALUE = /^(?:[A-Z0-9]{6,10}|\d{3,5} \d{4,6})(?![A-Za-z0-9])/;

/** Passport numbers after a passport label. */
export function detectPassports(text: string): PiiFinding[] {
  // Three digits or more: "C4KF7R2N9" (a German passport has letters among its digits), not "PASSPORT".
  return labelledValues(text, LABEL, VALUE, 'passport').filter(
    (f) => text.slice(f.start, f.end).replace(/\D/g, '').length >= 3,
  );
}
