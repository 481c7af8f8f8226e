// Scores of a memory suite, pure: hit@k and MRR on the answerable questions, and the share of no-answer questions
// that come back empty. Inputs are what a recall returned, as suite labels (memory ids of the data, chat:... for
// turns), best first.

/**
 * The recall requests each question is asked as (see run.ts):
 * - `default`: no `limit`, no `budget`: what an app gets without options (up to 3 items, 900 characters);
 * - `limit1`, `limit3`: `limit` k with `budget.max_items` k: an app that asks for k memories;
 * - `ranking`: `limit` 50 and room for 50 items: the whole ranked list, for MRR and error analysis.
 */
export const VIEWS = ['default', 'limit1', 'limit3', 'ranking'] as const;
export type View = (typeof VIEWS)[number];

/** 1-based rank of the first returned label that is one of `answers`; null when none was returned. */
export function firstHit(returned: readonly string[], answers: readonly string[]): number | null {
  const wanted = new Set(answers);
  const index = returned.findIndex((label) => wanted.has(label));
  return index < 0 ? null : index + 1;
}

/**
 * A no-answer question "returns no memory" when nothing came back, or only memories that apply to any answer
 * (style preferences such as "keep answers short", `applies_always` in the data). A chat turn counts as a memory.
 */
export function isEmptyAnswer(returned: readonly string[], appliesAlways: ReadonlySet<string>): boolean {
  return returned.every((label) => appliesAlways.has(label));
}

export interface AnswerableScores {
  questions: number;
  /** Share with the first hit at rank 1, 3, 10. */
  hit1: number;
  hit3: number;
  hit10: number;
  /** Mean of 1 / rank of the first hit (0 when none was returned). */
  mrr: number;
}

/** Aggregates the first-hit ranks of answerable questions (null: not returned). */
export function scoreAnswerable(ranks: readonly (number | null)[]): AnswerableScores {
  const n = ranks.length;
  const share = (keep: (rank: number | null) => boolean) => (n === 0 ? 0 : ranks.filter(keep).length / n);
  const within = (k: number) => (rank: number | null) => rank !== null && rank <= k;
  return {
    questions: n,
    hit1: share(within(1)),
    hit3: share(within(3)),
    hit10: share(within(10)),
    mrr: n === 0 ? 0 : ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / n,
  };
}

export interface NoAnswerScores {
  questions: number;
  /** Share that returned no memory (see isEmptyAnswer). */
  empty: number;
  /** Share that returned none of the user's written memories, chat turns ignored (a diagnostic). */
  noWrittenMemory: number;
}

export interface NoAnswerOutcome {
  empty: boolean;
  noWrittenMemory: boolean;
}

export function scoreNoAnswer(outcomes: readonly NoAnswerOutcome[]): NoAnswerScores {
  const n = outcomes.length;
  const share = (keep: (o: NoAnswerOutcome) => boolean) => (n === 0 ? 0 : outcomes.filter(keep).length / n);
  return { questions: n, empty: share((o) => o.empty), noWrittenMemory: share((o) => o.noWrittenMemory) };
}

/** One question's outcome in one view. */
export interface ViewOutcome {
  /** What came back, best first (rules that fired, then items). */
  returned: string[];
  /** Answerable: rank of the first hit. */
  rank: number | null;
  /** No-answer: see isEmptyAnswer. */
  empty: boolean;
  noWrittenMemory: boolean;
}

/** Scores what one view returned for one question. `written`: labels of memories the data wrote (not chat). */
export function outcomeOf(
  returned: readonly string[],
  answers: readonly string[],
  labels: { appliesAlways: ReadonlySet<string>; written: ReadonlySet<string> },
): ViewOutcome {
  const unique = [...new Set(returned)];
  return {
    returned: unique,
    rank: firstHit(unique, answers),
    empty: isEmptyAnswer(unique, labels.appliesAlways),
    noWrittenMemory: unique.every((l) => !labels.written.has(l) || labels.appliesAlways.has(l)),
  };
}

export interface ViewScores {
  answerable: AnswerableScores;
  noAnswer: NoAnswerScores;
}

/** The question facts the breakdowns group by. */
export interface ScoredQuestion {
  answerable: boolean;
  domain?: string | undefined;
  shape: string;
  /** Suites built on a shared word: whether that word is written in CJK characters or in Latin letters. */
  sharedScript?: 'cjk' | 'latin' | undefined;
  views: Record<View, ViewOutcome>;
}

export interface SuiteScores {
  views: Record<View, ViewScores>;
  /** Answerable questions by domain, and no-answer ones by shape, in every view. */
  byDomain: Record<string, Record<View, AnswerableScores>>;
  byShape: Record<string, Record<View, NoAnswerScores>>;
  /** Only when questions carry a shared word. */
  bySharedScript: Record<string, Record<View, AnswerableScores>>;
}

function perView<T>(score: (view: View) => T): Record<View, T> {
  return Object.fromEntries(VIEWS.map((v) => [v, score(v)])) as Record<View, T>;
}

function groupBy(questions: readonly ScoredQuestion[], key: (q: ScoredQuestion) => string | undefined) {
  const groups = new Map<string, ScoredQuestion[]>();
  for (const q of questions) {
    const k = key(q);
    if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), q]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const answerableIn = (qs: readonly ScoredQuestion[]) =>
  perView((v) => scoreAnswerable(qs.map((q) => q.views[v].rank)));
const noAnswerIn = (qs: readonly ScoredQuestion[]) =>
  perView((v) => scoreNoAnswer(qs.map((q) => q.views[v])));

/** Every figure of one column and mode. */
export function summarizeSuite(questions: readonly ScoredQuestion[]): SuiteScores {
  const answerable = questions.filter((q) => q.answerable);
  const none = questions.filter((q) => !q.answerable);
  const a = answerableIn(answerable);
  const n = noAnswerIn(none);
  return {
    views: perView((v) => ({ answerable: a[v], noAnswer: n[v] })),
    byDomain: Object.fromEntries(
      groupBy(answerable, (q) => q.domain).map(([k, qs]) => [k, answerableIn(qs)]),
    ),
    byShape: Object.fromEntries(groupBy(none, (q) => q.shape).map(([k, qs]) => [k, noAnswerIn(qs)])),
    bySharedScript: Object.fromEntries(
      groupBy(answerable, (q) => q.sharedScript).map(([k, qs]) => [k, answerableIn(qs)]),
    ),
  };
}

/** 'latin' when any shared word has a Latin letter ("iPhone"), 'cjk' otherwise; undefined without shared words. */
export function sharedScriptOf(shared: readonly string[] | undefined): 'cjk' | 'latin' | undefined {
  if (!shared || shared.length === 0) return undefined;
  return shared.some((w) => /\p{Script=Latin}/u.test(w)) ? 'latin' : 'cjk';
}
