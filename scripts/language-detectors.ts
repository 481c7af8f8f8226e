// Compares npm language detectors on the short, memory-like sentences of test/language/short-texts.ts: accuracy
// per language, how often each answers "unsure" (und) instead of guessing, what it says about text no detector
// can tell (UNDECIDABLE_TEXTS), its gzipped size in a browser/Worker bundle and its speed. The candidates are not
// dependencies: install them for the run, `npm i --no-save tinyld@1.3.4 eld@2.1.0 franc-min@6.2.0`, then
// `npx tsx scripts/language-detectors.ts [--json]`. Also scores Engram's own detectLanguage (script ranges first).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { detectLanguage } from '../src/language/index.ts';
import {
  HELD_OUT_TEXTS,
  SHORT_TEXTS,
  UNDECIDABLE_TEXTS,
  VERY_SHORT_TEXTS,
} from '../test/language/short-texts.ts';

type Detect = (text: string) => string | Promise<string>;

interface Candidate {
  name: string;
  /** The module a bundle would import (for the size measurement); null for Engram's own. */
  entry: string | null;
  load(): Promise<Detect>;
}

// franc answers ISO 639-3; the rest answer ISO 639-1.
const ISO3: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  por: 'pt',
  deu: 'de',
  fra: 'fr',
  ita: 'it',
  nld: 'nl',
  rus: 'ru',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
};

// Loaded by name at run time: they are not installed with the project.
const load = (name: string): Promise<Record<string, unknown>> =>
  import(name) as Promise<Record<string, unknown>>;

interface EldResult {
  language: string;
  isReliable(): boolean;
}

const eld = (size: string): Candidate => ({
  name: `eld ${size}`,
  entry: `eld/${size}`,
  async load() {
    const { eld } = (await load(`eld/${size}`)) as { eld: { detect(text: string): EldResult } };
    return (text) => {
      const r = eld.detect(text);
      return r.language !== '' && r.isReliable() ? r.language : 'und';
    };
  },
});

const tinyld = (variant: string): Candidate => ({
  name: `tinyld ${variant}`,
  entry: variant === 'normal' ? 'tinyld' : `tinyld/${variant}`,
  async load() {
    const mod = (await load(variant === 'normal' ? 'tinyld' : `tinyld/${variant}`)) as { detect: Detect };
    return (text) => mod.detect(text) || 'und';
  },
});

const CANDIDATES: Candidate[] = [
  tinyld('light'),
  tinyld('normal'),
  tinyld('heavy'),
  eld('extrasmall'),
  eld('small'),
  eld('medium'),
  eld('large'),
  {
    name: 'franc-min',
    entry: 'franc-min',
    async load() {
      const { franc } = (await load('franc-min')) as { franc: (text: string) => string };
      return (text) => {
        const code = franc(text);
        return code === 'und' ? 'und' : (ISO3[code] ?? code);
      };
    },
  },
  { name: 'engram detectLanguage', entry: null, load: async () => detectLanguage },
];

async function gzipKib(entry: string): Promise<number> {
  const out = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return Math.round(gzipSync(out.outputFiles[0]!.contents, { level: 9 }).byteLength / 102.4) / 10;
}

type Corpus = Readonly<Record<string, readonly string[]>>;
interface Score {
  right: number;
  und: number;
  wrong: string[];
}

async function score(detect: Detect, corpus: Corpus): Promise<Record<string, Score>> {
  const perLanguage: Record<string, Score> = {};
  for (const [language, texts] of Object.entries(corpus)) {
    const s: Score = { right: 0, und: 0, wrong: [] };
    for (const text of texts) {
      const got = await detect(text);
      if (got === language) s.right++;
      else if (got === 'und') s.und++;
      else s.wrong.push(got);
    }
    perLanguage[language] = s;
  }
  return perLanguage;
}

interface Row {
  name: string;
  gzipKib: number | null;
  microsPerText: number;
  short: Record<string, Score>;
  veryShort: Record<string, Score>;
  heldOut: Record<string, Score>;
  guessedOnUndecidable: string[];
}

const rows: Row[] = [];
for (const c of CANDIDATES) {
  const detect = await c.load();
  await detect('warm up: the first call may build the tables');
  const started = performance.now();
  const short = await score(detect, SHORT_TEXTS);
  const veryShort = await score(detect, VERY_SHORT_TEXTS);
  const calls = [SHORT_TEXTS, VERY_SHORT_TEXTS].flatMap((corpus) => Object.values(corpus).flat()).length;
  rows.push({
    name: c.name,
    gzipKib: c.entry ? await gzipKib(c.entry) : null,
    microsPerText: Math.round(((performance.now() - started) * 1000) / calls),
    short,
    veryShort,
    heldOut: await score(detect, HELD_OUT_TEXTS),
    guessedOnUndecidable: (await Promise.all(UNDECIDABLE_TEXTS.map(detect))).filter((l) => l !== 'und'),
  });
}

function table(title: string, pick: (r: Row) => Record<string, Score>): void {
  const languages = Object.keys(SHORT_TEXTS);
  console.log(`\n${title}\n`);
  console.log(
    `| detector | gzip KiB | µs/text | ${languages.join(' | ')} | right | und | wrong | guessed on undecidable |`,
  );
  console.log(`|${' --- |'.repeat(languages.length + 7)}`);
  for (const r of rows) {
    const scores = pick(r);
    const none: Score = { right: 0, und: 0, wrong: [] };
    const sum = (f: (s: Score) => number) => languages.reduce((n, l) => n + f(scores[l] ?? none), 0);
    const cells = languages.map((l) => {
      const s = scores[l] ?? none;
      return `${s.right}${s.wrong.length ? ` (${s.wrong.length}✗)` : ''}`;
    });
    const total = sum((s) => s.right + s.und + s.wrong.length);
    console.log(
      `| ${r.name} | ${r.gzipKib ?? '-'} | ${r.microsPerText} | ${cells.join(' | ')} | ${sum((s) => s.right)}/${total} | ${sum((s) => s.und)} | ${sum((s) => s.wrong.length)} | ${r.guessedOnUndecidable.length}/${UNDECIDABLE_TEXTS.length} |`,
    );
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  table(
    `SHORT_TEXTS (${SHORT_TEXTS.en.length} a language, 5 to 15 words): right answers, (✗ wrong)`,
    (r) => r.short,
  );
  table(`VERY_SHORT_TEXTS (${VERY_SHORT_TEXTS.en.length} a language, 2 to 6 words)`, (r) => r.veryShort);
  table(
    `HELD_OUT_TEXTS (${HELD_OUT_TEXTS.en.length} a language, not used to set the thresholds)`,
    (r) => r.heldOut,
  );
}
