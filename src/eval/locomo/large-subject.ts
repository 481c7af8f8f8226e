// The large-subject check of issue 18: every conversation of a LoCoMo file in ONE subject, followed by newer
// unrelated chat, so that recall runs where a subject holds 10k+ rows. LoCoMo's own subjects hold at most ~700
// rows, which cannot show what a lexical match bound, a recent-rows window or the approximate vector index costs
// in quality once a subject grows. The questions are the file's own; only their conversation's turns count as gold.
//
// Dialog ids stay well formed and never collide: conversation n's session s becomes session n * 1000 + s, and the
// filler takes sessions from 900,000 up. The filler is said by each conversation's own speakers (so a speaker's name
// matches it, as in a lived-in subject), in words resampled from the other conversations' turns (the vocabulary
// and its frequencies are real chat, the content is not), dated after the newest session (so a bound that keeps the
// newest matches meets it first).
import { prng } from '../../bench/corpus.ts';
import type { Sample, Session, Turn } from './dataset.ts';
import type { DiaId } from './dia-id.ts';

export interface LargeSubjectOptions {
  /** Filler turns after the conversations. */
  fillerTurns: number;
  /** Turns per filler session. Default 20. */
  turnsPerSession?: number;
  seed?: number;
}

export const LARGE_SUBJECT_ID = 'locomo-one-subject';
const SESSION_STRIDE = 1000;
const FILLER_FIRST_SESSION = 900_000;
const DAY_MS = 86_400_000;

function renumber(id: DiaId, conversation: number): DiaId {
  const [session, turn] = id.slice(1).split(':').map(Number) as [number, number];
  return `D${conversation * SESSION_STRIDE + session}:${turn}`;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One sample holding every conversation of `samples` and `fillerTurns` turns of newer unrelated chat. */
export function oneLargeSubject(samples: readonly Sample[], options: LargeSubjectOptions): Sample {
  if (samples.length > FILLER_FIRST_SESSION / SESSION_STRIDE) throw new Error('too many conversations');
  const random = prng(options.seed ?? 20261201);
  const perSession = Math.max(1, options.turnsPerSession ?? 20);
  const sessions: Session[] = [];
  const questions: Sample['questions'] = [];
  let newest = 0;
  for (const [n, sample] of samples.entries()) {
    for (const session of sample.sessions) {
      if (session.at) newest = Math.max(newest, Date.parse(session.at));
      sessions.push({
        index: n * SESSION_STRIDE + session.index,
        at: session.at,
        turns: session.turns.map((turn) => ({ ...turn, diaId: renumber(turn.diaId, n) })),
      });
    }
    for (const question of sample.questions)
      questions.push({
        ...question,
        index: questions.length,
        gold: question.gold.map((id) => renumber(id, n)),
      });
  }

  const wordsOf = samples.map((s) => s.sessions.flatMap((x) => x.turns.map((t) => t.text.split(/\s+/))));
  const speakersOf = samples.map((s) => [
    ...new Set(s.sessions.flatMap((x) => x.turns.map((t) => t.speaker))),
  ]);
  const start = newest > 0 ? newest : Date.parse('2024-01-01T00:00:00Z');
  for (let made = 0, k = 0; made < options.fillerTurns; k++) {
    // Round robin over the conversations: each one's speakers get their share of the newer chat.
    const owner = k % samples.length;
    const others = wordsOf.filter((_, i) => i !== owner || samples.length === 1).flat();
    const speakers = speakersOf[owner] ?? ['user'];
    const turns: Turn[] = [];
    for (let t = 1; t <= perSession && made < options.fillerTurns; t++, made++) {
      const source = others[Math.floor(random() * others.length)] ?? ['hello'];
      turns.push({
        diaId: `D${FILLER_FIRST_SESSION + k}:${t}`,
        speaker: speakers[t % speakers.length]!,
        text: shuffled(source, random).join(' '),
      });
    }
    sessions.push({
      index: FILLER_FIRST_SESSION + k,
      at: new Date(start + (k + 1) * DAY_MS).toISOString(),
      turns,
    });
  }
  return { sampleId: LARGE_SUBJECT_ID, sessions, questions };
}
