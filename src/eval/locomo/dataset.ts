// Reads a LoCoMo file into conversations (sessions of turns) and questions with their gold dialog ids.
import { z } from 'zod';
import { canonicalDiaId, type DiaId, normalizeDiaIds } from './dia-id.ts';
import { parseSessionDate } from './session-date.ts';

const TurnSchema = z.object({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
  blip_caption: z.string().optional(),
});

const QaSchema = z.object({
  question: z.string(),
  evidence: z.array(z.string()).default([]),
  category: z.number().int(),
});

const SampleSchema = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  qa: z.array(QaSchema),
});

export const LocomoFileSchema = z.array(SampleSchema);

export interface Turn {
  diaId: DiaId;
  speaker: string;
  text: string;
  /** The dataset's caption of an image shared in this turn. */
  caption?: string;
}

export interface Session {
  index: number;
  /** ISO 8601 UTC, or null when the file gives none (or an unreadable one). */
  at: string | null;
  turns: Turn[];
}

export interface Question {
  /** Position in the sample's `qa` list (the key of rankings.json uses it). */
  index: number;
  question: string;
  category: number;
  /** Canonical gold ids that exist in the conversation; empty means the question cannot be scored. */
  gold: DiaId[];
}

export interface Sample {
  sampleId: string;
  sessions: Session[];
  questions: Question[];
}

const SESSION_KEY = /^session_(\d+)$/;

function sessionsOf(conversation: Record<string, unknown>): Session[] {
  const sessions: Session[] = [];
  for (const [key, value] of Object.entries(conversation)) {
    const match = SESSION_KEY.exec(key);
    if (!match || !Array.isArray(value)) continue;
    const index = Number(match[1]);
    const when = conversation[`${key}_date_time`];
    const turns: Turn[] = [];
    for (const raw of value) {
      const turn = TurnSchema.parse(raw);
      const diaId = canonicalDiaId(turn.dia_id);
      if (!diaId) continue;
      turns.push({
        diaId,
        speaker: turn.speaker,
        text: turn.text,
        ...(turn.blip_caption ? { caption: turn.blip_caption } : {}),
      });
    }
    sessions.push({ index, at: typeof when === 'string' ? parseSessionDate(when) : null, turns });
  }
  return sessions.sort((a, b) => a.index - b.index);
}

/**
 * Parses the parsed JSON of a LoCoMo file. Gold ids are normalised (see dia-id.ts) and kept only when that turn
 * exists in the conversation, so a question whose evidence is missing or unusable ends up with empty gold.
 * @throws ZodError when the file does not have LoCoMo's shape.
 */
export function parseLocomo(json: unknown): Sample[] {
  return LocomoFileSchema.parse(json).map((raw) => {
    const sessions = sessionsOf(raw.conversation);
    const known = new Set<string>(sessions.flatMap((s) => s.turns.map((t) => t.diaId)));
    const questions = raw.qa.map((qa, index) => {
      const gold = [...new Set(qa.evidence.flatMap(normalizeDiaIds))].filter((id) => known.has(id));
      return { index, question: qa.question, category: qa.category, gold };
    });
    return { sampleId: raw.sample_id, sessions, questions };
  });
}

/** What one memory holds for a turn: its text, and the caption of the image shared in it, if any. */
export function turnText(turn: Turn): string {
  return turn.caption ? `${turn.text} [shared an image: ${turn.caption}]` : turn.text;
}
