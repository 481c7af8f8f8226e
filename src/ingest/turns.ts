// Conversation ingestion, pure part: a turn becomes an episode memory, and its neighbours become its context text.
import type { IngestMessage, MemoryInput } from '../contract/index.ts';

/**
 * How many turns before and after a turn are indexed as its context. On the LoCoMo dev file (lexical lane,
 * categories 1-4) 1 turn gave R@10 0.707, 2 turns 0.737, 3 turns 0.735 (docs/benchmarks/locomo-tuning.md).
 */
export const DEFAULT_CONTEXT_TURNS = 2;

/** A neighbour longer than this is cut: context is a hint for search, and the column holds at most 16000 chars. */
export const MAX_NEIGHBOUR_CHARS = 1000;

/** The stored content of a turn: who said it, then what was said (queries often name the speaker). */
export function turnContent(message: Pick<IngestMessage, 'speaker' | 'text'>): string {
  return `${message.speaker.trim()}: ${message.text.trim()}`;
}

/**
 * A turn's words without its "Speaker: " label (as stored by turnContent, or as the gate normalised it). Context is
 * for the words around a turn; with the labels every turn's context held both speakers' names, so any question
 * naming a speaker matched every turn (LoCoMo, lexical: R@10 0.745 -> 0.751, MRR 0.548 -> 0.557 without them;
 * docs/benchmarks/locomo-tuning.md). The extract job reads stored turns back through it too.
 */
export function withoutSpeaker(content: string, speaker: string): string {
  const label = `${speaker.trim()}: `;
  return content.startsWith(label) ? content.slice(label.length) : content;
}

/** The memory a turn becomes, before the write gate. */
export function turnMemoryInput(
  subject: string,
  session: string,
  message: IngestMessage,
  position: number,
): MemoryInput {
  return {
    subject,
    kind: 'episode',
    content: turnContent(message),
    source: { type: 'app', session, ...(message.id !== undefined ? { id: message.id } : {}) },
    metadata: {
      speaker: message.speaker,
      turn: position,
      ...(message.at !== undefined ? { at: message.at } : {}),
    },
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The day a turn was said, in words ("7 February 2022", UTC), so that a question naming a date ("what did I say
 * on February 7, 2022?") finds the turns of that day by full text. Undefined for a missing or unreadable time.
 */
export function spokenDate(at: string | undefined): string | undefined {
  if (at === undefined) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The context text of a turn: the day it was said, then its neighbours (see neighbourContext). */
export function turnContext(
  usable: readonly (string | null)[],
  index: number,
  at: string | undefined,
  turns: number = DEFAULT_CONTEXT_TURNS,
): string | undefined {
  const parts = [spokenDate(at), neighbourContext(usable, index, turns)].filter((p) => p !== undefined);
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/**
 * The context text of turn `index`: the contents of up to `turns` usable neighbours on each side, nearest first
 * on each side, one per line. `usable[i]` is null for a turn that must not leak into its neighbours (the gate
 * rejected it); those are skipped, not replaced by the next one out, so context never reaches past a window.
 * Returns undefined when there is no neighbour.
 */
export function neighbourContext(
  usable: readonly (string | null)[],
  index: number,
  turns: number = DEFAULT_CONTEXT_TURNS,
): string | undefined {
  const lines: string[] = [];
  for (let offset = 1; offset <= turns; offset++) {
    for (const at of [index - offset, index + offset]) {
      const text = usable[at];
      if (typeof text === 'string' && text !== '') lines.push(text.slice(0, MAX_NEIGHBOUR_CHARS));
    }
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}
