// Incremental reader of the wink word-vector JSON: yields each vector entry without building the 1 GB object.

/** The numeric fields at the top of the file. */
export interface WinkHeader {
  /** Vector components per word. */
  dimensions: number;
  /** Words in the file. */
  size: number;
  /** Position, inside each entry's array, of the vector's L2 norm. */
  l2NormIndex: number;
  /** Position, inside each entry's array, of the word's frequency rank (0 = most frequent). */
  wordIndex: number;
}

/**
 * Called per entry with the word and its numbers (components, then norm and rank); return false to stop.
 * `values` is only valid during the call.
 */
export type WinkEntryHandler = (word: string, values: Float64Array) => boolean | undefined;

const HEADER_FIELDS = ['dimensions', 'size', 'l2NormIndex', 'wordIndex'] as const;
const VECTORS_KEY = Buffer.from('"vectors"', 'latin1');
const WORDS_KEY = Buffer.from('"words"', 'latin1');
/** More than any entry (~1 KB); a pending tail this long means a malformed file, not a slow one. */
const MAX_PENDING_BYTES = 1 << 20;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Feed it the file as byte chunks of any size (a chunk may end mid-entry, even mid-character). It reads the
 * header fields from before the `words` array, skips that array, then parses the `vectors` object one entry
 * at a time: `"word":[n, n, ...]`. It works on bytes, not text, because decoding 300 MB to strings and
 * reading them back char by char was most of the cost. Why not JSON.parse the whole file: about 10 s and
 * 1 GB of heap, for words we may not keep.
 */
export class WinkJsonScanner {
  #pending: Buffer = Buffer.alloc(0);
  #state: 'header' | 'vectors' | 'done' = 'header';
  #header: WinkHeader | undefined;
  readonly #onHeader: (header: WinkHeader) => void;
  readonly #onEntry: WinkEntryHandler;
  /** Reused for every entry: the handler must copy what it keeps before returning. */
  readonly #values = new Float64Array(4096);

  constructor(handlers: { onHeader: (header: WinkHeader) => void; onEntry: WinkEntryHandler }) {
    this.#onHeader = handlers.onHeader;
    this.#onEntry = handlers.onEntry;
  }

  /** True once the vectors object has ended or a handler asked to stop: the caller can stop reading. */
  get done(): boolean {
    return this.#state === 'done';
  }

  push(chunk: Uint8Array): void {
    if (this.#state === 'done') return;
    this.#pending = this.#pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#pending, chunk]);
    if (this.#state === 'header') this.#readHeader();
    if (this.#state === 'vectors') this.#readEntries();
    if (this.#state === 'vectors' && this.#pending.length > MAX_PENDING_BYTES) {
      throw new Error(
        'word-vector file: an entry is longer than 1 MB; the file is not in the expected format',
      );
    }
  }

  /** Call after the last chunk: fails if the file ended before the vectors object was complete. */
  end(): void {
    if (this.#state === 'header') throw new Error('word-vector file: no "vectors" object found');
    if (this.#state === 'vectors') throw new Error('word-vector file: ended inside the "vectors" object');
  }

  #readHeader(): void {
    const data = this.#pending;
    if (this.#header === undefined) {
      const wordsAt = data.indexOf(WORDS_KEY);
      const vectorsAt = data.indexOf(VECTORS_KEY);
      const headerEnd = wordsAt >= 0 ? wordsAt : vectorsAt;
      if (headerEnd < 0) return;
      this.#parseHeader(data.toString('utf8', 0, headerEnd));
    }
    // "vectors" is also a word in the words array: the key is the occurrence followed by a colon.
    for (let keyAt = data.indexOf(VECTORS_KEY); keyAt >= 0; keyAt = data.indexOf(VECTORS_KEY, keyAt + 1)) {
      const colon = skipSpace(data, keyAt + VECTORS_KEY.length);
      if (colon >= data.length) break;
      if (data[colon] !== COLON) continue;
      const brace = skipSpace(data, colon + 1);
      if (brace >= data.length) break;
      if (data[brace] !== OPEN_BRACE) throw new Error('word-vector file: "vectors" is not an object');
      this.#pending = data.subarray(brace + 1);
      this.#state = 'vectors';
      return;
    }
    // Still in the words array: keep only a tail that could hold the start of a split key and its colon.
    this.#pending = Buffer.from(data.subarray(Math.max(0, data.length - 64)));
  }

  #parseHeader(prefix: string): void {
    const fields: Partial<Record<(typeof HEADER_FIELDS)[number], number>> = {};
    for (const name of HEADER_FIELDS) {
      const found = new RegExp(`"${name}"\\s*:\\s*(\\d+)`).exec(prefix);
      if (!found?.[1]) throw new Error(`word-vector file: header field "${name}" is missing`);
      fields[name] = Number(found[1]);
    }
    this.#header = fields as WinkHeader;
    this.#onHeader(this.#header);
  }

  #readEntries(): void {
    const data = this.#pending;
    let pos = 0;
    for (;;) {
      pos = skipSeparators(data, pos);
      if (pos >= data.length) break;
      if (data[pos] === CLOSE_BRACE) {
        this.#state = 'done';
        break;
      }
      if (data[pos] !== QUOTE) {
        throw new Error(
          `word-vector file: unexpected "${String.fromCharCode(data[pos]!)}" in the vectors object`,
        );
      }
      const keyEnd = endOfString(data, pos);
      if (keyEnd < 0) break;
      const colon = skipSpace(data, keyEnd + 1);
      if (colon >= data.length) break;
      if (data[colon] !== COLON) throw new Error('word-vector file: expected ":" after a word');
      const open = skipSpace(data, colon + 1);
      if (open >= data.length) break;
      if (data[open] !== OPEN_BRACKET) throw new Error('word-vector file: expected "[" after a word');
      const close = data.indexOf(CLOSE_BRACKET, open);
      if (close < 0) break;
      const word = decodeKey(data, pos, keyEnd);
      const count = parseNumbers(data, open + 1, close, this.#values);
      pos = close + 1;
      if (this.#onEntry(word, this.#values.subarray(0, count)) === false) {
        this.#state = 'done';
        break;
      }
    }
    // Copy the unfinished tail so the finished chunk can be freed.
    this.#pending = Buffer.from(data.subarray(pos));
  }
}

/** The JSON string data[start..end] (quotes included) as text; JSON.parse only when it has escapes. */
function decodeKey(data: Buffer, start: number, end: number): string {
  for (let i = start + 1; i < end; i++) {
    if (data[i] === BACKSLASH) return JSON.parse(data.toString('utf8', start, end + 1)) as string;
  }
  return data.toString('utf8', start + 1, end);
}

/** Index of the quote closing the JSON string that opens at `start`, or -1 if the data ends first. */
function endOfString(data: Uint8Array, start: number): number {
  for (let i = start + 1; i < data.length; i++) {
    const byte = data[i];
    if (byte === BACKSLASH) i++;
    else if (byte === QUOTE) return i;
  }
  return -1;
}

function isSpace(byte: number): boolean {
  return byte === 32 || byte === 9 || byte === 10 || byte === 13;
}

function skipSpace(data: Uint8Array, from: number): number {
  let pos = from;
  while (pos < data.length && isSpace(data[pos]!)) pos++;
  return pos;
}

/** Skips whitespace and the commas between entries or numbers. */
function skipSeparators(data: Uint8Array, from: number): number {
  let pos = from;
  while (pos < data.length && (data[pos] === 44 || isSpace(data[pos]!))) pos++;
  return pos;
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

/**
 * Parses the comma-separated JSON numbers of data[start, end) into `out` and returns how many there were.
 * Digits are gathered as an integer and divided once by an exact power of ten, which rounds correctly while
 * they fit in 15 digits; longer numbers and exponents beyond the table fall back to Number().
 */
export function parseNumbers(data: Uint8Array, start: number, end: number, out: Float64Array): number {
  let count = 0;
  let pos = skipSeparators(data, start);
  while (pos < end) {
    const numberStart = pos;
    let byte = data[pos]!;
    const negative = byte === 45;
    if (negative) pos++;
    let mantissa = 0;
    let digits = 0;
    let decimals = 0;
    let inFraction = false;
    for (; pos < end; pos++) {
      byte = data[pos]!;
      if (byte >= 48 && byte <= 57) {
        mantissa = mantissa * 10 + (byte - 48);
        digits++;
        if (inFraction) decimals++;
      } else if (byte === 46 && !inFraction) inFraction = true;
      else break;
    }
    let exponent = 0;
    let valid = digits > 0;
    if (pos < end && (byte === 101 || byte === 69)) {
      pos++;
      const sign = data[pos] === 45 ? -1 : 1;
      if (data[pos] === 45 || data[pos] === 43) pos++;
      const exponentStart = pos;
      for (; pos < end; pos++) {
        byte = data[pos]!;
        if (byte < 48 || byte > 57) break;
        exponent = exponent * 10 + (byte - 48);
      }
      valid &&= pos > exponentStart;
      exponent *= sign;
    }
    const next = skipSeparators(data, pos);
    // A number must be followed by a comma or whitespace (or the end), never glued to other text.
    if (!valid || (pos < end && next === pos)) {
      let tokenEnd = pos;
      while (tokenEnd < end && tokenEnd < numberStart + 20 && data[tokenEnd] !== 44) tokenEnd++;
      const sample = Buffer.from(data.subarray(numberStart, tokenEnd)).toString('latin1');
      throw new Error(`word-vector file: bad number "${sample}"`);
    }
    if (count >= out.length) throw new Error('word-vector file: an entry has too many numbers');
    const scale = decimals - exponent;
    if (digits <= 15 && scale >= 0 && scale < POWERS_OF_TEN.length) {
      const value = mantissa / POWERS_OF_TEN[scale]!;
      out[count++] = negative ? -value : value;
    } else {
      out[count++] = Number(Buffer.from(data.subarray(numberStart, pos)).toString('latin1'));
    }
    pos = next;
  }
  return count;
}
