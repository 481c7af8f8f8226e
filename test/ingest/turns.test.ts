// The pure half of conversation ingestion: what a turn stores, and what is indexed beside it as context.
import { describe, expect, it } from 'vitest';
import {
  neighbourContext,
  spokenDate,
  turnContent,
  turnContext,
  turnMemoryInput,
} from '../../src/ingest/turns.ts';

describe('turnContent and turnMemoryInput', () => {
  it('stores who said it and what, as an episode of the session, with the time and the caller id kept', () => {
    expect(turnContent({ speaker: ' Ann ', text: ' hi  ' })).toBe('Ann: hi');
    expect(
      turnMemoryInput(
        's',
        'sess-1',
        { speaker: 'Ann', text: 'hi', at: '2023-05-08T13:56:00Z', id: 'D1:1' },
        4,
      ),
    ).toEqual({
      subject: 's',
      kind: 'episode',
      content: 'Ann: hi',
      source: { type: 'app', session: 'sess-1', id: 'D1:1' },
      metadata: { speaker: 'Ann', turn: 4, at: '2023-05-08T13:56:00Z' },
    });
  });
});

describe('spokenDate', () => {
  it('writes the UTC day in words, so that a question naming the date matches it', () => {
    expect(spokenDate('2022-02-07T23:30:00Z')).toBe('7 February 2022');
    expect(spokenDate('2022-02-07T23:30:00-05:00')).toBe('8 February 2022');
  });
  it('gives nothing for a missing or unreadable time', () => {
    expect(spokenDate(undefined)).toBeUndefined();
    expect(spokenDate('yesterday')).toBeUndefined();
  });
});

describe('neighbourContext', () => {
  const turns = ['t0', 't1', 't2', 't3', 't4', 't5'];
  it('takes up to `turns` neighbours on each side, nearest first', () => {
    expect(neighbourContext(turns, 2, 2)).toBe('t1\nt3\nt0\nt4');
    expect(neighbourContext(turns, 0, 2)).toBe('t1\nt2');
    expect(neighbourContext(turns, 5, 1)).toBe('t4');
  });
  it('skips a rejected turn rather than reaching past the window, and may have nothing', () => {
    expect(neighbourContext(['a', null, 'c', 'd'], 2, 1)).toBe('d');
    expect(neighbourContext(['a', null, 'c'], 2, 1)).toBeUndefined();
    expect(neighbourContext(turns, 2, 0)).toBeUndefined();
  });
  it('cuts a long neighbour', () => {
    expect(neighbourContext(['x'.repeat(5000), 'b'], 1, 1)).toHaveLength(1000);
  });
});

describe('turnContext', () => {
  it('puts the day first, then the neighbours; either may be missing', () => {
    expect(turnContext(['a', 'b', 'c'], 1, '2023-05-08T13:56:00Z', 1)).toBe('8 May 2023\na\nc');
    expect(turnContext(['a', 'b'], 0, undefined, 1)).toBe('b');
    expect(turnContext(['a'], 0, '2023-05-08T13:56:00Z', 1)).toBe('8 May 2023');
    expect(turnContext(['a'], 0, undefined, 1)).toBeUndefined();
  });
});
