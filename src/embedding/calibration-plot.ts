// Renders the calibration result as a dependency-free SVG: both score histograms and the chosen threshold.
import type { ScoredPair, ThresholdResult } from './calibration.ts';

export interface CalibrationPlotOptions {
  title?: string;
  /** Histogram bins across the plotted score range; default 20. */
  bins?: number;
  width?: number;
  height?: number;
}

const MARGIN = { top: 40, right: 20, bottom: 50, left: 55 };
const RELEVANT_COLOUR = '#2b8a3e';
const IRRELEVANT_COLOUR = '#c92a2a';
const THRESHOLD_COLOUR = '#1c4f9c';

/**
 * Overlaid histograms of relevant and irrelevant scores (semi-transparent, so overlap shows), a dashed
 * vertical line at the threshold with its value, precision and recall, axis ticks and labels, and a legend.
 * The x range is [min, max] of the scores and the threshold, widened to tenths so ticks are round.
 */
export function renderCalibrationSvg(
  pairs: readonly ScoredPair[],
  result: ThresholdResult,
  options: CalibrationPlotOptions = {},
): string {
  if (pairs.length === 0) throw new RangeError('calibration plot: no pairs');
  const bins = options.bins ?? 20;
  const width = options.width ?? 720;
  const height = options.height ?? 400;
  const title = options.title ?? 'Similarity of labelled pairs';
  const scores = pairs.map((pair) => pair.score);
  const low = Math.floor(Math.min(...scores, result.threshold) * 10) / 10;
  const high = Math.max(Math.ceil(Math.max(...scores, result.threshold) * 10) / 10, low + 0.1);
  const binWidth = (high - low) / bins;
  const count = (relevant: boolean): number[] => {
    const counts = new Array<number>(bins).fill(0);
    for (const pair of pairs) {
      if (pair.relevant !== relevant) continue;
      const bin = Math.min(bins - 1, Math.floor((pair.score - low) / binWidth));
      counts[bin]!++;
    }
    return counts;
  };
  const relevantCounts = count(true);
  const irrelevantCounts = count(false);
  // Headroom above the tallest bar keeps the legend and the threshold label clear of the bars.
  const maxCount = Math.ceil(Math.max(1, ...relevantCounts, ...irrelevantCounts) * 1.35);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const x = (score: number): number => MARGIN.left + ((score - low) / (high - low)) * plotWidth;
  const y = (value: number): number => MARGIN.top + plotHeight - (value / maxCount) * plotHeight;
  const fmt = (value: number): string => String(Math.round(value * 100) / 100);

  const bars = (counts: number[], colour: string, label: string): string =>
    counts
      .map((value, bin) => {
        if (value === 0) return '';
        const left = x(low + bin * binWidth);
        const top = y(value);
        return `<rect x="${fmt(left + 1)}" y="${fmt(top)}" width="${fmt(Math.max(1, x(low + binWidth) - x(low) - 2))}" height="${fmt(MARGIN.top + plotHeight - top)}" fill="${colour}" fill-opacity="0.5"><title>${label}: ${value}</title></rect>`;
      })
      .join('');

  const xTicks: string[] = [];
  const tickCount = Math.round((high - low) * 10);
  const tickStep = tickCount > 12 ? 2 : 1;
  for (let i = 0; i <= tickCount; i += tickStep) {
    const value = low + i / 10;
    xTicks.push(
      `<line x1="${fmt(x(value))}" y1="${MARGIN.top + plotHeight}" x2="${fmt(x(value))}" y2="${MARGIN.top + plotHeight + 5}" stroke="#333"/>` +
        `<text x="${fmt(x(value))}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle">${value.toFixed(1)}</text>`,
    );
  }
  const yTicks: string[] = [];
  const yStep = Math.max(1, Math.ceil(maxCount / 5));
  for (let value = 0; value <= maxCount; value += yStep) {
    yTicks.push(
      `<line x1="${MARGIN.left - 5}" y1="${fmt(y(value))}" x2="${MARGIN.left}" y2="${fmt(y(value))}" stroke="#333"/>` +
        `<text x="${MARGIN.left - 8}" y="${fmt(y(value) + 4)}" text-anchor="end">${value}</text>`,
    );
  }
  const thresholdX = fmt(x(result.threshold));
  const legendX = width - MARGIN.right - 190;
  const thresholdLabel = `threshold ${result.threshold.toFixed(3)} (P ${result.precision.toFixed(2)}, R ${result.recall.toFixed(2)}, F1 ${result.f1.toFixed(2)})`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
    bars(irrelevantCounts, IRRELEVANT_COLOUR, 'irrelevant'),
    bars(relevantCounts, RELEVANT_COLOUR, 'relevant'),
    `<line x1="${MARGIN.left}" y1="${MARGIN.top + plotHeight}" x2="${MARGIN.left + plotWidth}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    ...xTicks,
    ...yTicks,
    `<text x="${MARGIN.left + plotWidth / 2}" y="${height - 10}" text-anchor="middle">cosine similarity of query and memory</text>`,
    `<text x="16" y="${MARGIN.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 16 ${MARGIN.top + plotHeight / 2})">pairs</text>`,
    `<line id="threshold" x1="${thresholdX}" y1="${MARGIN.top}" x2="${thresholdX}" y2="${MARGIN.top + plotHeight}" stroke="${THRESHOLD_COLOUR}" stroke-width="2" stroke-dasharray="6 4"/>`,
    // The label goes on whichever side of the line has more room.
    x(result.threshold) < MARGIN.left + plotWidth / 2
      ? `<text x="${fmt(x(result.threshold) + 6)}" y="${MARGIN.top + 12}" fill="${THRESHOLD_COLOUR}">${escapeXml(thresholdLabel)}</text>`
      : `<text x="${fmt(x(result.threshold) - 6)}" y="${MARGIN.top + 12}" text-anchor="end" fill="${THRESHOLD_COLOUR}">${escapeXml(thresholdLabel)}</text>`,
    `<g transform="translate(${legendX} ${MARGIN.top + 24})">`,
    '<rect x="-6" y="-6" width="190" height="60" fill="#fff" fill-opacity="0.85" stroke="#ccc"/>',
    `<rect width="12" height="12" fill="${RELEVANT_COLOUR}" fill-opacity="0.5"/><text x="18" y="10">relevant (${pairs.filter((pair) => pair.relevant).length})</text>`,
    `<rect y="18" width="12" height="12" fill="${IRRELEVANT_COLOUR}" fill-opacity="0.5"/><text x="18" y="28">irrelevant (${pairs.filter((pair) => !pair.relevant).length})</text>`,
    `<line x1="0" y1="42" x2="12" y2="42" stroke="${THRESHOLD_COLOUR}" stroke-width="2" stroke-dasharray="4 2"/><text x="18" y="46">threshold (${result.criterion})</text>`,
    '</g>',
    '</svg>',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
