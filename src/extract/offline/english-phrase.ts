// Cutting an English statement into the pieces a memory needs: the object phrase, its facet, and the
// statement rewritten without a subject ("I take my tea with oat milk" -> "Takes tea with oat milk").
import { DEICTIC } from './english-lexicon.ts';
import { capitalise, clean, insideToken } from './text.ts';

// Where an object phrase ends: a clause boundary, a conjunction that starts a new clause, or a masked quote.
// A bare "i" starts a new clause in run-on chat ("adobe stuff i dont pay for subscriptions"), as does "pls" or "tho".
const OBJECT_END =
  /\s*(?:[,;:()!?]|\s-\s|\s\u2014\s|\b(?:but|because|since|so|though|although|which|while|whereas|unless|if|when|and i|and i'm|and we|or i|lol|lmao|haha|tbh|honestly|btw|fwiw|imo|ffs|tbf|ngl|pls|plz|tho)\b|\s(?=i\s)|\uE000)/i;

// Also a conjunction left at the end where the next clause was cut off ("a tiny bakery on the coast and"), and a
// choice's "then" or "in the end" ("going with the oak floor then").
const TRAILING_FILLER =
  /\s+(?:though|really|a lot|so much|at all|anyway|anymore|lately|please|either|too|as well|now|honestly|actually|ever|tbh|fwiw|imo|lol|haha|to be honest|in general|generally|i guess|i think|specifically|in particular|especially|then|in the end|after all|and|or|but)$/i;

/** The object of a statement: from `rest` up to the clause's end, fillers trimmed ("cilantro, it tastes..." -> cilantro). */
export function objectPhrase(rest: string): string {
  const end = OBJECT_END.exec(rest);
  // A boundary inside a token ("mongodb+srv://...", "R2tN!x9") would keep a piece of it: nothing is read then.
  if (end && insideToken(rest, end.index + end[0].search(/\S/))) return '';
  let phrase = clean(end ? rest.slice(0, end.index) : rest);
  for (let before = ''; before !== phrase; ) {
    before = phrase;
    phrase = clean(phrase.replace(TRAILING_FILLER, ''));
  }
  return phrase;
}

const DETERMINER =
  /^(?:the|a|an|my|your|our|some|any|all|most|much|many|more|really|very|so|such|just|to)\s+/i;
// A facet is what a stance is about: the noun phrase before any qualifier ("aisle seats on long flights").
const QUALIFIER =
  /\s+(?:on|in|at|for|with|without|after|before|during|from|when|while|over|than|to|into|unless|longer|shorter|more|less|bigger|smaller|that|which|who|like|as|because|instead|every|each|of the|at all)\b.*$/i;

/**
 * The facet of an object phrase, lower case: the head noun phrase without determiners and qualifiers, at most four
 * words. Undefined when it points back into the conversation ("that", "when it rains") or is empty.
 */
export function facetOf(object: string): string | undefined {
  let phrase = object.toLowerCase().replace(/[`"]/g, '').trim();
  for (let before = ''; before !== phrase; ) {
    before = phrase;
    phrase = phrase.replace(DETERMINER, '');
  }
  phrase = clean(phrase.replace(QUALIFIER, ''));
  // "using instant yeast" is about instant yeast; "cooking" alone stays what it is.
  phrase = phrase.replace(
    /^(?:using|eating|drinking|having|doing|getting|taking|watching|playing|wearing|buying)\s+(?=\S)/,
    '',
  );
  const words = phrase.split(' ').filter((w) => w !== '');
  if (words.length === 0 || words.length > 4) return undefined;
  if (DEICTIC.has(words[0]!) || DEICTIC.has(phrase)) return undefined;
  if (!/[\p{L}\p{N}]/u.test(phrase)) return undefined;
  return phrase;
}

/** True when an object phrase says nothing on its own ("I love that", "I hate when it rains"). */
export function deictic(object: string): boolean {
  const first = object.toLowerCase().split(/\s+/)[0] ?? '';
  return object.trim() === '' || DEICTIC.has(first) || DEICTIC.has(object.toLowerCase());
}

const IRREGULAR: Readonly<Record<string, string>> = {
  have: 'has',
  be: 'is',
  am: 'is',
  do: 'does',
  go: 'goes',
};

/** The third person singular of a present-tense verb: eat -> eats, watch -> watches, fly -> flies, have -> has. */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** The indefinite article before a word, as spelling suggests ("an editor", "a nurse"). */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Second person and the user's own possessives, as a memory says them ("your answers" -> "the answers"). */
export function impersonal(text: string): string {
  return text
    .replace(/\b(?:my|our)\s+/gi, '')
    .replace(/\b(?:your)\b/gi, 'the')
    .replace(/\b(?:myself)\b/gi, 'themselves');
}

const FIRST_PERSON: readonly [RegExp, string][] = [
  [/^i(?:'m| am)\s+/i, 'Is '],
  [/^i(?:'ve| have)\s+been\s+/i, 'Has been '],
  [/^i(?:'ve| have)\s+/i, 'Has '],
  [/^i\s+(?:don't|do not|dont)\s+/i, 'Does not '],
  [/^i\s+(?:can't|cannot|can not)\s+/i, 'Cannot '],
  [/^i\s+(?:won't|will not)\s+/i, 'Will not '],
  [/^i(?:'ll| will)\s+/i, 'Will '],
  [/^i\s+(?:never)\s+/i, 'Never '],
  [/^i\s+(?:always)\s+/i, 'Always '],
  [/^i\s+(?:usually)\s+/i, 'Usually '],
  [/^i\s+(?:only)\s+/i, 'Only '],
  [/^i\s+(?:was)\s+/i, 'Was '],
  [/^i\s+used to\s+/i, 'Used to '],
];

/**
 * A first-person statement rewritten without its subject, in the third person: "I'm left-handed" -> "Is
 * left-handed", "my sister's wedding is on June 8" -> "Sister's wedding is on June 8", "I take my tea black" ->
 * "Takes tea black". Undefined when it does not start with I or my (nothing to rewrite safely).
 */
export function withoutSubject(statement: string): string | undefined {
  const s = clean(statement);
  for (const [pattern, replacement] of FIRST_PERSON) {
    if (pattern.test(s)) {
      const rest = s.replace(pattern, '');
      const verbAfter = /^(never|always|usually|only)\s/i.test(replacement) ? verbInThird(rest) : rest;
      return finish(replacement + verbAfter);
    }
  }
  if (/^i\s+/i.test(s)) return finish(verbInThird(s.replace(/^i\s+/i, '')));
  if (/^(?:my|our)\s+/i.test(s)) return finish(s.replace(/^(?:my|our)\s+/i, ''));
  return undefined;
}

/** Adverbs that stand before the verb ("i only really get weekdays"): the verb after them takes the -s. */
const BEFORE_VERB =
  /^(?:\p{L}+ly|just|still|also|even|ever|often|sometimes|kinda|pretty much|mostly|mainly)$/iu;

/** The verb of a clause without its subject in the third person, past any adverb before it ("really gets"). */
export function verbInThird(rest: string): string {
  const words = rest.split(' ');
  const at = words.findIndex((w) => !BEFORE_VERB.test(w));
  if (at < 0) return rest;
  words[at] = thirdPerson(words[at]!);
  return words.join(' ');
}

const VOWEL_GROUPS = /[aeiouy]+/g;

/**
 * The base form of a verb's -ing form ("buying" -> "buy", "closing" -> "close", "getting" -> "get", "selling" ->
 * "sell"), or undefined where spelling alone cannot tell: a longer stem ending in consonant-vowel-consonant may or
 * may not have lost an e ("visiting" -> "visit", "retiring" -> "retire").
 */
export function baseOfProgressive(word: string): string | undefined {
  if (!/^[a-z]+ing$/.test(word) || word.length < 5) return undefined;
  const stem = word.slice(0, -3);
  // A doubled final consonant ("running", "stopping"); l, s and z stay doubled ("selling", "passing").
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  // No English verb ends in v or u, nor in dg or in two vowels and an s or z: an e was dropped ("moving",
  // "continuing", "judging", "choosing", "causing").
  if (/(?:[vu]|dg|[aeiou]{2}[sz])$/.test(stem)) return `${stem}e`;
  // "changing" or "hanging": either could be.
  if (/[aeu]ng$/.test(stem)) return undefined;
  // "using", "coming" once their -ing is gone read as "us", "com": one vowel, then one consonant.
  const groups = stem.match(VOWEL_GROUPS)?.length ?? 0;
  const cvc = /(?:^|[^aeiou])[aeiou][^aeiouwxy]$/.test(stem);
  if (!cvc) return stem;
  if (groups === 1) return `${stem}e`;
  return undefined;
}

function finish(text: string): string | undefined {
  const out = clean(capitalise(impersonal(text)));
  return out.length >= 3 ? out : undefined;
}
