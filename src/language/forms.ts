// The inflected forms of a word that still name the same thing ("drink" -> drinks, drinking, drank), for rule
// triggers and preference facets, which are written once as a base form and met in every form.
//
// Forms are generated FROM the base form, never by stemming the text: a stemmer maps "caring" and "car" (or
// "university" and "universe") to one stem, and a rule that fires on the wrong word acts on the wrong request.
// Generated forms that are not words ("teaed") never occur in text, so over-generating is harmless; the rules
// below only avoid generating real words of another meaning (no -es after a consonant in English: "cares" is not
// a form of "car").
import { primaryLanguage } from './text-search.ts';

const VOWEL = /[aeiouáéíóúàèìòùâêîôûäëïöüãõy]/u;

/** English irregular forms worth knowing; verbs whose past is also a common noun (saw, left, bit) left out. */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  child: ['children'],
  man: ['men'],
  woman: ['women'],
  person: ['people'],
  mouse: ['mice'],
  tooth: ['teeth'],
  foot: ['feet'],
  goose: ['geese'],
  buy: ['bought'],
  bring: ['brought'],
  think: ['thought'],
  eat: ['ate', 'eaten'],
  drink: ['drank', 'drunk'],
  drive: ['drove', 'driven'],
  write: ['wrote', 'written'],
  take: ['took', 'taken'],
  give: ['gave', 'given'],
  go: ['goes', 'went', 'gone', 'going'],
  do: ['does', 'did', 'done', 'doing'],
  have: ['has', 'had'],
  make: ['made'],
  pay: ['paid'],
  send: ['sent'],
  spend: ['spent'],
  sell: ['sold'],
  tell: ['told'],
  teach: ['taught'],
  catch: ['caught'],
  fly: ['flew', 'flown'],
  run: ['ran'],
  swim: ['swam', 'swum'],
  sing: ['sang', 'sung'],
  begin: ['began', 'begun'],
  break: ['broke', 'broken'],
  choose: ['chose', 'chosen'],
  speak: ['spoke', 'spoken'],
  wear: ['wore', 'worn'],
  forget: ['forgot', 'forgotten'],
  get: ['got', 'gotten'],
  meet: ['met'],
  lose: ['lost'],
  keep: ['kept'],
  sleep: ['slept'],
  feel: ['felt'],
  know: ['knew', 'known'],
  grow: ['grew', 'grown'],
  throw: ['threw', 'thrown'],
  ride: ['rode', 'ridden'],
};

function vowelGroups(word: string): number {
  return word.split(/[^aeiouy]+/).filter((g) => g !== '').length;
}

/** Consonant-vowel-consonant at the end, the last not w, x or y: the shape that doubles (plan -> planned). */
function endsCvc(word: string): boolean {
  return /[^aeiou][aeiou][^aeiouwxy]$/.test(word);
}

/** English plural / third person, past and -ing forms. */
function english(w: string, out: Set<string>): void {
  const add = (...forms: string[]) => {
    for (const f of forms) out.add(f);
  };
  add(`${w}'s`);
  if (/(?:s|x|z|ch|sh)$/.test(w)) add(`${w}es`, `${w}ed`, `${w}ing`);
  else if (/[^aeiou]y$/.test(w)) add(`${w.slice(0, -1)}ies`, `${w.slice(0, -1)}ied`, `${w}ing`);
  else if (w.endsWith('o')) add(`${w}s`, `${w}es`, `${w}ed`, `${w}ing`);
  else add(`${w}s`);
  if (/[^f]fe?$/.test(w)) add(`${w.replace(/fe?$/, '')}ves`);
  if (/(?:s|x|z|ch|sh|o)$/.test(w) || /[^aeiou]y$/.test(w)) return;
  if (w.endsWith('ie')) add(`${w}d`, `${w.slice(0, -2)}ying`);
  else if (/(?:ee|ye|oe)$/.test(w)) add(`${w}d`, `${w}ing`);
  else if (w.endsWith('e')) add(`${w}d`, `${w.slice(0, -1)}ing`);
  else if (endsCvc(w)) {
    const doubled = w + w.at(-1)!;
    add(`${doubled}ed`, `${doubled}ing`);
    // One syllable always doubles (plan -> planning; "planing" is plane's); longer words may not (visited).
    if (vowelGroups(w) > 1) add(`${w}ed`, `${w}ing`);
  } else add(`${w}ed`, `${w}ing`);
}

/** Plurals of Spanish, Portuguese and French that are not English words whatever the language. */
function romanceUnambiguous(w: string, out: Set<string>): void {
  if (w.endsWith('z')) out.add(`${w.slice(0, -1)}ces`); // luz -> luces
  if (w.endsWith('ão')) for (const end of ['ões', 'ães', 'ãos']) out.add(w.slice(0, -2) + end); // limão -> limões
  if (/(?:eau|au|eu)$/.test(w)) out.add(`${w}x`); // gâteau -> gâteaux
  if (w.endsWith('al')) out.add(`${w.slice(0, -2)}aux`); // animal -> animaux
}

const UMLAUT: Readonly<Record<string, string>> = { a: 'ä', o: 'ö', u: 'ü' };

/** Plurals by language, only when the language is known: in English "list"+"en" or "car"+"e" are other words. */
const BY_LANGUAGE: Readonly<Record<string, (w: string, out: Set<string>) => void>> = {
  es(w, out) {
    if (!VOWEL.test(w.at(-1)!)) out.add(`${w}es`); // flor -> flores, mes -> meses
  },
  pt(w, out) {
    if (/[rsz]$/.test(w)) out.add(`${w}es`); // flor -> flores
    if (/[aeiou]m$/.test(w)) out.add(`${w.slice(0, -1)}ns`); // jardim -> jardins
    if (/[aou]l$/.test(w)) out.add(`${w.slice(0, -1)}is`); // animal -> animais
    if (w.endsWith('el')) out.add(`${w.slice(0, -2)}éis`); // papel -> papéis
    if (w.endsWith('ol')) out.add(`${w.slice(0, -2)}óis`); // lençol -> lençóis
    if (w.endsWith('il')) out.add(`${w.slice(0, -1)}s`); // barril -> barris
  },
  de(w, out) {
    for (const end of ['e', 'en', 'n', 'er', 's']) out.add(w + end);
    if (w.endsWith('in')) out.add(`${w}nen`); // Lehrerin -> Lehrerinnen
    // Umlaut of the last a/o/u (au -> äu): Nuss -> Nüsse, Koch -> Köche, Haus -> Häuser.
    const m = /^(.*?)(au|[aou])([^aeiouäöü]*)$/.exec(w);
    if (m) {
      const stem = m[1]! + (m[2] === 'au' ? 'äu' : UMLAUT[m[2]!]) + m[3]!;
      for (const end of ['', 'e', 'er']) out.add(stem + end);
    }
  },
  nl(w, out) {
    out.add(`${w}en`);
    out.add(`${w}s`);
    out.add(`${w}'s`);
    if (/[^aeiou][aeiou][^aeiouwy]$/.test(w)) out.add(`${w}${w.at(-1)}en`); // kat -> katten
    const long = /^(.*)(aa|ee|oo|uu)([^aeiou])$/.exec(w); // boom -> bomen, uur -> uren
    if (long) out.add(`${long[1]}${long[2]![0]}${long[3]}en`);
    if (w.endsWith('f')) out.add(`${w.slice(0, -1)}ven`); // brief -> brieven
    if (w.endsWith('s')) out.add(`${w.slice(0, -1)}zen`); // huis -> huizen
  },
  it(w, out) {
    const stem = w.slice(0, -1);
    if (/[cg]a$/.test(w))
      out.add(`${stem}he`); // amica -> amiche
    else if (/[cg]ia$/.test(w))
      out.add(`${w.slice(0, -2)}e`); // arancia -> arance
    else if (w.endsWith('a')) out.add(`${stem}e`); // cipolla -> cipolle
    if (/[cg]o$/.test(w))
      out.add(`${stem}hi`).add(`${stem}i`); // fungo -> funghi, amico -> amici
    else if (w.endsWith('io'))
      out.add(stem); // formaggio -> formaggi
    else if (/[oe]$/.test(w)) out.add(`${stem}i`); // pomodoro -> pomodori, peperone -> peperoni
  },
  fr(w, out) {
    out.add(`${w}s`);
  },
};

/**
 * The forms of `word` (lower-cased) that count as the same term, the word itself included: for any language
 * the English forms (plural, -ed, -ing, irregulars) and the Romance plurals that cannot be English words; with a
 * known `language` (es, pt, de, nl, it, fr) that language's regular plurals too. Words under three letters, or
 * with anything but letters, only match as written (and "go", "do" through their irregular forms).
 */
export function wordForms(word: string, language?: string | null): Set<string> {
  const w = word.toLowerCase();
  // hasOwn throughout: "constructor" is a word, and must not find Object.prototype's.
  const out = new Set([w, ...(Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w]! : [])]);
  if (w.length < 3 || !/^\p{L}+$/u.test(w)) return out;
  english(w, out);
  romanceUnambiguous(w, out);
  const code = language ? primaryLanguage(language) : '';
  if (Object.hasOwn(BY_LANGUAGE, code)) BY_LANGUAGE[code]!(w, out);
  return out;
}

/**
 * True when `token` (lower case) is `term` in one of its {@link wordForms}, or `term` is a form of `token` that
 * only differs by a plural ending, so "onions" also finds a facet written "onions" in the text "no onion".
 */
export function sameTerm(token: string, term: string, language?: string | null): boolean {
  if (token === term) return true;
  if (wordForms(term, language).has(token)) return true;
  return token.length < term.length && /(?:s|es|'s)$/.test(term) && wordForms(token, language).has(term);
}
