// Recency: exponential decay of a memory's weight with its age, with a half-life per kind.
import type { MemoryKind } from '../contract/index.ts';

export type HalfLifeDays = Record<MemoryKind, number>;

/**
 * Half-lives in days. Stable traits (preferences, constraints, rules) fade over a year; facts over half a year;
 * decisions get revisited within a quarter; episodes (what happened in a conversation) matter for about two weeks.
 */
export const DEFAULT_HALF_LIFE_DAYS: Readonly<HalfLifeDays> = Object.freeze({
  preference: 365,
  constraint: 365,
  rule: 365,
  fact: 180,
  decision: 90,
  episode: 14,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 0.5 ^ (age in days / half-life of the kind), in (0, 1]. A `created_at` in the future (clock skew between
 * writers) counts as age 0. An unparseable `created_at` gives 0: no evidence that the memory is fresh.
 * @throws RangeError when `now` is an invalid Date.
 */
export function recency(
  kind: MemoryKind,
  createdAt: string,
  now: Date,
  halfLives: Readonly<HalfLifeDays> = DEFAULT_HALF_LIFE_DAYS,
): number {
  if (!Number.isFinite(now.getTime())) throw new RangeError('now must be a valid date');
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 0;
  const ageDays = Math.max(0, now.getTime() - created) / DAY_MS;
  // An unknown kind (a row from a newer schema) decays like a fact rather than failing the recall.
  const halfLife = halfLives[kind] ?? DEFAULT_HALF_LIFE_DAYS.fact;
  return 0.5 ** (ageDays / halfLife);
}
