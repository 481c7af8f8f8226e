// Numbers said aloud: voice assistants write what they hear ("hey google remember my bank pin is four four seven
// one"), so a PIN, a card or an SSN reaches the gate as words. The detectors read digits; this gives them a view
// of the text with every run of four or more digit words written as the digits they say. Pure.

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
});

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
const PAUSES = new Set(['uh', 'uhh', 'uhm', 'um', 'umm', 'erm', 'hmm', 'ah', 'е-е', 'э-э', 'ээ', 'ну']);
const PAUSE_BEFORE_PUNCTUATION = /(?<![\p{L}'’-])(?:uhh?|uhm|umm?|erm|hmm|ah|е-е|э-э|ээ)(?:\.{2,}|…|,)\s*/giu;

/** Fewer digit words in a row are ordinary speech ("one or two", "dos tres veces"). */
const MIN_RUN = 4;

// A word, with an apostrophe inside it ("дев'ять") or a hyphen between one-letter halves ("е-е").
const WORD = /\p{L}+(?:['’ʼ-]\p{L}+)*/gu;
// Between two digit words: spaces, commas, hyphens, dots ("five nine three... one eight zero").
const BETWEEN = /^[\s,.…-]+$/;

const lower = (word: RegExpMatchArray) => word[0].toLowerCase();

/**
 * The text with each run of at least four digit words (separated by spaces, commas, hyphens, dots or pause words)
 * replaced by its digits, and the pauses before a comma or dots dropped; the same text when there is neither.
 * Offsets differ from the original's: use it to decide, not to redact.
 */
export function spellOutDigits(text: string): string {
  const words = [...text.matchAll(WORD)];
  const isDigit = (k: number, previous: RegExpMatchArray | undefined) =>
    DIGIT_WORDS[lower(words[k]!)] !== undefined &&
    !(lower(words[k]!) === 'um' && previous !== undefined && ENGLISH_DIGITS.has(lower(previous)));
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
      while (next < words.length && PAUSES.has(lower(words[next]!)) && !isDigit(next, last)) next++;
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
      out += run.map((r) => DIGIT_WORDS[lower(words[r]!)]).join('');
      at = last.index! + last[0].length;
      i = run.at(-1)! + 1;
    } else {
      i++;
    }
  }
  const spelled = at === 0 ? text : out + text.slice(at);
  return spelled.replace(PAUSE_BEFORE_PUNCTUATION, '');
}
