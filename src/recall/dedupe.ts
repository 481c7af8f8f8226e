// Keeps one memory per `key` (a slot such as "diet.cilantro" that newer statements overwrite).
import type { Candidate } from './types.ts';

export interface DedupeResult<T> {
  kept: T[];
  /** Ids of the memories that lost to another one with the same key. */
  duplicates: string[];
}

/** Which of two same-key memories stays: the higher score, then the newer, then the smaller id (deterministic). */
function beats(
  a: { candidate: Candidate; score: number },
  b: { candidate: Candidate; score: number },
): boolean {
  if (a.score !== b.score) return a.score > b.score;
  const ta = Date.parse(a.candidate.created_at);
  const tb = Date.parse(b.candidate.created_at);
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb;
  if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(tb);
  return a.candidate.id < b.candidate.id;
}

/**
 * Removes all but one memory per (subject, key); memories without a key are never merged. Keeps the input
 * order of the survivors.
 */
export function dedupeByKey<T extends { candidate: Candidate; score: number }>(
  entries: readonly T[],
): DedupeResult<T> {
  const winners = new Map<string, T>();
  for (const e of entries) {
    const key = e.candidate.key;
    if (key === null || key === undefined || key === '') continue;
    // JSON keeps "a|b"+"c" and "a"+"b|c" apart, which a plain separator would not.
    const slot = JSON.stringify([e.candidate.subject, key]);
    const current = winners.get(slot);
    if (!current || beats(e, current)) winners.set(slot, e);
  }
  const kept: T[] = [];
  const duplicates: string[] = [];
  for (const e of entries) {
    const key = e.candidate.key;
    const slot = key ? JSON.stringify([e.candidate.subject, key]) : null;
    if (slot === null || winners.get(slot) === e) kept.push(e);
    else duplicates.push(e.candidate.id);
  }
  return { kept, duplicates };
}
