import { describe, expect, it } from 'vitest';
import { sameTerm, wordForms } from '../../src/language/index.ts';

const has = (word: string, form: string, language?: string) => wordForms(word, language).has(form);

describe('wordForms', () => {
  it.each([
    ['drink', ['drink', 'drinks', 'drinking', 'drinked', 'drank', 'drunk', "drink's"]],
    ['berry', ['berries', 'berried', 'berrying']],
    ['box', ['boxes', 'boxed', 'boxing']],
    ['care', ['cares', 'cared', 'caring']],
    ['agree', ['agrees', 'agreed', 'agreeing']],
    ['tie', ['ties', 'tied', 'tying']],
    ['plan', ['plans', 'planned', 'planning']],
    ['visit', ['visits', 'visited', 'visiting']],
    ['travel', ['travelled', 'traveled', 'travelling', 'traveling']],
    ['deploy', ['deploys', 'deployed', 'deploying']],
    ['leaf', ['leaves', 'leafs']],
    ['tomato', ['tomatoes', 'tomatos']],
    ['go', ['goes', 'went', 'gone', 'going']],
    ['Soda', ['sodas']],
    ['café', ['cafés']],
  ] as const)('%s has %j', (word, forms) => {
    for (const form of forms) expect(wordForms(word).has(form), form).toBe(true);
  });

  it('never generates a real word of another meaning', () => {
    expect(has('car', 'caring')).toBe(false);
    expect(has('car', 'cares')).toBe(false);
    expect(has('car', 'cared')).toBe(false);
    expect(has('plan', 'planing')).toBe(false);
    expect(has('hop', 'hoping')).toBe(false);
    expect(has('data', 'date')).toBe(false);
    expect(has('list', 'listen')).toBe(false);
    expect(has('print', 'printer')).toBe(false);
    expect(has('bee', 'been')).toBe(false);
  });

  it('adds a language’s plurals only for that language', () => {
    expect(has('erdnuss', 'erdnüsse', 'de')).toBe(true);
    expect(has('haus', 'häuser', 'de')).toBe(true);
    expect(has('lehrerin', 'lehrerinnen', 'de')).toBe(true);
    expect(has('erdnuss', 'erdnüsse')).toBe(false);
    expect(has('flor', 'flores', 'es')).toBe(true);
    expect(has('flor', 'flores', 'pt-BR')).toBe(true);
    expect(has('animal', 'animais', 'pt')).toBe(true);
    expect(has('jardim', 'jardins', 'pt')).toBe(true);
    expect(has('papel', 'papéis', 'pt')).toBe(true);
    expect(has('cipolla', 'cipolle', 'it')).toBe(true);
    expect(has('fungo', 'funghi', 'it')).toBe(true);
    expect(has('pomodoro', 'pomodori', 'it')).toBe(true);
    expect(has('boom', 'bomen', 'nl')).toBe(true);
    expect(has('huis', 'huizen', 'nl')).toBe(true);
    expect(has('data', 'date', 'it')).toBe(true);
  });

  it('adds the Romance plurals that are no English words in any language', () => {
    expect(has('limão', 'limões')).toBe(true);
    expect(has('luz', 'luces')).toBe(true);
    expect(has('gâteau', 'gâteaux')).toBe(true);
    expect(has('journal', 'journaux')).toBe(true);
  });

  it('keeps short words, words with digits and odd words as written', () => {
    expect([...wordForms('us')]).toEqual(['us']);
    expect([...wordForms('b2b')]).toEqual(['b2b']);
    expect(wordForms('constructor').has('constructors')).toBe(true);
    expect(() => wordForms('toString', 'constructor')).not.toThrow();
  });
});

describe('sameTerm', () => {
  it('matches a form of the term, and a plural term in the singular', () => {
    expect(sameTerm('onions', 'onion')).toBe(true);
    expect(sameTerm('onion', 'onions')).toBe(true);
    expect(sameTerm('berry', 'berries')).toBe(true);
    expect(sameTerm('tomato', 'tomatoes')).toBe(true);
    expect(sameTerm('eating', 'eat')).toBe(true);
  });

  it('never matches a prefix, or a base form against its -ing noun', () => {
    expect(sameTerm('steam', 'tea')).toBe(false);
    expect(sameTerm('onionskin', 'onion')).toBe(false);
    expect(sameTerm('drink', 'drinking')).toBe(false);
  });
});
