import { describe, expect, it } from 'vitest';
import { chooseThreshold, type ScoredPair } from '../../src/embedding/calibration.ts';
import { renderCalibrationSvg } from '../../src/embedding/calibration-plot.ts';

const scored: ScoredPair[] = [
  ...[0.9, 0.8, 0.75, 0.7, 0.6].map((score) => ({ score, relevant: true })),
  ...[0.5, 0.4, 0.3, 0.3, 0.1, 0.62].map((score) => ({ score, relevant: false })),
];

describe('renderCalibrationSvg', () => {
  const result = chooseThreshold(scored);
  const svg = renderCalibrationSvg(scored, result, { title: 'Scores <local> & "friends"' });

  it('draws the threshold line where the threshold is on the x axis', () => {
    // Scores span [0.1, 0.9], so the axis runs 0.1..0.9 over 720 - 55 - 20 = 645 px from x = 55.
    const expectedX = Math.round((55 + ((result.threshold - 0.1) / 0.8) * 645) * 100) / 100;
    const line = /<line id="threshold" x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"/.exec(svg);
    expect(line).not.toBeNull();
    expect(Number(line![1])).toBe(expectedX);
    expect(line![2]).toBe(line![1]);
    expect(svg).toContain(`threshold ${result.threshold.toFixed(3)}`);
  });

  it('has both histograms, whose bars add up to the pairs of each class', () => {
    const total = (label: string): number =>
      [...svg.matchAll(new RegExp(`<title>${label}: (\\d+)</title>`, 'g'))].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
    expect(total('relevant')).toBe(5);
    expect(total('irrelevant')).toBe(6);
  });

  it('labels the axes, shows a legend and escapes the title', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('cosine similarity of query and memory');
    expect(svg).toContain('>pairs</text>');
    expect(svg).toContain('relevant (5)');
    expect(svg).toContain('irrelevant (6)');
    expect(svg).toContain('threshold (f1)');
    expect(svg).toContain('Scores &#60;local&#62; &#38; &#34;friends&#34;');
    expect(svg).not.toContain('<local>');
  });

  it('refuses to plot nothing', () => {
    expect(() => renderCalibrationSvg([], result)).toThrow(/no pairs/);
  });
});
