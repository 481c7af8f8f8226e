// Renders a memory-suite run as metrics.json, rankings.json and summary.md, and picks its headline figures.
import type { RecallMode } from '../../contract/index.ts';
import type { RunDescription } from '../locomo/report.ts';
import { VIEWS, type View } from './metrics.ts';
import type { Column, ColumnModeResult, SuiteRunResult } from './run.ts';

/** The figures a suite is compared by (one column, one mode). */
export interface SuiteHeadline {
  answerable: number;
  /** hit@1 and hit@3 of the default request: what an app gets without options. */
  hit1: number;
  hit3: number;
  /** MRR of the full ranking (50 deep). */
  mrr: number;
  noAnswer: number;
  /** Share of no-answer questions whose default request returned no memory. */
  empty: number;
}

export function headlineOf(result: ColumnModeResult): SuiteHeadline {
  const d = result.scores.views.default;
  return {
    answerable: d.answerable.questions,
    hit1: d.answerable.hit1,
    hit3: d.answerable.hit3,
    mrr: result.scores.views.ranking.answerable.mrr,
    noAnswer: d.noAnswer.questions,
    empty: d.noAnswer.empty,
  };
}

export function findResult(
  run: SuiteRunResult,
  column: Column,
  mode: RecallMode,
): ColumnModeResult | undefined {
  return run.results.find((r) => r.column === column && r.mode === mode);
}

/** Facts of a suite run: those of a LoCoMo run, and the LoCoMo file the chat column was taken from. */
export type SuiteRunDescription = Omit<RunDescription, 'mode'> & { chatFile?: string | undefined };

/** The content of metrics.json. */
export function suiteMetricsDocument(suite: string, result: SuiteRunResult, run: SuiteRunDescription) {
  return {
    protocol: 'engram-memory-suite@1',
    suite,
    run,
    counts: result.counts,
    timing_ms: {
      chat_ingest: Math.round(result.timing.ingestMs),
      memory_writes: Math.round(result.timing.writeMs),
      queries: Math.round(result.timing.queryMs),
      total: Math.round(run.totalMs),
    },
    results: result.results.map((r) => ({
      column: r.column,
      mode: r.mode,
      headline: headlineOf(r),
      degraded_recalls: r.degradedRecalls,
      recall_ms: r.recallMs,
      scores: r.scores,
    })),
  };
}

/** The content of rankings.json: `"<column>/<mode>"` -> question id -> what each request returned, and why. */
export function suiteRankings(result: SuiteRunResult) {
  return Object.fromEntries(
    result.results.map((r) => [
      `${r.column}/${r.mode}`,
      Object.fromEntries(r.questions.map(({ id, ...rest }) => [id, rest])),
    ]),
  );
}

const fmt = (x: number) => x.toFixed(3);
const VIEW_NAMES: Record<View, string> = {
  default: 'default (no limit, no budget: up to 3)',
  limit1: 'limit 1, max_items 1',
  limit3: 'limit 3, max_items 3',
  ranking: 'limit 50, all returned',
};

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${' --- |'.repeat(header.length)}`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/** One column per (column, mode) result and a row per group, each cell `value` of the group's default request. */
function breakdown<T extends { questions: number }>(
  results: readonly ColumnModeResult[],
  groupsOf: (r: ColumnModeResult) => Record<string, Record<View, T>>,
  value: (scores: T) => number,
): string[] {
  const names = [...new Set(results.flatMap((r) => Object.keys(groupsOf(r))))].sort();
  const rows = names.map((group) => {
    const cells = results.map((r) => groupsOf(r)[group]?.default);
    const n = cells.find((c) => c !== undefined)?.questions ?? 0;
    return [group, String(n), ...cells.map((c) => (c ? fmt(value(c)) : ''))];
  });
  return table(['', 'questions', ...results.map((r) => `${r.column} ${r.mode}`)], rows);
}

/** The content of summary.md. */
export function renderSuiteSummary(title: string, result: SuiteRunResult, run: SuiteRunDescription): string {
  const c = result.counts;
  const chat = c.chatTurns
    ? `Column \`chat\`: each user's subject also holds one whole LoCoMo conversation of \`${run.chatFile ?? 'the LoCoMo file'}\` (user i gets conversation i mod ${new Set(Object.values(c.chatOf)).size}; ${c.chatTurns.min}-${c.chatTurns.max} turns a user, ${c.chatTurns.total} in all), stored as \`POST /v1/ingest\` stores it; column \`clean\`: the memories alone.`
    : 'Column `clean` only: the memories alone, no chat turns.';
  const lines = [
    `# ${title}`,
    '',
    `Data \`${run.dataFile}\`: ${c.users} users, ${c.memories} memories, ${c.answerable} answerable and ${c.noAnswer} no-answer questions. ${chat} Embedder \`${run.embedder}\`, ${run.database}, started ${run.startedAt}.`,
    '',
    '## Headline',
    '',
    'hit@1 and hit@3: the expected memory among what `POST /v1/recall` returns with no `limit` and no `budget` (the default budget: up to 3 items), a rule that fired counting first; MRR over the full ranking (limit 50); no-answer: the share of questions that returned no memory (a chat turn counts as one; a style preference marked `applies_always` does not).',
    '',
    ...table(
      [
        'column',
        'mode',
        'answerable',
        'hit@1',
        'hit@3',
        'MRR',
        'no-answer',
        'returned no memory',
        'ms / recall',
      ],
      result.results.map((r) => {
        const h = headlineOf(r);
        return [
          r.column,
          r.mode,
          String(h.answerable),
          fmt(h.hit1),
          fmt(h.hit3),
          fmt(h.mrr),
          String(h.noAnswer),
          fmt(h.empty),
          r.recallMs.mean.toFixed(1),
        ];
      }),
    ),
    '',
    '## Every request',
    '',
    '"no written memory": the share of no-answer questions that returned none of the memories the user wrote (chat turns ignored).',
    '',
    ...table(
      [
        'column',
        'mode',
        'request',
        'hit@1',
        'hit@3',
        'hit@10',
        'MRR',
        'no-answer: returned no memory',
        'no written memory',
      ],
      result.results.flatMap((r) =>
        VIEWS.map((v) => {
          const s = r.scores.views[v];
          return [
            r.column,
            r.mode,
            VIEW_NAMES[v],
            fmt(s.answerable.hit1),
            fmt(s.answerable.hit3),
            fmt(s.answerable.hit10),
            fmt(s.answerable.mrr),
            fmt(s.noAnswer.empty),
            fmt(s.noAnswer.noWrittenMemory),
          ];
        }),
      ),
    ),
    '',
    '## hit@3 by domain (default request)',
    '',
    ...breakdown(
      result.results,
      (r) => r.scores.byDomain,
      (s) => s.hit3,
    ),
    '',
  ];
  if (result.results.some((r) => Object.keys(r.scores.bySharedScript).length > 0))
    lines.push(
      '## hit@3 by the script of the shared word (default request)',
      '',
      '`cjk`: the question shares only Chinese words with its memory; `latin`: it shares a word in Latin letters ("iPhone").',
      '',
      ...breakdown(
        result.results,
        (r) => r.scores.bySharedScript,
        (s) => s.hit3,
      ),
      '',
    );
  lines.push(
    '## No-answer questions that returned no memory, by shape (default request)',
    '',
    ...breakdown(
      result.results,
      (r) => r.scores.byShape,
      (s) => s.empty,
    ),
    '',
    `Writes: ${Object.entries(c.writes)
      .map(
        ([col, w]) =>
          `${col} ${w.created} stored, ${w.duplicate} duplicates, ${w.rejected} rejected, ${w.superseded} superseded`,
      )
      .join(
        '; ',
      )}. ${result.results.reduce((n, r) => n + r.degradedRecalls, 0)} recalls degraded to lexical.`,
    '',
    `Time: ${c.chatTurns ? `chat ingest ${(result.timing.ingestMs / 1000).toFixed(1)} s, ` : ''}memory writes ${(result.timing.writeMs / 1000).toFixed(1)} s, queries ${(result.timing.queryMs / 1000).toFixed(1)} s (4 recalls a question), total ${(run.totalMs / 1000).toFixed(1)} s. Per-question rankings with each expected memory's lane evidence: \`rankings.json\`.`,
    '',
  );
  return lines.join('\n');
}
