// A small Prometheus registry (counters, gauges, histograms with labels) and its text exposition format 0.0.4.
// Pure: no I/O, no timers, no globals; one registry per composed app.

export type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  value: number;
}

interface HistogramSeries {
  labels: Labels;
  buckets: number[];
  sum: number;
  count: number;
}

type Family =
  | { kind: 'counter' | 'gauge'; name: string; help: string; series: Map<string, Series> }
  | { kind: 'histogram'; name: string; help: string; bounds: number[]; series: Map<string, HistogramSeries> };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/** Label values are bounded machine words (reasons, modes): anything else is folded into `other`. */
const LABEL_VALUE = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Series per family before new label sets are folded into `other`: a bound on memory and cardinality. */
const MAX_SERIES = 200;

export const DEFAULT_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function keyOf(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

function cleanLabels(labels: Labels): Labels {
  const out: Labels = {};
  for (const [name, value] of Object.entries(labels)) {
    if (!LABEL_NAME.test(name)) throw new Error(`invalid label name ${name}`);
    out[name] = LABEL_VALUE.test(value) ? value : 'other';
  }
  return out;
}

function escapeLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function formatLabels(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

export interface PrometheusRegistry {
  counter(name: string, help: string): (labels?: Labels, by?: number) => void;
  gauge(name: string, help: string): (value: number, labels?: Labels) => void;
  histogram(name: string, help: string, bounds?: number[]): (value: number, labels?: Labels) => void;
  /** Current value of a counter or gauge series (0 when never set); for derived gauges and tests. */
  value(name: string, labels?: Labels): number;
  render(): string;
}

export function createRegistry(): PrometheusRegistry {
  const families = new Map<string, Family>();

  function register(family: Family): void {
    if (!NAME.test(family.name)) throw new Error(`invalid metric name ${family.name}`);
    if (families.has(family.name)) throw new Error(`metric ${family.name} registered twice`);
    families.set(family.name, family);
  }

  function seriesKey<T>(series: Map<string, T>, labels: Labels): { key: string; labels: Labels } {
    const clean = cleanLabels(labels);
    const key = keyOf(clean);
    if (series.has(key) || series.size < MAX_SERIES) return { key, labels: clean };
    const folded = Object.fromEntries(Object.keys(clean).map((k) => [k, 'other']));
    return { key: keyOf(folded), labels: folded };
  }

  return {
    counter(name, help) {
      const family: Family = { kind: 'counter', name, help, series: new Map() };
      register(family);
      return (labels = {}, by = 1) => {
        if (!(by >= 0) || !Number.isFinite(by)) return;
        const { key, labels: clean } = seriesKey(family.series, labels);
        const s = family.series.get(key) ?? { labels: clean, value: 0 };
        s.value += by;
        family.series.set(key, s);
      };
    },
    gauge(name, help) {
      const family: Family = { kind: 'gauge', name, help, series: new Map() };
      register(family);
      return (value, labels = {}) => {
        const { key, labels: clean } = seriesKey(family.series, labels);
        family.series.set(key, { labels: clean, value });
      };
    },
    histogram(name, help, bounds = DEFAULT_SECONDS_BUCKETS) {
      const sorted = [...bounds].sort((a, b) => a - b);
      const family: Family = { kind: 'histogram', name, help, bounds: sorted, series: new Map() };
      register(family);
      return (value, labels = {}) => {
        if (!Number.isFinite(value)) return;
        const { key, labels: clean } = seriesKey(family.series, labels);
        const s = family.series.get(key) ?? { labels: clean, buckets: sorted.map(() => 0), sum: 0, count: 0 };
        sorted.forEach((bound, i) => {
          if (value <= bound) s.buckets[i] = (s.buckets[i] ?? 0) + 1;
        });
        s.sum += value;
        s.count += 1;
        family.series.set(key, s);
      };
    },
    value(name, labels = {}) {
      const family = families.get(name);
      if (!family || family.kind === 'histogram') return 0;
      return family.series.get(keyOf(cleanLabels(labels)))?.value ?? 0;
    },
    render() {
      const lines: string[] = [];
      for (const family of families.values()) {
        lines.push(`# HELP ${family.name} ${family.help.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')}`);
        lines.push(`# TYPE ${family.name} ${family.kind}`);
        if (family.kind === 'histogram') {
          for (const s of family.series.values()) {
            // Buckets are cumulative already: each observation counted in every bucket it fits.
            family.bounds.forEach((bound, i) => {
              lines.push(
                `${family.name}_bucket${formatLabels(s.labels, ['le', formatNumber(bound)])} ${s.buckets[i]}`,
              );
            });
            lines.push(`${family.name}_bucket${formatLabels(s.labels, ['le', '+Inf'])} ${s.count}`);
            lines.push(`${family.name}_sum${formatLabels(s.labels)} ${formatNumber(s.sum)}`);
            lines.push(`${family.name}_count${formatLabels(s.labels)} ${s.count}`);
          }
        } else {
          for (const s of family.series.values()) {
            lines.push(`${family.name}${formatLabels(s.labels)} ${formatNumber(s.value)}`);
          }
        }
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
