import { describe, expect, it } from 'vitest';
import {
  parseNumbers,
  type WinkHeader,
  WinkJsonScanner,
} from '../../../src/embedding/local/wink-json-scanner.ts';

/** A small file in the wink layout; "vectors" is also a word, as in the real file. */
const FILE =
  '{"precision":8,"l2NormIndex":2,"wordIndex":3,"size":4,"dimensions":2,' +
  '"words":["the","vectors","\\"","caf\u00e9"],' +
  '"vectors":{"the":[0.5,-1.25,1.35,0],"vectors":[1e-3,2.5E+1,25,1],' +
  '"\\"":[-0.000001,3,3,2], "caf\u00e9" : [ 7 , -8 , 10.6 , 3 ]},' +
  '"unkVector":[0,0,0,-1]}';

function scan(chunks: Buffer[], stopAfter = Number.POSITIVE_INFINITY) {
  const headers: WinkHeader[] = [];
  const entries: Array<[string, number[]]> = [];
  const scanner = new WinkJsonScanner({
    onHeader: (header) => headers.push(header),
    onEntry: (word, values) => {
      entries.push([word, Array.from(values)]);
      return entries.length < stopAfter;
    },
  });
  for (const chunk of chunks) {
    scanner.push(chunk);
    if (scanner.done) break;
  }
  if (!scanner.done) scanner.end();
  return { headers, entries, done: scanner.done };
}

const EXPECTED: Array<[string, number[]]> = [
  ['the', [0.5, -1.25, 1.35, 0]],
  ['vectors', [0.001, 25, 25, 1]],
  ['"', [-0.000001, 3, 3, 2]],
  ['caf\u00e9', [7, -8, 10.6, 3]],
];

describe('WinkJsonScanner', () => {
  it('reads the header and every entry, decoding escapes and UTF-8', () => {
    const { headers, entries, done } = scan([Buffer.from(FILE, 'utf8')]);
    expect(headers).toEqual([{ dimensions: 2, size: 4, l2NormIndex: 2, wordIndex: 3 }]);
    expect(entries).toEqual(EXPECTED);
    expect(done).toBe(true);
  });

  it('gives the same result whatever the chunk boundaries, even inside a UTF-8 character', () => {
    const bytes = Buffer.from(FILE, 'utf8');
    for (let size = 1; size <= 17; size++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(scan(chunks).entries).toEqual(EXPECTED);
    }
  });

  it('stops when the handler returns false', () => {
    const { entries, done } = scan([Buffer.from(FILE, 'utf8')], 2);
    expect(entries.map(([word]) => word)).toEqual(['the', 'vectors']);
    expect(done).toBe(true);
  });

  it('fails clearly on a truncated file, a missing header field or a bad number', () => {
    expect(() => scan([Buffer.from(FILE.slice(0, 150), 'utf8')])).toThrow(
      /ended inside the "vectors" object/,
    );
    expect(() => scan([Buffer.from('{"words":[]}', 'utf8')])).toThrow(/header field "dimensions" is missing/);
    expect(() => scan([Buffer.from(FILE.replace('1.35', '1.3x5'), 'utf8')])).toThrow(/bad number "1.3x5"/);
    expect(() => scan([Buffer.from(FILE.replace('"vectors":{', '"vectors":['), 'utf8')])).toThrow(
      /"vectors" is not an object/,
    );
  });
});

describe('parseNumbers', () => {
  it('matches Number() exactly on the shapes the file uses', () => {
    const samples = [
      '0.034102',
      '-0.15408',
      '3.24940891',
      '341477',
      '-0',
      '1e-05',
      '-2.5E+3',
      '0.12345678901234567',
    ];
    const text = Buffer.from(samples.join(','), 'latin1');
    const out = new Float64Array(samples.length);
    expect(parseNumbers(text, 0, text.length, out)).toBe(samples.length);
    expect(Array.from(out)).toEqual(samples.map(Number));
  });
});
