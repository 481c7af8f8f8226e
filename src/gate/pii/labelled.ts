// Reads the value a label introduces ("SSN: 536-22-8741", "mi DNI es 12345678Z", "护照号码 E12345678"): the
// label, optional "number" words and a colon or copula, then the value. Shared by the identifier detectors.
import { phrasePattern, VALUE_VERBS } from '../lexicon.ts';
import type { PiiClass } from '../reason-codes.ts';
import { startsLabel } from '../secrets/match.ts';
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
]);
const VERBS = VALUE_VERBS;
/** One character of a script written without spaces between words. */
const CJK_CHAR = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const STARTS_CJK = new RegExp(`^${CJK_CHAR}`, 'u');

/**
 * The global pattern of an identifier's labels for labelledValues. A label in a script without spaces may run
 * straight into its particle ("여권 번호는"); others end at a word's end.
 */
export function labelPattern(labels: readonly string[]): RegExp {
  return new RegExp(`(?:${phrasePattern(labels)})(?:(?<=${CJK_CHAR})|(?![\\p{L}]))`, 'giu');
}
// A JSON or YAML key closes its quote before the colon and opens one for the value ('"aadhaar": "9305..."').
// With `owner`, up to three words may say whose it is before a colon ("PESEL użytkownika: ...", "Numéro de
// sécurité sociale de l'utilisateur : ..."), as extracted memories write it.
function connector(owner: boolean): RegExp {
  const whose = owner ? `(?:(?:\\s+[\\p{L}'’]+){1,3}(?=\\s*[:：]))?` : '';
  return new RegExp(
    `^["']?\\.?(?:\\s*(?:${NUMBER_WORDS})(?![\\p{L}]))?${whose}(?:\\s*[:：=#]|\\s+(?:${VERBS})(?![\\p{L}])|\\s*(?:是|为|為|は|는|은|:))*\\s*["'“]?[\\[(（]?\\s*`,
    'iu',
  );
}
const CONNECTOR = connector(false);
const OWNER_CONNECTOR = connector(true);

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
  for (const match of text.matchAll(label)) {
    const cjk = STARTS_CJK.test(match[0]);
    if (!cjk && !startsLabel(text, match.index)) continue;
    const labelEnd = match.index + match[0].length;
    const tail = text.slice(labelEnd, labelEnd + 80);
    const offset = connect.exec(tail)?.[0].length ?? 0;
    const found = value.exec(tail.slice(offset))?.[0];
    if (found === undefined) continue;
    const start = labelEnd + offset;
    findings.push({ class: cls, start, end: start + found.trimEnd().length });
  }
  return findings;
}
