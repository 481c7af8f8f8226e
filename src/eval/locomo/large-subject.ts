// The large-subject check of issue 18: every conversation of a LoCoMo file in ONE subject, followed by newer
// unrelated chat, so that recall runs where a subject holds 10k+ rows. LoCoMo's own subjects hold at most ~700
// rows, which cannot show what a lexical match bound, a recent-rows window or the approximate vector index costs
// in quality once a subject grows. The questions are the file's own; only their conversation's turns count as gold.
//
// Dialog ids stay well formed and never collide: conversation n's session s becomes session n * 1000 + s, and the
// filler takes sessions from 900,000 up. The filler is said by each conversation's own speakers (so a speaker's name
// matches it, as in a lived-in subject), in words drawn one by one from all the file's turns by their frequency, each
// turn as long as a real one: the vocabulary and its frequencies are real chat, no sentence or fact is (a shuffled
// copy of a real turn would be a paraphrase of its gold to a bag-of-words embedder). It is dated after the newest
// session, so a bound that keeps the newest matches meets it first.
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

  const lengths = samples.flatMap((s) =>
    s.sessions.flatMap((x) => x.turns.map((t) => t.text.split(/\s+/).length)),
  );
  const words = samples.flatMap((s) =>
    s.sessions.flatMap((x) => x.turns.flatMap((t) => t.text.split(/\s+/))),
  );
  const speakersOf = samples.map((s) => [
    ...new Set(s.sessions.flatMap((x) => x.turns.map((t) => t.speaker))),
  ]);
  const pick = <T>(items: readonly T[], fallback: T): T =>
    items[Math.floor(random() * items.length)] ?? fallback;
  const start = newest > 0 ? newest : Date.parse('2024-01-01T00:00:00Z');
  for (let made = 0, k = 0; made < options.fillerTurns; k++) {
    // Round robin over the conversations: each one's speakers get their share of the newer chat.
    const speakers = speakersOf[k % samples.length] ?? ['user'];
    const turns: Turn[] = [];
    for (let t = 1; t <= perSession && made < options.fillerTurns; t++, made++) {
      const length = pick(lengths, 8);
      turns.push({
        diaId: `D${FILLER_FIRST_SESSION + k}:${t}`,
        speaker: speakers[t % speakers.length]!,
        text: Array.from({ length }, () => pick(words, 'hello')).join(' '),
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
