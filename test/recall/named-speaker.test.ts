import { describe, expect, it } from 'vitest';
import { turnContent } from '../../src/ingest/turns.ts';
import {
  namedSpeaker,
  OTHER_SPEAKER_FACTOR,
  speakerOf,
  weighNamedSpeaker,
} from '../../src/recall/named-speaker.ts';

const turn = (id: string, speaker: string, text: string, score: number) => ({
  id,
  candidate: { kind: 'episode', content: turnContent({ speaker, text }) },
  score,
});
const memory = (id: string, content: string, score: number) => ({
  id,
  candidate: { kind: 'fact', content },
  score,
});

describe('speakerOf', () => {
  it('reads the speaker ingest writes before a turn', () => {
    expect(speakerOf(turnContent({ speaker: 'Caroline', text: 'I went to a support group.' }))).toBe(
      'Caroline',
    );
    expect(speakerOf(turnContent({ speaker: 'Mary Ann', text: 'Hi: there' }))).toBe('Mary Ann');
    expect(speakerOf(turnContent({ speaker: 'assistant', text: 'Sure.' }))).toBe('assistant');
  });

  it('reads no speaker from content without a label', () => {
    expect(speakerOf('We have a dog.')).toBeNull();
    expect(speakerOf(': nothing before the colon')).toBeNull();
    expect(speakerOf('When I asked him what he meant by that, he said: no')).toBeNull();
    expect(speakerOf('Remember (this): important')).toBeNull();
  });
});

describe('namedSpeaker', () => {
  const turns = [turn('a', 'Caroline', 'I paint.', 0.5), turn('b', 'Melanie', 'I run.', 0.4)];

  it('is the one participant the query names, as a whole word', () => {
    expect(namedSpeaker(turns, 'What did Caroline research?')).toBe('Caroline');
    expect(namedSpeaker(turns, "What is Melanie's favourite race?")).toBe('Melanie');
  });

  it('is null for a query naming both, neither, or a name inside another word', () => {
    expect(namedSpeaker(turns, 'When did Caroline and Melanie meet?')).toBeNull();
    expect(namedSpeaker(turns, 'What did I say about the marina?')).toBeNull();
    expect(namedSpeaker(turns, 'Who is Carolines?')).toBeNull();
  });

  it('is null when the candidates hold one speaker only, or durable memories only', () => {
    expect(namedSpeaker([turns[0]!], 'What did Caroline paint?')).toBeNull();
    expect(namedSpeaker([memory('m', 'Caroline: likes tea', 1)], 'What does Caroline like?')).toBeNull();
  });
});

describe('weighNamedSpeaker', () => {
  it('scores the other participant turns lower and re-sorts', () => {
    const scored = [
      turn('other', 'Melanie', 'Caroline told me about the adoption agency.', 0.5),
      turn('named', 'Caroline', 'I researched adoption agencies.', 0.45),
      memory('durable', 'Likes hiking', 0.3),
    ];
    const { ranked, speaker } = weighNamedSpeaker(scored, 'What did Caroline research?');
    expect(speaker).toBe('Caroline');
    expect(ranked.map((e) => e.id)).toEqual(['named', 'other', 'durable']);
    expect(ranked[1]!.score).toBeCloseTo(0.5 * OTHER_SPEAKER_FACTOR, 12);
    // The named speaker's turns and durable memories keep their scores.
    expect(ranked[0]!.score).toBe(0.45);
    expect(ranked[2]!.score).toBe(0.3);
  });

  it('changes nothing when the query names no single participant', () => {
    const scored = [turn('x', 'Melanie', 'I run.', 0.5), turn('y', 'Caroline', 'I paint.', 0.4)];
    const { ranked, speaker } = weighNamedSpeaker(scored, 'Who likes running?');
    expect(speaker).toBeNull();
    expect(ranked).toEqual(scored);
  });

  it('leaves turns without a speaker label as they are', () => {
    const scored = [
      { id: 'plain', candidate: { kind: 'episode', content: 'no label here' }, score: 0.5 },
      turn('other', 'Melanie', 'I run.', 0.45),
      turn('named', 'Caroline', 'I paint.', 0.3),
    ];
    const { ranked } = weighNamedSpeaker(scored, 'What does Caroline paint?');
    expect(ranked.map((e) => [e.id, e.score])).toEqual([
      ['plain', 0.5],
      ['named', 0.3],
      ['other', 0.45 * OTHER_SPEAKER_FACTOR],
    ]);
  });
});
