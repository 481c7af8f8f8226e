// Runs the full write gate over the labelled corpus and tallies detection per kind and per origin, and the
// false positives: the figures both the threshold test and scripts/gate-report.ts rely on.
import {
  DETECTION_CODES,
  type DetectionCode,
  evaluateWrite,
  type GateReasonCode,
  type GateResult,
  PII_CLASSES,
  PII_REJECTION_CODES,
} from '../../../src/gate/index.ts';
import type { CaseOrigin, Corpus } from './index.ts';

export interface KindFigures {
  total: number;
  /** Caught: rejected for any reason, or stored with the identifier redacted as the policy says. */
  rejected: number;
  /** Of those, accepted with the expected identifier class redacted (the default policy's contact records). */
  redacted: number;
  /** Caught under the expected code (rejected with it, or redacted under its class). */
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
  /** By the language a case is written in (English when unmarked). */
  byLanguage: Record<string, { secrets: Rate; benign: Rate }>;
  perKind: Record<DetectionCode, KindFigures>;
  /** Secret cases that got through, by id (the text is not repeated: it is secret-shaped). */
  missed: { id: string; expected: DetectionCode }[];
  /** Benign memories the gate refused, with the codes it gave. */
  falsePositives: { id: string; text: string; codes: GateReasonCode[] }[];
  /** Benign memories accepted with an identifier redacted (stored changed, not refused). */
  benignRedacted: { id: string; text: string; flags: string[] }[];
  /** Benign memories accepted but flagged as suspected injection (trust capped at 0). */
  injectionFlags: { id: string; text: string }[];
}

const CALLER = { auth: 'jwt', scopes: ['memories:write'] } as const;
const NOW = new Date('2026-01-01T00:00:00Z');
const ORIGINS: readonly CaseOrigin[] = [
  'generated',
  'hand-written',
  'held-out',
  'held-out-new',
  'held-out-third',
  'held-out-fourth',
  'held-out-fifth',
  'held-out-sixth',
  'held-out-seventh',
  'held-out-eighth',
  'held-out-ninth',
  'held-out-tenth',
  'held-out-eleventh',
  'held-out-twelfth',
  'held-out-thirteenth',
  'held-out-fourteenth',
  'held-out-fifteenth',
  'held-out-sixteenth',
  'held-out-seventeenth',
  'held-out-eighteenth',
  'held-out-nineteenth',
  'held-out-twentieth',
  'held-out-twenty-first',
  'held-out-twenty-second',
  'held-out-twenty-third',
];

/** One corpus text through the whole gate, as an authenticated user's fact. */
export function evaluateCorpusText(text: string): Promise<GateResult> {
  return evaluateWrite({ subject: 'corpus', kind: 'fact', content: text, source: { type: 'user' } }, CALLER, {
    now: NOW,
  });
}

function rate(total: number, rejected: number): Rate {
  return { total, rejected, rate: total === 0 ? 0 : rejected / total };
}

/** The redaction flag that stands for catching `expected` (an identifier's class), if it has one. */
function redactionFlagOf(expected: DetectionCode): string | undefined {
  const cls = PII_CLASSES.find((c) => PII_REJECTION_CODES[c] === expected);
  return cls === undefined ? undefined : `pii_redacted:${cls}`;
}

/** Evaluates every case of the corpus through `evaluateWrite` and returns the figures. */
export async function measureCorpus(corpus: Corpus): Promise<CorpusFigures> {
  const perKind = Object.fromEntries(
    DETECTION_CODES.map((code) => [code, { total: 0, rejected: 0, redacted: 0, exactCode: 0 }]),
  ) as Record<DetectionCode, KindFigures>;
  const tally = Object.fromEntries(
    ORIGINS.map((origin) => [origin, { secrets: [0, 0], benign: [0, 0] }]),
  ) as Record<CaseOrigin, { secrets: [number, number]; benign: [number, number] }>;
  const missed: CorpusFigures['missed'] = [];
  const languages: Record<string, { secrets: [number, number]; benign: [number, number] }> = {};
  const languageOf = (language: string | undefined) => {
    const key = language ?? 'en';
    languages[key] ??= { secrets: [0, 0], benign: [0, 0] };
    return languages[key];
  };

  for (const item of corpus.secrets) {
    const result = await evaluateCorpusText(item.text);
    const figures = perKind[item.expected];
    const language = languageOf(item.language);
    figures.total++;
    tally[item.origin].secrets[0]++;
    language.secrets[0]++;
    const flag = redactionFlagOf(item.expected);
    const redacted =
      result.decision === 'accepted' && flag !== undefined && (result.flags as string[]).includes(flag);
    if (result.decision === 'accepted' && !redacted) {
      missed.push({ id: item.id, expected: item.expected });
      continue;
    }
    figures.rejected++;
    tally[item.origin].secrets[1]++;
    language.secrets[1]++;
    if (redacted) figures.redacted++;
    if (
      redacted ||
      (result.decision === 'rejected' && result.reasons.some((r) => r.code === item.expected))
    ) {
      figures.exactCode++;
    }
  }

  const falsePositives: CorpusFigures['falsePositives'] = [];
  const injectionFlags: CorpusFigures['injectionFlags'] = [];
  const benignRedacted: CorpusFigures['benignRedacted'] = [];
  for (const item of corpus.benign) {
    const result = await evaluateCorpusText(item.text);
    const language = languageOf(item.language);
    tally[item.origin].benign[0]++;
    language.benign[0]++;
    if (result.decision === 'rejected') {
      tally[item.origin].benign[1]++;
      language.benign[1]++;
      falsePositives.push({ id: item.id, text: item.text, codes: result.reasons.map((r) => r.code) });
    } else {
      if (result.flags.includes('injection.suspected')) injectionFlags.push({ id: item.id, text: item.text });
      const pii = result.flags.filter((f) => f.startsWith('pii_redacted:'));
      if (pii.length > 0) benignRedacted.push({ id: item.id, text: item.text, flags: pii });
    }
  }

  const byOrigin = Object.fromEntries(
    ORIGINS.map((origin) => {
      const t = tally[origin];
      return [origin, { secrets: rate(...t.secrets), benign: rate(...t.benign) }];
    }),
  ) as CorpusFigures['byOrigin'];
  const byLanguage = Object.fromEntries(
    Object.entries(languages)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([language, t]) => [language, { secrets: rate(...t.secrets), benign: rate(...t.benign) }]),
  );
  return {
    secrets: {
      ...rate(corpus.secrets.length, corpus.secrets.length - missed.length),
      kinds: Object.values(perKind).filter((k) => k.total > 0).length,
    },
    benign: { ...rate(corpus.benign.length, falsePositives.length), injectionFlagged: injectionFlags.length },
    byOrigin,
    byLanguage,
    perKind,
    missed,
    falsePositives,
    benignRedacted,
    injectionFlags,
  };
}
