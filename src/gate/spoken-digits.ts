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
});

/** Fewer digit words in a row are ordinary speech ("one or two", "dos tres veces"). */
const MIN_RUN = 4;

const WORD = /\p{L}+/gu;

/**
 * The text with each run of at least four digit words (separated by spaces, commas or hyphens) replaced by its
 * digits; the same text when there is none. Offsets differ from the original's: use it to decide, not to redact.
 */
export function spellOutDigits(text: string): string {
  const words = [...text.matchAll(WORD)];
  let out = '';
  let at = 0;
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (
      j < words.length &&
      DIGIT_WORDS[words[j]![0].toLowerCase()] !== undefined &&
      (j === i ||
        /^[\s,-]+$/.test(text.slice(words[j - 1]!.index + words[j - 1]![0].length, words[j]!.index)))
    )
      j++;
    if (j - i >= MIN_RUN) {
      const first = words[i]!;
      const last = words[j - 1]!;
      out += text.slice(at, first.index);
      out += words
        .slice(i, j)
        .map((w) => DIGIT_WORDS[w[0].toLowerCase()])
        .join('');
      at = last.index + last[0].length;
      i = j;
    } else {
      i = Math.max(j, i + 1);
    }
  }
  return at === 0 ? text : out + text.slice(at);
}
