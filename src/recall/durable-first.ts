// Kind-aware ordering (issue 12 item 4): a subject full of chat turns must still bring its preferences,
// constraints and facts into the context. Durable memories go before chat turns (episodes) within the budget;
// an episode keeps its place among them only on strong evidence (among the first STRONG_RANK of every active lane),
// so "what did I say about the marina" still gets its turn while a turn that merely sits near the query does not
// push "Does not eat cilantro" out. Being found by both lanes is not enough: the full-text lane has OR semantics, so
// in a subject of 600 turns most candidates share some word with the query (lived-in, chat column: with "both
// lanes" as the test, hit@1 0.085; docs/benchmarks/ingest-extraction.md). Pure; after dedupe, before the budget.
import type { Lane } from './types.ts';

/** Every kind but `episode` is durable: what the user or the app chose to keep, not a transcript line. */
export const DURABLE_KINDS = ['preference', 'constraint', 'fact', 'decision', 'rule'] as const;

/** An episode among this many first candidates of every active lane has strong evidence. */
export const STRONG_RANK = 3;

interface Entry {
  candidate: { kind: string };
  lanes: readonly Lane[];
  vector_rank: number | null;
  lexical_rank: number | null;
}

/** True for an episode not among the first STRONG_RANK of every active lane (single-lane recalls: never). */
export function isWeakEpisode(entry: Entry, activeLanes: readonly Lane[]): boolean {
  if (entry.candidate.kind !== 'episode' || activeLanes.length < 2) return false;
  return !activeLanes.every((lane) => {
    const rank = lane === 'vector' ? entry.vector_rank : entry.lexical_rank;
    return rank !== null && rank <= STRONG_RANK;
  });
}

/**
 * `ranked` (best first) with every weak episode that ranked above the last durable memory moved just after it;
 * everything else keeps its order. Without durable memories (a subject of chat only) nothing moves.
 */
export function durableFirst<T extends Entry>(ranked: readonly T[], activeLanes: readonly Lane[]): T[] {
  let last = -1;
  for (const [i, e] of ranked.entries()) if (e.candidate.kind !== 'episode') last = i;
  if (last < 0) return [...ranked];
  const head = ranked.slice(0, last + 1);
  return [
    ...head.filter((e) => !isWeakEpisode(e, activeLanes)),
    ...head.filter((e) => isWeakEpisode(e, activeLanes)),
    ...ranked.slice(last + 1),
  ];
}
