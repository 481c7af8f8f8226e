// The shipped multilingual calibration set (data/calibration/multilingual-pairs.jsonl) is a valid pairs file for
// `engram calibrate`, with relevant and unrelated pairs, Chinese, Japanese and Korean ones and cross-language ones.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { loadCalibrationPairs } from '../../src/embedding/calibration.ts';
import { hasCjk } from '../../src/language/scripts.ts';

it('the multilingual calibration pairs parse and cover both labels, CJK and cross-language pairs', async () => {
  const text = await readFile(
    new URL('../../data/calibration/multilingual-pairs.jsonl', import.meta.url),
    'utf8',
  );
  const pairs = loadCalibrationPairs(text);
  expect(pairs.length).toBeGreaterThanOrEqual(40);
  const cjk = pairs.filter((p) => hasCjk(p.query) && hasCjk(p.memory));
  expect(new Set(cjk.map((p) => p.relevant))).toEqual(new Set([true, false]));
  expect(pairs.filter((p) => hasCjk(p.query) !== hasCjk(p.memory)).length).toBeGreaterThanOrEqual(3);
  const relevant = pairs.filter((p) => p.relevant).length;
  expect(relevant / pairs.length).toBeGreaterThan(0.4);
  expect(relevant / pairs.length).toBeLessThan(0.6);
});
