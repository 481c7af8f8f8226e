// Which language a memory and a query get when the caller names none (issue 14 item 1): the detected one, the
// content's context when the content alone is too short, und (memories) or undefined (queries: read as English)
// when nothing tells.
import { describe, expect, it } from 'vitest';
import { queryLanguage } from '../../src/services/recall.ts';
import { languageOf } from '../../src/services/write-pipeline.ts';

describe('languageOf (memories)', () => {
  it('detects the content, CJK by script', async () => {
    expect(await languageOf('Mis hijos juegan al fútbol todos los sábados por la mañana')).toBe('es');
    expect(await languageOf('我对花生过敏')).toBe('zh');
  });

  it('falls back to the content with its context when the content alone is too short', async () => {
    const turn = 'Sim, claro!';
    expect(await languageOf(turn)).toBe('und');
    const context = 'Meus filhos estudam numa escola perto da nossa casa. Onde estuda o teu filho agora?';
    expect(await languageOf(turn, context)).toBe('pt');
  });

  it('never lets the context override content that tells its own language', async () => {
    const context = 'Meus filhos estudam numa escola perto da nossa casa. Onde estuda o teu filho agora?';
    expect(await languageOf('I signed up for a pottery class last week', context)).toBe('en');
  });

  it('is und when nothing tells', async () => {
    expect(await languageOf('ok!')).toBe('und');
    expect(await languageOf('ok!', 'yes')).toBe('und');
  });
});

describe('queryLanguage', () => {
  it('is the detected language, or undefined when it cannot be told', async () => {
    expect(await queryLanguage('Wann spielt mein Kind eigentlich Fußball?')).toBe('de');
    expect(await queryLanguage('花生能吃吗')).toBe('zh');
    expect(await queryLanguage('pottery?')).toBeUndefined();
  });
});
