// The named speaker: a question that names one participant of a conversation ("What did Caroline research?") is
// nearly always answered by that participant's own turns. On LoCoMo's dev file, 642 of the 678 questions of
// categories 1-4 that name exactly one of the two speakers have every gold turn said by the one named. Neither lane
// sees it: the name is in nearly every turn's context, so its full-text weight (idf) is near zero, and a turn's
// vector barely moves with its speaker label. So a turn said by another participant of the same conversation
// scores less, by OTHER_SPEAKER_FACTOR. Only episodes (chat turns) are weighed, and only when the candidates hold
// turns of at least two speakers of whom the query names exactly one: a question naming both, or neither ("what did
// I say about the marina?"), changes nothing, nor does a subject of durable memories. Pure.
import { escapeRegExp } from '../core/regexp.ts';

/** What a turn said by another participant than the one the query names keeps of its score (tuned on dev). */
export const OTHER_SPEAKER_FACTOR = 0.6;

/** The longest speaker label read from a turn's start (`turnContent` writes "Speaker: text"). */
const MAX_SPEAKER_LENGTH = 40;

/**
 * The speaker of a stored turn: ingest writes a turn as "Speaker: text" (src/ingest/turns.ts, turnContent). Null
 * when the content does not start with such a label (an episode written directly, without a speaker).
 */
export function speakerOf(content: string): string | null {
  const colon = content.indexOf(': ');
  if (colon <= 0 || colon > MAX_SPEAKER_LENGTH) return null;
  const speaker = content.slice(0, colon).trim();
  // A name or a role, not a clause: letters, marks, digits, spaces, dots, apostrophes and hyphens only.
  return /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .'’_-]*$/u.test(speaker) ? speaker : null;
}

/** Whether `name` occurs in `query` as a whole word (or words), as written: names are matched case and all. */
function names(query: string, name: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{M}\\p{N}])`, 'u').test(
    query,
  );
}

interface Entry {
  candidate: { kind: string; content: string };
  score: number;
  /** Set on a turn with a known speaker when the query names one: what its score was multiplied by. */
  speaker_weight?: number;
}

/**
 * The one speaker the query names among the speakers of the candidate turns, or null (fewer than two speakers
 * among them, or the query names none or several).
 */
export function namedSpeaker(entries: readonly Entry[], query: string): string | null {
  return nameAmong(new Set(entries.map(turnSpeaker)), query);
}

/** A candidate's speaker: a chat turn's label, null for a durable memory or a turn without one. */
function turnSpeaker(e: Entry): string | null {
  return e.candidate.kind === 'episode' ? speakerOf(e.candidate.content) : null;
}

function nameAmong(said: ReadonlySet<string | null>, query: string): string | null {
  const speakers = [...said].filter((s): s is string => s !== null);
  if (speakers.length < 2) return null;
  const named = speakers.filter((s) => names(query, s));
  return named.length === 1 ? named[0]! : null;
}

/**
 * `scored` (best first) with every turn said by another speaker than the one the query names scored
 * OTHER_SPEAKER_FACTOR lower, re-sorted (ties keep their order); unchanged when no single speaker is named. Each
 * turn with a known speaker carries its `speaker_weight` (1 or OTHER_SPEAKER_FACTOR) for the explanation. Each
 * turn's label is read once.
 */
export function weighNamedSpeaker<T extends Entry>(
  scored: readonly T[],
  query: string,
): { ranked: T[]; speaker: string | null } {
  const said = scored.map(turnSpeaker);
  const speaker = nameAmong(new Set(said), query);
  if (speaker === null) return { ranked: [...scored], speaker };
  const weighed = scored.map((e, order) => {
    const who = said[order];
    if (who === null || who === undefined) return { entry: e, order };
    const weight = who === speaker ? 1 : OTHER_SPEAKER_FACTOR;
    return { entry: { ...e, score: e.score * weight, speaker_weight: weight }, order };
  });
  weighed.sort((a, b) => b.entry.score - a.entry.score || a.order - b.order);
  return { ranked: weighed.map((w) => w.entry), speaker };
}
