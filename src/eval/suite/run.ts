// Runs a memory suite through the real services. Each simulated user is one subject per column: `clean` holds only
// the memories the user wrote (stored like POST /v1/memories/batch), `chat` holds them beside a whole LoCoMo
// conversation (stored like POST /v1/ingest, exactly as the LoCoMo eval stores turns). Every question is asked as
// the four recall requests of VIEWS, and what came back is mapped to the data's labels and scored.
import { type LatencySummary, summarize as summarizeLatency } from '../../bench/stats.ts';
import type {
  MemoryInput,
  RecallItem,
  RecallMode,
  RecallRequest,
  RecallResponse,
} from '../../contract/index.ts';
import { silentLogger } from '../../core/logger.ts';
import type { Embedder } from '../../ports/embedder.ts';
import type { WriteGate } from '../../ports/gate.ts';
import type { MemoryStore } from '../../ports/store.ts';
import { createMemoryService } from '../../services/memories.ts';
import type { Sample } from '../locomo/dataset.ts';
import { type Progress, silentProgress } from '../locomo/progress.ts';
import { ingestLocomo } from '../locomo/run.ts';
import { createEvalRecall, evalPrincipal, FULL_RANKING } from '../recaller.ts';
import { isAnswerable, type SuiteMemory, type SuiteUser } from './dataset.ts';
import {
  outcomeOf,
  type ScoredQuestion,
  type SuiteScores,
  sharedScriptOf,
  summarizeSuite,
  VIEWS,
  type View,
  type ViewOutcome,
} from './metrics.ts';

/** `chat`: the user's memories among 300+ chat turns; `clean`: the memories alone. */
export type Column = 'chat' | 'clean';

/** The request options of each view (see VIEWS). */
export const VIEW_REQUESTS: Record<View, Pick<RecallRequest, 'limit' | 'budget' | 'explain'>> = {
  default: {},
  limit1: { limit: 1, budget: { max_items: 1 } },
  limit3: { limit: 3, budget: { max_items: 3 } },
  ranking: { ...FULL_RANKING, explain: true },
};

export interface SuiteRunDeps {
  store: MemoryStore;
  gate: WriteGate;
  /** null runs lexical only. */
  embedder: Embedder | null;
  /** An empty tenant for this run. */
  tenantId: string;
  progress?: Progress | undefined;
  /** Database upkeep after loading and between batches of questions, outside the timings (see LocomoRunDeps). */
  upkeep?: (() => Promise<void>) | undefined;
}

export interface SuiteRunOptions {
  modes: readonly RecallMode[];
  /** LoCoMo conversations for the chat column: user i gets conversation i mod n. Null: the clean column only. */
  chat: readonly Sample[] | null;
}

/** One expected memory in the full ranking, and why it ranked there (null: not ranked at all). */
export interface ExpectedEvidence {
  label: string;
  rank: number | null;
  why: RecallItem['why'] | null;
}

/** One question in one column and mode, for error analysis (rankings.json). */
export interface QuestionRecord {
  id: string;
  user: string;
  query: string;
  answers: string[];
  views: Record<View, string[]>;
  /** Rank of the first hit in each view (answerable questions). */
  rank: Record<View, number | null>;
  expected: ExpectedEvidence[];
  /** The first three of the full ranking with their evidence. */
  top: { label: string; score: number; why: RecallItem['why'] | null }[];
  /**
   * Every item of the full ranking as [label, kind, vector similarity, lexical rank, lexical score] (nulls where a
   * lane did not find it): what a relevance floor is tuned on (docs/benchmarks/relevance-floor.md).
   */
  evidence: [string, string, number | null, number | null, number | null][];
  /** The query's memory-seeking margin and the model's cut, when the model has a query-level floor. */
  intent: RecallResponse['intent'] | null;
  degraded: string | null;
}

export interface ColumnModeResult {
  column: Column;
  mode: RecallMode;
  scores: SuiteScores;
  questions: QuestionRecord[];
  /** Recalls (of the default view) that fell back to lexical. */
  degradedRecalls: number;
  /** Wall time of each default-view recall. */
  recallMs: LatencySummary;
}

export interface WriteCounts {
  created: number;
  duplicate: number;
  rejected: number;
  /** Memories of the data that a later write of the same user superseded (the data is checked so that none is). */
  superseded: number;
}

export interface SuiteRunResult {
  results: ColumnModeResult[];
  counts: {
    users: number;
    memories: number;
    answerable: number;
    noAnswer: number;
    /** Chat turns per user in the chat column; null without it. */
    chatTurns: { min: number; max: number; total: number } | null;
    /** The LoCoMo conversation each user's chat column holds. */
    chatOf: Record<string, string>;
    writes: Partial<Record<Column, WriteCounts>>;
  };
  timing: { ingestMs: number; writeMs: number; queryMs: number };
}

/** Questions between two upkeeps (each question is four recalls per column). */
const UPKEEP_EVERY = 50;

const subjectOf = (column: Column, user: SuiteUser) => `${column}:${user.id}`;

function writeInput(subject: string, m: SuiteMemory): MemoryInput {
  return {
    subject,
    kind: m.kind,
    content: m.content,
    source: { type: 'user', id: m.id },
    ...(m.tags ? { tags: m.tags } : {}),
    ...(m.key ? { key: m.key } : {}),
    ...(m.facet ? { facet: m.facet } : {}),
    ...(m.polarity ? { polarity: m.polarity } : {}),
    ...(m.trigger ? { trigger: m.trigger } : {}),
    ...(m.importance !== undefined ? { importance: m.importance } : {}),
  };
}

/** Loads every subject; returns the label of each stored memory id and the write counts. */
async function load(
  users: readonly SuiteUser[],
  columns: readonly Column[],
  chat: readonly Sample[] | null,
  deps: SuiteRunDeps,
) {
  const labels = new Map<string, string>();
  const counts: SuiteRunResult['counts'] = {
    users: users.length,
    memories: users.reduce((n, u) => n + u.memories.length, 0),
    answerable: users.reduce((n, u) => n + u.questions.filter(isAnswerable).length, 0),
    noAnswer: users.reduce((n, u) => n + u.questions.filter((q) => !isAnswerable(q)).length, 0),
    chatTurns: null,
    chatOf: {},
    writes: {},
  };
  let ingestMs = 0;
  if (chat && chat.length > 0) {
    // Each user's chat subject gets a copy of one conversation, stored exactly as the LoCoMo eval stores it.
    const copies = users.map((user, i) => {
      const sample = chat[i % chat.length]!;
      counts.chatOf[user.id] = sample.sampleId;
      return { ...sample, sampleId: subjectOf('chat', user) };
    });
    const corpus = await ingestLocomo(copies, deps);
    for (const [id, diaIds] of corpus.diaIdsOf) labels.set(id, `chat:${diaIds.join(',')}`);
    const perUser = copies.map((c) => c.sessions.reduce((n, s) => n + s.turns.length, 0));
    counts.chatTurns = {
      min: Math.min(...perUser),
      max: Math.max(...perUser),
      total: perUser.reduce((a, b) => a + b, 0),
    };
    ingestMs = corpus.ingestMs;
  }
  const memories = createMemoryService({
    store: deps.store,
    gate: deps.gate,
    embedder: deps.embedder,
    logger: silentLogger,
  });
  const principal = evalPrincipal(deps.tenantId, 'eval:suite');
  const started = performance.now();
  for (const column of columns) {
    const tally: WriteCounts = { created: 0, duplicate: 0, rejected: 0, superseded: 0 };
    for (const user of users) {
      const subject = subjectOf(column, user);
      const results = await memories.rememberMany(
        principal,
        user.memories.map((m) => writeInput(subject, m)),
      );
      const superseded = new Set<string>();
      for (const [i, result] of results.entries()) {
        if (result.decision === 'rejected') {
          tally.rejected++;
          continue;
        }
        if (result.decision === 'duplicate' || result.decision === 'merged') tally.duplicate++;
        else {
          tally.created++;
          for (const id of result.superseded) superseded.add(id);
        }
        if (!labels.has(result.memory.id)) labels.set(result.memory.id, user.memories[i]!.id);
      }
      tally.superseded += [...superseded].filter(
        (id) => labels.has(id) && !labels.get(id)!.startsWith('chat:'),
      ).length;
    }
    counts.writes[column] = tally;
  }
  return { labels, counts, ingestMs, writeMs: performance.now() - started };
}

/** Labels of what a response returned, best first: rules that fired, then items. */
function returnedLabels(response: RecallResponse, labelOf: (id: string) => string): string[] {
  return [...response.rules.map((r) => labelOf(r.id)), ...response.items.map((i) => labelOf(i.id))];
}

export async function runSuite(
  users: readonly SuiteUser[],
  options: SuiteRunOptions,
  deps: SuiteRunDeps,
): Promise<SuiteRunResult> {
  const progress = deps.progress ?? silentProgress;
  const columns: Column[] = options.chat && options.chat.length > 0 ? ['chat', 'clean'] : ['clean'];
  const loaded = await load(users, columns, options.chat, deps);
  await deps.upkeep?.();
  const labelOf = (id: string) => loaded.labels.get(id) ?? `other:${id}`;
  const appliesAlways = new Set(
    users.flatMap((u) => u.memories.filter((m) => m.applies_always).map((m) => m.id)),
  );
  const written = new Set(users.flatMap((u) => u.memories.map((m) => m.id)));
  const recall = createEvalRecall({ store: deps.store, embedder: deps.embedder });
  const principal = evalPrincipal(deps.tenantId, 'eval:suite');
  const results: ColumnModeResult[] = [];
  const total = users.reduce((n, u) => n + u.questions.length, 0) * columns.length;
  let queryMs = 0;
  for (const mode of options.modes) {
    let asked = 0;
    for (const column of columns) {
      const scored: ScoredQuestion[] = [];
      const records: QuestionRecord[] = [];
      const durations: number[] = [];
      let degradedRecalls = 0;
      for (const user of users) {
        for (const question of user.questions) {
          const views = {} as Record<View, ViewOutcome>;
          const responses = {} as Record<View, RecallResponse>;
          for (const view of VIEWS) {
            const started = performance.now();
            const response = await recall.recall(principal, {
              subject: subjectOf(column, user),
              query: question.query,
              mode,
              ...VIEW_REQUESTS[view],
            });
            const ms = performance.now() - started;
            queryMs += ms;
            if (view === 'default') {
              durations.push(ms);
              if (response.degraded) degradedRecalls++;
            }
            responses[view] = response;
            views[view] = outcomeOf(returnedLabels(response, labelOf), question.answers, {
              appliesAlways,
              written,
            });
          }
          scored.push({
            answerable: isAnswerable(question),
            domain: question.domain,
            shape: question.shape,
            sharedScript: sharedScriptOf(question.shared),
            views,
          });
          records.push(recordOf(user, question, views, responses.ranking, labelOf));
          progress.update(`recall (${mode})`, ++asked, total);
          if (deps.upkeep && asked % UPKEEP_EVERY === 0) {
            await recall.settle();
            await deps.upkeep();
          }
        }
      }
      results.push({
        column,
        mode,
        scores: summarizeSuite(scored),
        questions: records,
        degradedRecalls,
        recallMs: summarizeLatency(durations),
      });
    }
    progress.finish();
  }
  await recall.settle();
  return {
    results,
    counts: loaded.counts,
    timing: { ingestMs: loaded.ingestMs, writeMs: loaded.writeMs, queryMs },
  };
}

function recordOf(
  user: SuiteUser,
  question: SuiteUser['questions'][number],
  views: Record<View, ViewOutcome>,
  ranking: RecallResponse,
  labelOf: (id: string) => string,
): QuestionRecord {
  const why = new Map(ranking.items.map((item) => [labelOf(item.id), item.why ?? null]));
  const full = views.ranking.returned;
  return {
    id: question.id,
    user: user.id,
    query: question.query,
    answers: question.answers,
    views: Object.fromEntries(VIEWS.map((v) => [v, views[v].returned])) as Record<View, string[]>,
    rank: Object.fromEntries(VIEWS.map((v) => [v, views[v].rank])) as Record<View, number | null>,
    expected: question.answers.map((label) => {
      const index = full.indexOf(label);
      return { label, rank: index < 0 ? null : index + 1, why: why.get(label) ?? null };
    }),
    top: ranking.items
      .slice(0, 3)
      .map((item) => ({ label: labelOf(item.id), score: item.score, why: item.why ?? null })),
    evidence: ranking.items.map((item) => [
      labelOf(item.id),
      item.kind,
      item.why?.vector_similarity ?? null,
      item.why?.lexical_rank ?? null,
      item.why?.lexical_score ?? null,
    ]),
    intent: ranking.intent ?? null,
    degraded: ranking.degraded?.reason ?? null,
  };
}
