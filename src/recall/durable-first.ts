// Kind-aware ordering (issue 12 item 4): a subject full of chat turns must still bring its preferences,
// constraints and facts into the context. Durable memories go before chat turns (episodes) within the budget;
// an episode keeps its place among them only on strong evidence (every active lane found it), so "what did I say
// about the marina" still gets its turn while a turn that merely sits near the query in vector space does not push
// "Does not eat cilantro" out. Pure; runs after dedupe, before the budget.
import type { Lane } from './types.ts';

/** Every kind but `episode` is durable: what the user or the app chose to keep, not a transcript line. */
export const DURABLE_KINDS = ['preference', 'constraint', 'fact', 'decision', 'rule'] as const;

interface Entry {
  candidate: { kind: string };
  lanes: readonly Lane[];
}

/** True for an episode not found by every active lane (in a single-lane recall, no episode is weak). */
export function isWeakEpisode(entry: Entry, activeLanes: readonly Lane[]): boolean {
  return entry.candidate.kind === 'episode' && !activeLanes.every((lane) => entry.lanes.includes(lane));
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
