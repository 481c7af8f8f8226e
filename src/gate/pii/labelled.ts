// Reads the value a label introduces ("SSN: 536-22-8741", "mi DNI es 12345678Z", "护照号码 E12345678"): the
// label, optional "number" words and a colon or copula, then the value. Shared by the identifier detectors.

import {
  NAMED_CODE_KINDS,
  PHRASE_FINAL_COPULAS,
  POSTPOSED_POSSESSIVES,
  phrasePattern,
  VALUE_VERBS,
} from '../lexicon.ts';
import type { PiiClass } from '../reason-codes.ts';
import { startsLabel } from '../secrets/match.ts';
import { headerIs, tableCells } from '../table-cells.ts';
import type { PiiFinding } from './types.ts';

const NUMBER_WORDS = phrasePattern([
  ...[
    'number',
    'numbers',
    'no.',
    'no',
    'nr.',
    'nr',
    'num.',
    'num',
    '#',
    'n°',
    'nº',
    'número',
    'numéro',
    'numero',
  ],
  ...['nummer', 'номер', 'numer', 'numarası', 'no:', 'id', 'code', 'card', 'card number', 'karte', 'kaart'],
  // "Number" in the scripts of India, Nepal and Sri Lanka ("ਪਾਸਪੋਰਟ ਨੰਬਰ", "ಪಾಸ್‌ಪೋರ್ಟ್ ಸಂಖ್ಯೆ").
  ...['नंबर', 'संख्या', 'ਨੰਬਰ', 'নম্বর', 'નંબર', 'నంబర్', 'సంఖ్య', 'எண்', 'ಸಂಖ್ಯೆ', 'ನಂಬರ್', 'നമ്പർ', 'අංකය'],
]);
const VERBS = VALUE_VERBS;
/** One character of a script written without spaces between words. */
// The prolonged sound mark (ー) ends katakana words ("マイナンバー") but is in no script of its own.
// Thai writes no spaces either ("เลขบัตรประชาชนแม่ ...").
const CJK_CHAR =
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\u30FC]';
const STARTS_CJK = new RegExp(`^${CJK_CHAR}`, 'u');

/**
 * The global pattern of an identifier's labels for labelledValues. A label in a script without spaces may run
 * straight into its particle ("여권 번호는"), and any label into CJK text ("HKID係 ..."); others end at a word's end.
 */
export function labelPattern(labels: readonly string[]): RegExp {
  return new RegExp(`(?:${phrasePattern(labels)})(?:(?<=${CJK_CHAR})|(?!(?!${CJK_CHAR})[\\p{L}]))`, 'giu');
}
// The last word before a colon that makes the value some other number: "Passport renewal appointment confirmation:
// 48213377" gives a confirmation number, "Reisepassnummer für die Buchung nach Kanada: ..." the passport number.
// The kinds codes name (lexicon.ts), and contact numbers and case files.
const OTHER_NUMBER_HEADS = phrasePattern([...NAMED_CODE_KINDS, 'phone', 'tel', 'fax', 'case']);
// Copulas only identifiers read: Swahili "ni", Persian "است"/"هست", Nigerian Pidgin "na" ("my NIN na ..."), and
// the Vietnamese and Malay ones the password labels read after a phrase ("Namba yangu ya kitambulisho ni 44772693").
const IDENTIFIER_COPULAS = phrasePattern([
  ...PHRASE_FINAL_COPULAS,
  'است',
  'هست',
  'na',
  'ita ce',
  'shi ne',
  'ay',
]);
// "my" after the label ("BVN mi ni ...", "SS number ko 34-...", "снилс мой 128-...", "carte nationale dyali BK...").
const POSSESSIVE = phrasePattern(POSTPOSED_POSSESSIVES);
// An article after a copula ("numéro de sécu c'est le 2 91 07 ...", "mi DNI es el 71829457C").
const ARTICLE = phrasePattern(['le', 'la', 'el', 'lo', 'o', 'a', 'the']);
// A JSON or YAML key closes its quote before the colon and opens one for the value ('"aadhaar": "9305..."').
// With `owner`, up to eight words may say whose it is or what it is for before a colon ("PESEL użytkownika: ...",
// "la CURP de mi hija pa la inscripción en la primaria: ...", "Reisepassnummer für die Buchung nach Kanada: ..."),
// after a comma too ("el DNI, apúntamelo porfa: ...", "passport number குறிச்சு வைச்சுக்கோ, visa application-க்கு
// தேவைப்படும்: ..."), on the label's line and within its sentence; or up to two
// words before a copula ("Số CCCD của mình là ..."). An alias in brackets may follow the label ("РНОКПП (ІПН): ...").
function connector(owner: boolean): RegExp {
  const whose = owner
    ? `(?:,?(?:[ \\t]+[\\p{L}\\p{M}'’-]+,?){0,7}[ \\t]+(?!(?:${OTHER_NUMBER_HEADS})[ \\t]*[:：])[\\p{L}\\p{M}'’-]+(?=[ \\t]*[:：])|(?:[ \\t]+[\\p{L}\\p{M}'’-]+){1,2}(?=[ \\t]+(?:${VERBS}|${IDENTIFIER_COPULAS})(?![\\p{L}])))?`
    : '';
  return new RegExp(
    `^["']?\\.?(?:\\s*(?:${NUMBER_WORDS})(?![\\p{L}\\p{M}]))?(?:\\s*\\([^()\\n]{1,24}\\))?(?:\\s+(?:${POSSESSIVE})(?![\\p{L}]))?${whose}(?:\\s*[:：=#]|\\s+[–—-](?=\\s)|,?\\s+(?:${VERBS}|${IDENTIFIER_COPULAS})(?:\\s+(?:${ARTICLE}))?(?![\\p{L}])|\\s*(?:是|为|為|係|は|는|은|:))*(?:\\s*(?:${NUMBER_WORDS})(?![\\p{L}\\p{M}]))?\\s*["'“]?[\\[(（]?\\s*`,
    'iu',
  );
}
const CONNECTOR = connector(false);
const OWNER_CONNECTOR = connector(true);

/**
 * The matches of `label` (global, Unicode) that stand as a label: CJK labels anywhere, others at a word's start
 * ("RG" is not a label inside a tracking number "...MEDRG6487...").
 */
export function labelMatches(text: string, label: RegExp): RegExpExecArray[] {
  return Array.from(text.matchAll(label)).filter(
    (match) => STARTS_CJK.test(match[0]) || startsLabel(text, match.index),
  );
}

// A form's blank to fill in ("NI number: XX 00 00 00 X"): no one's identifier.
const TEMPLATE_VALUE = /^[Xx0\s.\-/]+$/;

/**
 * Findings of `cls` for every value matching `value` (anchored, no flags) that follows a match of `label`
 * (global, Unicode). CJK labels need no word boundary before them; others must start a word. `owner: false` for a
 * class whose detector reads words between label and value itself, with a stricter check (cpf.ts).
 */
export function labelledValues(
  text: string,
  label: RegExp,
  value: RegExp,
  cls: PiiClass,
  { owner = true }: { owner?: boolean } = {},
): PiiFinding[] {
  const connect = owner ? OWNER_CONNECTOR : CONNECTOR;
  const findings: PiiFinding[] = [];
  for (const match of labelMatches(text, label)) {
    const labelEnd = match.index + match[0].length;
    const tail = text.slice(labelEnd, labelEnd + 80);
    const offset = connect.exec(tail)?.[0].length ?? 0;
    const found = value.exec(tail.slice(offset))?.[0];
    if (found === undefined || TEMPLATE_VALUE.test(found)) continue;
    const start = labelEnd + offset;
    findings.push({ class: cls, start, end: start + found.trimEnd().length });
  }
  return findings;
}

/**
 * Findings of `cls` in a table whose header names the column with one of the labels (CSV or TSV:
 * "booking_ref,lead_passenger,passport_number,..." then a row per passenger; markdown): each cell in that column
 * that matches `value` (anchored). A header's underscores and dashes read as spaces, so "passport_number" is the
 * label "passport number".
 */
export function tableColumnValues(text: string, label: RegExp, value: RegExp, cls: PiiClass): PiiFinding[] {
  return tableCells(text)
    .filter((cell) => headerIs(cell.header, label) && value.test(cell.value))
    .map((cell) => ({ class: cls, start: cell.start, end: cell.end }));
}
