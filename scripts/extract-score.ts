// Scores an extractor on labelled chats (precision, and recall on explicit statements, per language) and prints
// the misses and false alarms. Run: npx tsx scripts/extract-score.ts [--data FILE] [--out FILE.json] [--quiet]
// The offline extractor is scored by default; --model scores an OpenAI-compatible chat model configured by
// ENGRAM_EXTRACT_BASE_URL, ENGRAM_EXTRACT_MODEL and ENGRAM_EXTRACT_API_KEY (ENGRAM_EXTRACT_TIMEOUT_MS optional).
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { processConfig } from '../src/config/index.ts';
import { createOfflineExtractor } from '../src/extract/offline/index.ts';
import {
  chatTurns,
  LabelledSetSchema,
  precision,
  recall,
  scoreRun,
  type Tally,
} from '../src/extract/score.ts';
import type { Extractor } from '../src/ports/extractor.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'test/fixtures/extract/dev-chats.json' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    model: { type: 'boolean', default: false },
  },
});

async function extractor(): Promise<Extractor> {
  if (!values.model) return createOfflineExtractor();
  const { createChatExtractor } = await import('../src/extract/model/chat-extractor.ts');
  const { withExtractionBudget } = await import('../src/extract/with-budget.ts');
  const config = processConfig();
  // A scoring run waits longer than ingest would (30 s unless ENGRAM_EXTRACT_TIMEOUT_MS says otherwise).
  return withExtractionBudget(
    createChatExtractor({
      baseURL: config.ENGRAM_EXTRACT_BASE_URL,
      model: config.ENGRAM_EXTRACT_MODEL ?? 'gpt-4o-mini',
      apiKey: config.ENGRAM_EXTRACT_API_KEY,
    }),
    { timeoutMs: config.ENGRAM_EXTRACT_TIMEOUT_MS ?? 30_000 },
  );
}

const row = (name: string, t: Tally) =>
  `${name.padEnd(8)} proposals ${String(t.proposals).padStart(4)}  correct ${String(t.correct).padStart(4)}  ` +
  `precision ${precision(t).toFixed(3)}  explicit labels ${String(t.labels).padStart(4)}  found ${String(t.found).padStart(4)}  ` +
  `recall ${recall(t).toFixed(3)}  (implicit ${t.implicitFound}/${t.implicitLabels})`;

const set = LabelledSetSchema.parse(JSON.parse(await readFile(values.data, 'utf8')));
const chosen = await extractor();
const started = performance.now();
const results = [];
for (const chat of set.chats) {
  const { proposals } = await chosen.extract({ session: chat.id, turns: chatTurns(chat) });
  results.push(proposals);
}
const elapsedMs = performance.now() - started;
const score = scoreRun(set.chats, results);

if (!values.quiet) {
  for (const m of score.misses) {
    const l = m.label;
    console.log(
      `MISS  ${m.chat}#${m.turn}  ${l.kind}${l.key ? ` ${l.key}` : ''}${l.facet ? ` ${l.facet}/${l.polarity}` : ''}  "${l.content}"  <- ${m.text}`,
    );
  }
  for (const f of score.falseAlarms) {
    const p = f.proposal;
    console.log(
      `FALSE ${f.chat}#${f.turn}  ${p.kind}${p.key ? ` ${p.key}` : ''}${p.facet ? ` ${p.facet}/${p.polarity}` : ''}  "${p.content}"  <- ${f.text}`,
    );
  }
  console.log('');
}
const turns = set.chats.reduce((n, c) => n + c.turns.length, 0);
console.log(
  `${chosen.model} on ${values.data}: ${set.chats.length} chats, ${turns} turns, ${elapsedMs.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(2)})`,
);
for (const [language, tally] of Object.entries(score.byLanguage)) console.log(row(language, tally));
console.log(row('overall', score.overall));

if (values.out) {
  const summary = (t: Tally) => ({ ...t, precision: precision(t), recall: recall(t) });
  const report = {
    extractor: chosen.model,
    data: values.data,
    chats: set.chats.length,
    turns,
    elapsed_ms: Math.round(elapsedMs),
    load_average: os.loadavg()[0],
    overall: summary(score.overall),
    by_language: Object.fromEntries(Object.entries(score.byLanguage).map(([k, t]) => [k, summary(t)])),
    misses: score.misses.length,
    false_alarms: score.falseAlarms.length,
  };
  await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
}
