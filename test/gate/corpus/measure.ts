// Runs the full write gate over the labelled corpus and tallies detection per kind and per origin, and the
// false positives: the figures both the threshold test and scripts/gate-report.ts rely on.
import {
  DETECTION_CODES,
  type DetectionCode,
  evaluateWrite,
  type GateReasonCode,
  type GateResult,
} from '../../../src/gate/index.ts';
import type { CaseOrigin, Corpus } from './index.ts';

export interface KindFigures {
  total: number;
  /** Rejected by the gate for any reason. */
  rejected: number;
  /** Rejected with the expected code among the reasons. */
  exactCode: number;
}

export interface Rate {
  total: number;
  rejected: number;
  rate: number;
}

export interface CorpusFigures {
  secrets: Rate & { kinds: number };
  benign: Rate & { injectionFlagged: number };
  byOrigin: Record<CaseOrigin, { secrets: Rate; benign: Rate }>;
  perKind: Record<DetectionCode, KindFigures>;
  /** Secret cases that got through, by id (the text is not repeated: it is secret-shaped). */
  missed: { id: string; expected: DetectionCode }[];
  /** Benign memories the gate refused, with the codes it gave. */
  falsePositives: { id: string; text: string; codes: GateReasonCode[] }[];
  /** Benign memories accepted but flagged as suspected injection (trust capped at 0). */
  injectionFlags: { id: string; text: string }[];
}

const CALLER = { auth: 'jwt', scopes: ['memories:write'] } as const;
const NOW = new Date('2026-01-01T00:00:00Z');
const ORIGINS: readonly CaseOrigin[] = ['generated', 'hand-written', 'held-out', 'held-out-new'];

/** One corpus text through the whole gate, as an authenticated user's fact. */
export function evaluateCorpusText(text: string): Promise<GateResult> {
  return evaluateWrite({ subject: 'corpus', kind: 'fact', content: text, source: { type: 'user' } }, CALLER, {
    now: NOW,
  });
}

function rate(total: number, rejected: number): Rate {
  return { total, rejected, rate: total === 0 ? 0 : rejected / total };
}

/** Evaluates every case of the corpus through `evaluateWrite` and returns the figures. */
export async function measureCorpus(corpus: Corpus): Promise<CorpusFigures> {
  const perKind = Object.fromEntries(
    DETECTION_CODES.map((code) => [code, { total: 0, rejected: 0, exactCode: 0 }]),
  ) as Record<DetectionCode, KindFigures>;
  const tally = Object.fromEntries(
    ORIGINS.map((origin) => [origin, { secrets: [0, 0], benign: [0, 0] }]),
  ) as Record<CaseOrigin, { secrets: [number, number]; benign: [number, number] }>;
  const missed: CorpusFigures['missed'] = [];

  for (const item of corpus.secrets) {
    const result = await evaluateCorpusText(item.text);
    const figures = perKind[item.expected];
    figures.total++;
    tally[item.origin].secrets[0]++;
    if (result.decision === 'accepted') {
      missed.push({ id: item.id, expected: item.expected });
      continue;
    }
    figures.rejected++;
    tally[item.origin].secrets[1]++;
    if (result.reasons.some((reason) => reason.code === item.expected)) figures.exactCode++;
  }

  const falsePositives: CorpusFigures['falsePositives'] = [];
  const injectionFlags: CorpusFigures['injectionFlags'] = [];
  for (const item of corpus.benign) {
    const result = await evaluateCorpusText(item.text);
    tally[item.origin].benign[0]++;
    if (result.decision === 'rejected') {
      tally[item.origin].benign[1]++;
      falsePositives.push({ id: item.id, text: item.text, codes: result.reasons.map((r) => r.code) });
    } else if (result.flags.includes('injection.suspected')) {
      injectionFlags.push({ id: item.id, text: item.text });
    }
  }

  const byOrigin = Object.fromEntries(
    ORIGINS.map((origin) => {
      const t = tally[origin];
      return [origin, { secrets: rate(...t.secrets), benign: rate(...t.benign) }];
    }),
  ) as CorpusFigures['byOrigin'];
  return {
    secrets: {
      ...rate(corpus.secrets.length, corpus.secrets.length - missed.length),
      kinds: Object.values(perKind).filter((k) => k.total > 0).length,
    },
    benign: { ...rate(corpus.benign.length, falsePositives.length), injectionFlagged: injectionFlags.length },
    byOrigin,
    perKind,
    missed,
    falsePositives,
    injectionFlags,
  };
}
