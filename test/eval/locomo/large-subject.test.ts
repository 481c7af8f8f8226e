// The large-subject check's corpus: every conversation in one subject, gold kept to its own conversation, and
// newer filler said by each conversation's speakers in words of the other conversations.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseLocomo, type Sample } from '../../../src/eval/locomo/dataset.ts';
import { LARGE_SUBJECT_ID, oneLargeSubject } from '../../../src/eval/locomo/large-subject.ts';
import { scoreRanking } from '../../../src/eval/locomo/metrics.ts';
import { MINI_LOCOMO } from '../../fixtures/suites.ts';

const samples = async (): Promise<Sample[]> => parseLocomo(JSON.parse(await readFile(MINI_LOCOMO, 'utf8')));

describe('oneLargeSubject', () => {
  it('holds every turn and question once, with dialog ids that never collide across conversations', async () => {
    const input = await samples();
    const one = oneLargeSubject(input, { fillerTurns: 0 });
    expect(one.sampleId).toBe(LARGE_SUBJECT_ID);
    const turns = input.flatMap((s) => s.sessions.flatMap((x) => x.turns));
    const ids = one.sessions.flatMap((x) => x.turns.map((t) => t.diaId));
    expect(ids).toHaveLength(turns.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(one.sessions.flatMap((x) => x.turns.map((t) => t.text))).toEqual(turns.map((t) => t.text));
    expect(one.questions.map((q) => q.question)).toEqual(
      input.flatMap((s) => s.questions.map((q) => q.question)),
    );
    expect(one.questions.map((q) => q.index)).toEqual(one.questions.map((_, i) => i));
  });

  it("scores a question on its own conversation's turn only, never on the same id of another", async () => {
    const input = await samples();
    const one = oneLargeSubject(input, { fillerTurns: 0 });
    const second = input[1]!;
    const question = second.questions.find((q) => q.gold.length > 0)!;
    const mapped = one.questions[input[0]!.questions.length + second.questions.indexOf(question)]!;
    // The first conversation's turn with the same original id is not gold for the second's question.
    expect(scoreRanking([...question.gold], mapped.gold).recall[1]).toBe(0);
    const own = one.sessions
      .filter((s) => s.index >= 1000 && s.index < 2000)
      .flatMap((s) => s.turns.map((t) => t.diaId))
      .filter((id) => mapped.gold.includes(id));
    expect(own).toHaveLength(mapped.gold.length);
  });

  it("adds newer filler in the speakers of each conversation, in the file's words but no real turn, reproducibly", async () => {
    const input = await samples();
    const one = oneLargeSubject(input, { fillerTurns: 45, turnsPerSession: 10 });
    const filler = one.sessions.filter((s) => s.index >= 900_000);
    expect(filler.flatMap((s) => s.turns)).toHaveLength(45);
    const newest = Math.max(...input.flatMap((s) => s.sessions.map((x) => (x.at ? Date.parse(x.at) : 0))));
    for (const session of filler) expect(Date.parse(session.at!)).toBeGreaterThan(newest);
    const speakers = new Set(input.flatMap((s) => s.sessions.flatMap((x) => x.turns.map((t) => t.speaker))));
    for (const turn of filler.flatMap((s) => s.turns)) expect(speakers.has(turn.speaker)).toBe(true);
    const vocabulary = new Set(
      input.flatMap((s) => s.sessions.flatMap((x) => x.turns.flatMap((t) => t.text.split(/\s+/)))),
    );
    const real = new Set(input.flatMap((s) => s.sessions.flatMap((x) => x.turns.map((t) => t.text))));
    for (const turn of filler.flatMap((s) => s.turns)) {
      // Real words, never a real turn.
      for (const word of turn.text.split(/\s+/)) expect(vocabulary.has(word)).toBe(true);
      expect(real.has(turn.text)).toBe(false);
    }
    expect(oneLargeSubject(input, { fillerTurns: 45, turnsPerSession: 10 })).toEqual(one);
  });
});
