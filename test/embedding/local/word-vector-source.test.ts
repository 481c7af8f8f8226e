import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWordVectors } from '../../../src/embedding/local/word-vector-source.ts';
import { FIXTURE_WORDS, fixtureJson, fixtureVectors } from './fixture-vectors.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'engram-word-source-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(root, name);
  await writeFile(path, text);
  return path;
}

describe('readWordVectors', () => {
  it('returns words in rank order with their vectors, reporting progress in tenths', async () => {
    const path = await file('all.json', fixtureJson(4));
    const tenths: number[] = [];
    const read = await readWordVectors(path, Number.POSITIVE_INFINITY, (fraction) => tenths.push(fraction));
    const expected = fixtureVectors(4);
    expect(read.words).toEqual(FIXTURE_WORDS);
    expect(read.dimensions).toBe(4);
    expect(read.sourceVocabularySize).toBe(FIXTURE_WORDS.length);
    expect(Array.from(read.vectors)).toEqual(Array.from(expected.vectors));
    expect(tenths).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it('fails when a word among the most frequent has no vector', async () => {
    const json = fixtureJson(4).replace(/"apple":\[[^\]]*\],?/, '');
    const path = await file('missing.json', json.replace(',}', '}'));
    await expect(readWordVectors(path, 10)).rejects.toThrow(
      /only 9 of the 10 most frequent words have vectors/,
    );
  });

  it('fails on an entry with too few numbers', async () => {
    const path = await file('short.json', fixtureJson(4).replace(/"banana":\[[^\]]*\]/, '"banana":[1,2]'));
    await expect(readWordVectors(path, 10)).rejects.toThrow(/malformed entry \(2 numbers\)/);
  });
});
