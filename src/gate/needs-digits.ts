// Detectors whose every finding holds an ASCII digit (cards, IBANs, SSNs, CPFs, national ids, passports, phones,
// one-time and access codes: their values are matched by \d or counted as digits) run only on a text that has
// one. Nearly every chat turn has none (2,730 of LoCoMo's 2,760), and on those turns these detectors were about
// half of the gate's time (a CPU profile). A digit view of the text (spoken digits, OCR, other scripts' digits:
// detection-views.ts) is a text of its own, tested when it is passed. Pure.

const ASCII_DIGIT = /[0-9]/;

/** `detect`, returning nothing at once for a text without an ASCII digit (where it could find nothing). */
export function onlyWithDigits<F>(detect: (text: string) => F[]): (text: string) => F[] {
  return (text) => (ASCII_DIGIT.test(text) ? detect(text) : []);
}
