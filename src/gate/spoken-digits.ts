// Numbers said aloud: voice assistants write what they hear ("hey google remember my bank pin is four four seven
// one"), so a PIN, a card or an SSN reaches the gate as words. The detectors read digits; this gives them a view
// of the text with every run of four or more digit words written as the digits they say. Pure.

import { phrasePattern } from './lexicon.ts';

/** Digit words in the languages the gate reads most (English also serves Taglish and Hinglish speech). */
const DIGIT_WORDS: Readonly<Record<string, string>> = Object.freeze({
  ...{ zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7' },
  ...{ eight: '8', nine: '9' },
  // Spanish, Portuguese, Italian.
  ...{ cero: '0', uno: '1', una: '1', dos: '2', tres: '3', cuatro: '4', cinco: '5', seis: '6', siete: '7' },
  ...{ ocho: '8', nueve: '9', um: '1', dois: '2', duas: '2', três: '3', quatro: '4', sete: '7', oito: '8' },
  ...{ nove: '9', due: '2', tre: '3', quattro: '4', cinque: '5', sei: '6', sette: '7', otto: '8' },
  // French, German.
  ...{ zéro: '0', un: '1', deux: '2', trois: '3', quatre: '4', cinq: '5', sept: '7', huit: '8', neuf: '9' },
  ...{ null: '0', eins: '1', zwei: '2', drei: '3', vier: '4', fünf: '5', sechs: '6', sieben: '7', acht: '8' },
  ...{ neun: '9' },
  // Russian, Ukrainian.
  ...{ ноль: '0', нуль: '0', один: '1', одна: '1', два: '2', две: '2', дві: '2', три: '3', четыре: '4' },
  ...{ чотири: '4', пять: '5', "п'ять": '5', 'п’ять': '5', шесть: '6', шість: '6', семь: '7', сім: '7' },
  ...{ восемь: '8', вісім: '8', девять: '9', "дев'ять": '9', 'дев’ять': '9' },
  // Swahili, Indonesian and Malay, Tagalog: the mobile-money PINs of East Africa and Southeast Asia are said aloud
  // to assistants too ("PIN ya Airtel Money ni tano, tatu, nane, mbili").
  ...{ sifuri: '0', moja: '1', mbili: '2', tatu: '3', nne: '4', tano: '5', sita: '6', saba: '7', nane: '8' },
  ...{ tisa: '9', nol: '0', kosong: '0', satu: '1', dua: '2', tiga: '3', empat: '4', lima: '5', enam: '6' },
  ...{ tujuh: '7', delapan: '8', lapan: '8', sembilan: '9', isa: '1', dalawa: '2', tatlo: '3', apat: '4' },
  ...{ anim: '6', pito: '7', walo: '8', siyam: '9' },
  // Turkish and Azerbaijani, Vietnamese, Korean (Sino-Korean, said one syllable a digit).
  ...{ sıfır: '0', bir: '1', iki: '2', üç: '3', dört: '4', dörd: '4', beş: '5', altı: '6', yedi: '7' },
  ...{
    yeddi: '7',
    sekiz: '8',
    səkkiz: '8',
    dokuz: '9',
    doqquz: '9',
    không: '0',
    một: '1',
    hai: '2',
    ba: '3',
  },
  ...{ bốn: '4', năm: '5', lăm: '5', sáu: '6', bảy: '7', tám: '8', chín: '9', 공: '0', 영: '0', 일: '1' },
  ...{ 이: '2', 삼: '3', 사: '4', 오: '5', 육: '6', 칠: '7', 팔: '8', 구: '9' },
  // Bosnian, Croatian, Serbian (Latin and Cyrillic), Macedonian, Slovene (два is the Russian entry's).
  ...{ nula: '0', jedan: '1', jedna: '1', dva: '2', dvije: '2', tri: '3', četiri: '4', pet: '5', šest: '6' },
  ...{ sedam: '7', osam: '8', devet: '9', нула: '0', један: '1', еден: '1', четири: '4', пет: '5' },
  ...{ шест: '6', седам: '7', седум: '7', осам: '8', осум: '8', девет: '9', ena: '1', štiri: '4' },
  // Armenian, Tajik, Quechua, Guarani, Tongan.
  ...{ զրո: '0', մեկ: '1', երկու: '2', երեք: '3', չորս: '4', հինգ: '5', վեց: '6', յոթ: '7', ութ: '8' },
  ...{ ինը: '9', сифр: '0', як: '1', ду: '2', се: '3', чор: '4', панҷ: '5', шаш: '6', ҳафт: '7', ҳашт: '8' },
  ...{ нӯҳ: '9', "ch'usaq": '0', huk: '1', iskay: '2', kimsa: '3', tawa: '4', pichqa: '5', suqta: '6' },
  ...{ qanchis: '7', pusaq: '8', isqun: '9', peteĩ: '1', mokõi: '2', mbohapy: '3', irundy: '4', poteĩ: '6' },
  ...{ pokõi: '7', poapy: '8', porundy: '9', noa: '0', taha: '1', ua: '2', tolu: '3', fā: '4', nima: '5' },
  ...{ ono: '6', fitu: '7', valu: '8', hiva: '9' },
  // Uzbek (nol is the Indonesian entry's) and Kazakh.
  ...{ ikki: '2', uch: '3', "to'rt": '4', 'to‘rt': '4', besh: '5', olti: '6', yetti: '7' },
  ...{ sakkiz: '8', "to'qqiz": '9', 'to‘qqiz': '9', нөл: '0', бір: '1', екі: '2', үш: '3', төрт: '4' },
  ...{ бес: '5', алты: '6', жеті: '7', сегіз: '8', тоғыз: '9' },
});

/**
 * English words a transcript writes for a digit it heard ("five ate seven dash ... for seven"): digits only beside
 * a digit word, never alone ("ate", "for" and "to" are everyday words).
 */
const HOMOPHONES: Readonly<Record<string, string>> = Object.freeze({
  ate: '8',
  for: '4',
  fore: '4',
  to: '2',
  too: '2',
  won: '1',
});

/** Separators said aloud inside a number ("five eight seven dash six five", "uno punto cero seis", "traço"). */
const SPOKEN_SEPARATORS = new Set([
  ...['dash', 'hyphen', 'guion', 'guión', 'punto', 'ponto', 'traço', 'tiret', 'trattino', 'strich', 'тире'],
  ...['крапка', 'точка', 'dot', 'point', '다시'],
]);

/** English digit words: after one of them, "um" is a pause, not Portuguese "one". */
const ENGLISH_DIGITS = new Set([
  'zero',
  'oh',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
]);

/**
 * What people say while reading a number out ("one zero zero, uh, seven eight"), which transcripts keep. A pause word
 * between two digit words keeps the run going; one followed by a comma or dots is dropped from the view.
 */
const PAUSES = new Set([
  'uh',
  'uhh',
  'uhm',
  'um',
  'umm',
  'erm',
  'hmm',
  'ah',
  'е-е',
  'э-э',
  'ээ',
  'ну',
  'eh',
  'ehh',
  'mmm',
]);
const PAUSE_BEFORE_PUNCTUATION = new RegExp(
  `(?<![\\p{L}'’-])(?:${phrasePattern([...PAUSES])})(?:\\.{2,}|…|,)\\s*`,
  'giu',
);

/** Fewer digit words in a row are ordinary speech ("one or two", "dos tres veces"). */
const MIN_RUN = 4;

// A word, with an apostrophe inside it ("дев'ять") or a hyphen between one-letter halves ("е-е").
const WORD = /\p{L}+(?:['’ʼ-]\p{L}+)*/gu;
// Between two digit words: spaces, commas, hyphens, dots ("five nine three... one eight zero").
const BETWEEN = /^[\s,.…-]+$/;

const lower = (word: RegExpMatchArray) => word[0].toLowerCase();

/**
 * The text with each run of at least four digit words (separated by spaces, commas, hyphens, dots, pause words or
 * separators said aloud; a homophone such as "ate" counts beside a digit word)
 * replaced by its digits, and the pauses before a comma or dots dropped; the same text when there is neither.
 * Offsets differ from the original's: use it to decide, not to redact.
 */
export function spellOutDigits(text: string): string {
  const words = [...text.matchAll(WORD)];
  const digitOf = (word: RegExpMatchArray) => DIGIT_WORDS[lower(word)] ?? HOMOPHONES[lower(word)];
  const isWordDigit = (k: number, previous: RegExpMatchArray | undefined) =>
    DIGIT_WORDS[lower(words[k]!)] !== undefined &&
    !(lower(words[k]!) === 'um' && previous !== undefined && ENGLISH_DIGITS.has(lower(previous)));
  // A homophone counts beside a digit word: the one before it in the run, or the next word.
  const isDigit = (k: number, previous: RegExpMatchArray | undefined) =>
    isWordDigit(k, previous) ||
    (HOMOPHONES[lower(words[k]!)] !== undefined &&
      ((previous !== undefined && digitOf(previous) !== undefined) ||
        (k + 1 < words.length && DIGIT_WORDS[lower(words[k + 1]!)] !== undefined)));
  let out = '';
  let at = 0;
  for (let i = 0; i < words.length; ) {
    if (!isDigit(i, undefined)) {
      i++;
      continue;
    }
    const run = [i];
    let k = i + 1;
    while (k < words.length) {
      const last = words[run.at(-1)!]!;
      // Pause words between two digit words do not end the run.
      let next = k;
      while (
        next < words.length &&
        (PAUSES.has(lower(words[next]!)) || SPOKEN_SEPARATORS.has(lower(words[next]!))) &&
        !isDigit(next, last)
      )
        next++;
      if (next >= words.length || !isDigit(next, last)) break;
      const gap = [...words.slice(run.at(-1)! + 1, next), words[next]!];
      let end = last.index! + last[0].length;
      const joined = gap.every((w) => {
        const ok = BETWEEN.test(text.slice(end, w.index));
        end = w.index! + w[0].length;
        return ok;
      });
      if (!joined) break;
      run.push(next);
      k = next + 1;
    }
    if (run.length >= MIN_RUN) {
      const first = words[i]!;
      const last = words[run.at(-1)!]!;
      out += text.slice(at, first.index);
      out += run.map((r) => digitOf(words[r]!)).join('');
      at = last.index! + last[0].length;
      i = run.at(-1)! + 1;
    } else {
      i++;
    }
  }
  const spelled = at === 0 ? text : out + text.slice(at);
  return spelled.replace(PAUSE_BEFORE_PUNCTUATION, '');
}
