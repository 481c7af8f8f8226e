// Which ingested turns an extractor reads: screened by the gate's verdicts, with a role per speaker.
import { describe, expect, it } from 'vitest';
import { extractionTurns, roleOfSpeaker } from '../../src/extract/turns.ts';

describe('extraction turns', () => {
  it('maps speakers to roles, anyone unknown to other', () => {
    expect(['User', 'human', ' me '].map(roleOfSpeaker)).toEqual(['user', 'user', 'user']);
    expect(['assistant', 'AI', 'Claude', 'system'].map(roleOfSpeaker)).toEqual(Array(4).fill('assistant'));
    expect(['Caroline', 'Melanie', ''].map(roleOfSpeaker)).toEqual(['other', 'other', 'other']);
  });

  it('reads only the turns the gate accepted, as it normalised them, at their batch positions', () => {
    const messages = [
      { speaker: 'user', text: 'I live in  Oslo', id: 'a' },
      { speaker: 'assistant', text: 'Nice!' },
      { speaker: 'user', text: 'my key is <refused>', id: 'c' },
      { speaker: 'Caroline', text: 'I love Oslo too' },
      { speaker: 'user', text: '   ' },
    ];
    const usable = ['I live in Oslo', 'Nice!', null, 'I love Oslo too', ''];
    expect(extractionTurns(messages, usable)).toEqual([
      { index: 0, role: 'user', text: 'I live in Oslo', id: 'a' },
      { index: 1, role: 'assistant', text: 'Nice!' },
      { index: 3, role: 'other', text: 'I love Oslo too' },
    ]);
    expect(
      extractionTurns(messages, usable, (s) => (s === 'Caroline' ? 'user' : 'assistant'))[2],
    ).toMatchObject({
      index: 3,
      role: 'user',
    });
  });
});
