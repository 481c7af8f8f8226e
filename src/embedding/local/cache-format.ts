// The binary cache file of the word table: encode and decode, with no file-system access.
import { type PackedWords, packedLookup, packWords } from './packed-words.ts';
import type { WordTable } from './word-table.ts';

const MAGIC = 'ENGRAMWV';
/** Bump when the layout or anything that shapes the rows (vocabulary, quantisation, common component) changes. */
export const CACHE_FORMAT_VERSION = 1;

/** What the cache was built from; a cache whose source no longer matches is rebuilt. */
export interface CacheSource {
  package: string;
  version: string;
  bytes: number;
}

/** The JSON header stored after the magic and length fields. */
export interface CacheHeader {
  formatVersion: number;
  source: CacheSource;
  dimensions: number;
  rows: number;
  slots: number;
  wordBytes: number;
  sourceVocabularySize: number;
  commonComponent: number[];
}

/**
 * Layout: "ENGRAMWV", u32 header length, JSON header (space-padded to 4 bytes), then u32 hash slots, u32 word
 * offsets, f32 row scales, int8 rows, UTF-8 words. Loading is one read plus typed-array views over it: no
 * parsing, no per-word work, which keeps the load of all 341k words near 0.1 s (docs/benchmarks/local-embedder.md). Numbers are in
 * the host's byte order; the cache is built and read on the same machine.
 */
export function encodeCache(words: readonly string[], table: WordTable, source: CacheSource): Buffer {
  if (!(table.values instanceof Int8Array)) throw new Error('cache: only int8 tables are stored');
  if (words.length !== table.size) throw new Error('cache: words and table differ in length');
  const packed = packWords(words);
  const header: CacheHeader = {
    formatVersion: CACHE_FORMAT_VERSION,
    source,
    dimensions: table.dimensions,
    rows: table.size,
    slots: packed.slots.length,
    wordBytes: packed.bytes.length,
    sourceVocabularySize: table.sourceVocabularySize,
    commonComponent: Array.from(table.commonComponent),
  };
  let json = JSON.stringify(header);
  json += ' '.repeat((4 - ((12 + Buffer.byteLength(json)) % 4)) % 4);
  const headerBytes = Buffer.from(json, 'utf8');
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, 8);
  return Buffer.concat([
    prefix,
    headerBytes,
    bytesOf(packed.slots),
    bytesOf(packed.offsets),
    bytesOf(table.scales),
    bytesOf(table.values),
    bytesOf(packed.bytes),
  ]);
}

/** Parses a cache file; throws on anything unexpected (wrong magic, version or length) so it gets rebuilt. */
export function decodeCache(file: Buffer): { header: CacheHeader; table: WordTable } {
  if (file.length < 12 || file.toString('latin1', 0, 8) !== MAGIC)
    throw new Error('cache: not a word-table cache');
  const headerLength = file.readUInt32LE(8);
  const header = JSON.parse(file.toString('utf8', 12, 12 + headerLength)) as CacheHeader;
  if (header.formatVersion !== CACHE_FORMAT_VERSION) throw new Error('cache: format version differs');
  const { rows, slots, dimensions, wordBytes } = header;
  if (header.commonComponent.length !== dimensions) throw new Error('cache: bad common component');
  const expected = 12 + headerLength + 4 * slots + 4 * (rows + 1) + 4 * rows + rows * dimensions + wordBytes;
  if (file.length !== expected || (12 + headerLength) % 4 !== 0)
    throw new Error('cache: length does not match');
  // Typed-array views need 4-byte alignment; a large read is its own allocation at offset 0, so this copy is
  // a fallback that normally never runs.
  const data = file.byteOffset % 4 === 0 ? file : Buffer.from(file);
  let at = data.byteOffset + 12 + headerLength;
  const take = <T>(
    make: (buffer: ArrayBufferLike, offset: number, length: number) => T,
    count: number,
    width: number,
  ): T => {
    const view = make(data.buffer, at, count);
    at += count * width;
    return view;
  };
  const packed: PackedWords = {
    slots: take((b, o, n) => new Uint32Array(b, o, n), slots, 4),
    offsets: take((b, o, n) => new Uint32Array(b, o, n), rows + 1, 4),
    bytes: new Uint8Array(0),
  };
  const scales = take((b, o, n) => new Float32Array(b, o, n), rows, 4);
  const values = take((b, o, n) => new Int8Array(b, o, n), rows * dimensions, 1);
  packed.bytes = take((b, o, n) => new Uint8Array(b, o, n), wordBytes, 1);
  if (packed.offsets[rows] !== wordBytes) throw new Error('cache: word offsets do not match');
  return {
    header,
    table: {
      dimensions,
      sourceVocabularySize: header.sourceVocabularySize,
      size: rows,
      rowOf: packedLookup(packed),
      scales,
      values,
      commonComponent: Float32Array.from(header.commonComponent),
    },
  };
}

function bytesOf(array: ArrayBufferView): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
