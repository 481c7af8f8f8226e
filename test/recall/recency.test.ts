import { describe, expect, it } from 'vitest';
import { DEFAULT_HALF_LIFE_DAYS, recency } from '../../src/recall/recency.ts';

const now = new Date('2026-12-01T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('recency', () => {
  it('halves at exactly one half-life', () => {
    expect(recency('episode', daysAgo(14), now)).toBe(0.5);
    expect(recency('preference', daysAgo(365), now)).toBe(0.5);
    expect(recency('decision', daysAgo(90), now)).toBe(0.5);
    expect(recency('fact', daysAgo(180), now)).toBe(0.5);
  });

  it('decays exponentially: two half-lives give a quarter, half a half-life 1/sqrt(2)', () => {
    expect(recency('episode', daysAgo(28), now)).toBe(0.25);
    expect(recency('fact', daysAgo(90), now)).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('is 1 for a memory written now or, through clock skew, in the future', () => {
    expect(recency('episode', now.toISOString(), now)).toBe(1);
    expect(recency('episode', daysAgo(-3), now)).toBe(1);
  });

  it('gives 0 to an unparseable date and refuses an invalid now', () => {
    expect(recency('fact', 'not a date', now)).toBe(0);
    expect(() => recency('fact', daysAgo(1), new Date(Number.NaN))).toThrow(RangeError);
  });

  it('uses configured half-lives', () => {
    const halfLives = { ...DEFAULT_HALF_LIFE_DAYS, episode: 7 };
    expect(recency('episode', daysAgo(14), now, halfLives)).toBe(0.25);
  });
});
