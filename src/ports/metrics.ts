// The metrics port: services report what happened as events (counts, durations, reasons; never content, queries,
// subjects, tenant ids or keys). The Node server turns them into Prometheus metrics; the Worker logs them.

export type MetricEvent =
  | {
      type: 'recall';
      durationMs: number;
      /** The mode that ran (lexical when a hybrid recall degraded). */
      mode: string;
      /** Why the vector lane was skipped (`embedding_timeout`...), or null. */
      degradedReason: string | null;
      /** Candidates removed by the post-ranking filters, by reason (rankRecall's `dropped`). */
      dropped: Record<string, number>;
      returned: number;
    }
  | { type: 'gate_rejection'; reasons: string[] }
  | {
      type: 'feedback';
      /** Items the recall returned; counted once per recall, on its first feedback. */
      returned: number;
      /** Items newly reported as used by this feedback. */
      used: number;
      first: boolean;
    }
  | { type: 'sweep'; durationMs: number; removed: Record<string, number> }
  | { type: 'erase'; scope: 'subject' | 'tenant'; durationMs: number; removed: Record<string, number> };

export interface MetricsSink {
  /** Records an event. Never throws and never blocks: metrics must not break or slow a request. */
  record(event: MetricEvent): void;
}

export const noopMetrics: MetricsSink = { record() {} };
