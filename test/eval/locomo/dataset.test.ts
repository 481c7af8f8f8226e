import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseLocomo, turnText } from '../../../src/eval/locomo/dataset.ts';
import { MINI_LOCOMO } from '../../fixtures/suites.ts';

const file = [
  {
    sample_id: 'conv-x',
    conversation: {
      speaker_a: 'Ann',
      speaker_b: 'Bo',
      session_2_date_time: '9:00 am on 2 May, 2023',
      session_2: [{ speaker: 'Bo', dia_id: 'D2:1', text: 'Second session' }],
      session_1_date_time: '1:56 pm on 8 May, 2023',
      session_1: [
        { speaker: 'Ann', dia_id: 'D1:1', text: 'Hi Bo' },
        { speaker: 'Bo', dia_id: 'D1:2', text: 'Look', blip_caption: 'a photo of a dog', img_url: ['u'] },
      ],
      session_3_date_time: '9:00 am on 9 May, 2023',
    },
    qa: [
      { question: 'q0', answer: 'a', evidence: ['D1:1'], category: 1 },
      { question: 'q1', evidence: ['D1:2; D2:1'], category: 2 },
      { question: 'q2', evidence: ['D:1:2', 'D9:9'], category: 4 },
      { question: 'q3', evidence: ['D'], category: 5, adversarial_answer: 'x' },
      { question: 'q4', evidence: [], category: 3 },
    ],
    event_summary: {},
  },
];

describe('parseLocomo', () => {
  const [sample] = parseLocomo(file);

  it('orders sessions by number and parses their dates', () => {
    expect(sample!.sampleId).toBe('conv-x');
    expect(sample!.sessions.map((s) => [s.index, s.at, s.turns.length])).toEqual([
      [1, '2023-05-08T13:56:00.000Z', 2],
      [2, '2023-05-02T09:00:00.000Z', 1],
    ]);
    expect(sample!.sessions[0]!.turns[1]).toEqual({
      diaId: 'D1:2',
      speaker: 'Bo',
      text: 'Look',
      caption: 'a photo of a dog',
    });
  });

  it('normalises gold ids and keeps only turns that exist', () => {
    expect(sample!.questions.map((q) => [q.index, q.category, q.gold])).toEqual([
      [0, 1, ['D1:1']],
      [1, 2, ['D1:2', 'D2:1']],
      [2, 4, ['D1:2']],
      [3, 5, []],
      [4, 3, []],
    ]);
  });

  it('refuses a file without the LoCoMo shape', () => {
    expect(() => parseLocomo({ not: 'a list' })).toThrow();
  });
});

describe('turnText', () => {
  it('appends the image caption when there is one', () => {
    expect(turnText({ diaId: 'D1:1', speaker: 'A', text: 'Look' })).toBe('Look');
    expect(turnText({ diaId: 'D1:1', speaker: 'A', text: 'Look', caption: 'a dog' })).toBe(
      'Look [shared an image: a dog]',
    );
  });
});

describe('the synthetic fixture in LoCoMo format (test/fixtures/locomo-mini.json)', () => {
  it('parses like the dev file: sessions in order with dates, captions, and normalised or dropped evidence', async () => {
    const samples = parseLocomo(JSON.parse(await readFile(MINI_LOCOMO, 'utf8')));
    expect(samples.map((s) => [s.sampleId, s.sessions.reduce((n, x) => n + x.turns.length, 0)])).toEqual([
      ['mini-1', 48],
      ['mini-2', 20],
      ['mini-3', 16],
    ]);
    const [mini] = samples;
    expect(mini!.sessions.map((s) => s.at)).toEqual([
      '2023-03-04T15:15:00.000Z',
      '2023-04-22T11:40:00.000Z',
      '2023-06-09T20:05:00.000Z',
    ]);
    expect(turnText(mini!.sessions[0]!.turns[6]!)).toMatch(/\[shared an image: a photo of a lopsided blue/);
    const gold = mini!.questions.map((q) => q.gold);
    expect(gold[7]).toEqual(['D3:1', 'D3:3']);
    expect(gold[10]).toEqual(['D1:14']);
    expect(gold[14]).toEqual([]);
    expect(mini!.questions.filter((q) => q.category === 5)).toHaveLength(1);
  });
});
