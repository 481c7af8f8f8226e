// Numbers said aloud reach the gate through voice assistants; the detectors read them as digits.
import { describe, expect, it } from 'vitest';
import { evaluateWrite } from '../../src/gate/evaluate-write.ts';
import { spellOutDigits } from '../../src/gate/spoken-digits.ts';

const NOW = new Date('2026-12-02T00:00:00Z');
const gate = (content: string) =>
  evaluateWrite(
    { subject: 's', kind: 'fact', content, source: { type: 'user' } },
    { auth: 'jwt', scopes: [] },
    { now: NOW },
  );

describe('spellOutDigits', () => {
  it('writes runs of four or more digit words as digits, in several languages', () => {
    expect(spellOutDigits('my bank pin is four four seven one')).toBe('my bank pin is 4471');
    expect(spellOutDigits('o código de verificação é cinco três nove um zero dois')).toBe(
      'o código de verificação é 539102',
    );
    expect(spellOutDigits('il pin del bancomat è cinque zero tre otto')).toBe('il pin del bancomat è 5038');
    expect(spellOutDigits('card four five five six, seven three seven one')).toBe('card 45567371');
  });

  it('drops every pause word before a comma or dots, the ones that keep a run going as well', () => {
    // One list: "eh", "mmm" and "ну" kept a run of digit words going but stayed in the view before a comma.
    expect(spellOutDigits('eh, the code is, mmm... 4471')).toBe('the code is, 4471');
    expect(spellOutDigits('ну, пин 4471')).toBe('пин 4471');
    expect(spellOutDigits('four four, eh, seven one')).toBe('4471');
  });

  it('leaves shorter runs and ordinary counting words alone', () => {
    for (const text of [
      'one or two eggs',
      'I need four or five chairs',
      'dos tres veces',
      'no digits at all',
    ])
      expect(spellOutDigits(text)).toBe(text);
  });
});

describe('the gate with numbers said aloud', () => {
  it('refuses a PIN, an SSN and a card said as words', async () => {
    expect((await gate('hey google remember my bank pin is four four seven one')).decision).toBe('rejected');
    expect(
      (await gate('my social security number is five seven five five seven six eight eight zero')).decision,
    ).toBe('rejected');
    const card =
      'remember my visa number four five five six seven three seven one two six eight two two zero six zero';
    expect((await gate(card)).decision).toBe('rejected');
  });

  it('stores speech with numbers that are not secrets', async () => {
    for (const text of [
      'remind me to buy four or five lemons',
      'the meeting moved to two thirty on friday',
      'my flight leaves at seven and lands at nine',
      'the recipe wants one two three four cups of flour counted out loud',
    ])
      expect((await gate(text)).decision, text).toBe('accepted');
  });
});
