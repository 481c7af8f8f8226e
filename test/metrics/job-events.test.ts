// Job reports to metric events: what the sweep and erasure code hands the sink.
import { describe, expect, it } from 'vitest';
import { eraseEvent, sweepEvent } from '../../src/metrics/job-events.ts';

describe('job events', () => {
  it('a sweep report becomes removals by action and its duration', () => {
    expect(sweepEvent({ expired: 3, revokedPurged: 2, embeddings: 4, elapsedMs: 120 })).toEqual({
      type: 'sweep',
      durationMs: 120,
      removed: { expired: 3, revoked_purged: 2, embeddings: 4 },
    });
  });

  it('an erasure keeps its scope and counts (copied, not shared)', () => {
    const erased = { memories: 5, embeddings: 5, audit_events_redacted: 7 };
    const event = eraseEvent('subject', erased, 33);
    erased.memories = 0;
    expect(event).toEqual({
      type: 'erase',
      scope: 'subject',
      durationMs: 33,
      removed: { memories: 5, embeddings: 5, audit_events_redacted: 7 },
    });
  });
});
