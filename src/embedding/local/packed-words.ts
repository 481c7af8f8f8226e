// A word -> row lookup stored as flat arrays, so loading it from the cache costs no parsing and no hashing.

/** FNV-1a over UTF-16 code units: the same on every run and platform, which the stored slots rely on. */
export function wordHash(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The vocabulary as UTF-8 bytes, byte offsets per row, and an open-addressing hash table over rows. */
export interface PackedWords {
  /** Power-of-two length, at most half full; each slot is row + 1, or 0 when empty. */
  slots: Uint32Array;
  /** rows + 1 byte offsets into `bytes`: row r is bytes[offsets[r], offsets[r + 1]). */
  offsets: Uint32Array;
  bytes: Uint8Array;
}

/**
 * Packs words (row = position). Why not a Map built at load: for 341k words that alone takes 100 to 300 ms
 * on this machine, whereas these arrays are views over the file read. Duplicate words keep their first row.
 */
export function packWords(words: readonly string[]): PackedWords {
  const encoded = words.map((word) => Buffer.from(word, 'utf8'));
  const offsets = new Uint32Array(words.length + 1);
  for (let row = 0; row < words.length; row++) offsets[row + 1] = offsets[row]! + encoded[row]!.length;
  const bytes = new Uint8Array(offsets[words.length]!);
  for (let row = 0; row < words.length; row++) bytes.set(encoded[row]!, offsets[row]!);
  let size = 2;
  while (size < words.length * 2) size *= 2;
  const slots = new Uint32Array(size);
  const mask = size - 1;
  const seen = new Set<string>();
  for (let row = 0; row < words.length; row++) {
    const word = words[row]!;
    if (seen.has(word)) continue;
    seen.add(word);
    let slot = wordHash(word) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = row + 1;
  }
  return { slots, offsets, bytes };
}

/** The row of a word in packed words, or undefined; linear probing, so a miss stops at the first empty slot. */
export function packedLookup(packed: PackedWords): (word: string) => number | undefined {
  const { slots, offsets } = packed;
  const bytes = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
  const mask = slots.length - 1;
  return (word) => {
    for (let slot = wordHash(word) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return undefined;
      const row = entry - 1;
      const start = offsets[row]!;
      const end = offsets[row + 1]!;
      // Bytes are at least as many as UTF-16 units, and equal for ASCII: a cheap filter before decoding.
      if (end - start >= word.length && bytes.toString('utf8', start, end) === word) return row;
    }
  };
}

/** The word at a row (for tests and diagnostics; lookups never need it). */
export function packedWordAt(packed: PackedWords, row: number): string {
  return Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength).toString(
    'utf8',
    packed.offsets[row]!,
    packed.offsets[row + 1]!,
  );
}
