// Which questions name one of the user's own slots, and the keys that answer them (src/recall/slot-question.ts):
// the common phrasings, and the look-alikes that must name none (someone else's job, a mention of work, a home that
// is inherited), in English and Chinese.
import { describe, expect, it } from 'vitest';
import { slotKeys } from '../../src/recall/slot-question.ts';

const family = (query: string) => {
  const keys = slotKeys(query);
  if (keys.length === 0) return null;
  if (keys.includes('job_title')) return 'work';
  if (keys.includes('residence')) return 'home';
  if (keys.includes('hometown')) return 'hometown';
  if (keys.includes('preferred_name')) return 'name';
  if (keys.includes('birthday')) return 'birthday';
  if (keys.includes('spouse')) return 'partner';
  if (keys.includes('children')) return 'child';
  if (keys.includes('mother')) return 'parent';
  if (keys.includes('sister')) return 'sibling';
  if (keys.includes('dog')) return 'pet';
  return 'other';
};

describe('slot questions', () => {
  it.each([
    ["What's my job?", 'work'],
    ['what is my current role', 'work'],
    ['What exactly is my job title?', 'work'],
    ['What do I do for a living?', 'work'],
    ['Where am I employed these days?', 'work'],
    ['Who do I work for?', 'work'],
    ["What's the name of our bakery?", 'work'],
    ['What kind of business do I run?', 'work'],
    ['Where do we live?', 'home'],
    ["What's my home address?", 'home'],
    ['Which city do I live in?', 'home'],
    ['Where am I originally from?', 'hometown'],
    ["What's my name?", 'name'],
    ['What should you call me?', 'name'],
    ["When's my birthday?", 'birthday'],
    ['How old am I?', 'birthday'],
    ['我的工作是什么？', 'work'],
    ['我是做什么的', 'work'],
    ['我住在哪里？', 'home'],
    ['我叫什么名字', 'name'],
    ['我的生日是哪天', 'birthday'],
    // The user's people: the person's key answers, not the user's own slot ("my partner's job" is no job of theirs).
    ["What's my partner's job?", 'partner'],
    ['What does my husband do for a living?', 'partner'],
    ['How old are my daughters?', 'child'],
    ['Which city is my mum in?', 'parent'],
    ['When do I usually phone my mum?', 'parent'],
    ['What does my little sis want to become?', 'sibling'],
    ["What's my dog's name?", 'pet'],
    ['我老公是做什么的？', 'partner'],
    ['我儿子叫什么', 'child'],
    ['我妈现在住在哪里？', 'parent'],
  ])('"%s" asks about %s', (query, slot) => {
    expect(family(query)).toBe(slot);
  });

  it.each([
    'Which POS system do we use at work?',
    'Where do I work out on Sundays?',
    // A request that mentions someone asks nothing about them.
    'Help me write a birthday message for my mom and dad.',
    'Plan me a trip to visit my boy across the Atlantic.',
    'Who inherits my home?',
    'Find me a job in Berlin',
    'What time do I leave for work?',
    'Tell me a joke',
    // Someone's slot in Chinese names theirs, not the user's own; a request that mentions them names none.
    '帮我给我妈写一段生日祝福',
  ])('"%s" names no slot of the user', (query) => {
    expect(slotKeys(query)).toEqual([]);
  });

  it('names the canonical keys first, and the plain words apps write', () => {
    const keys = slotKeys('Who do I work for?');
    expect(keys.slice(0, 2)).toEqual(['job_title', 'employer']);
    expect(keys).toContain('job');
    expect(keys).toContain('business');
    expect(keys.every((k) => k === k.toLowerCase())).toBe(true);
  });
});
