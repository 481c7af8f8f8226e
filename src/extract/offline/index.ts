// The offline extractor, the embedded default: deterministic patterns for explicit statements of the user in
// English and Chinese. No model, no key, no network; a turn in another language yields nothing.
import type { ExtractInput, Extractor, ExtractResult } from '../../ports/extractor.ts';
import { addDrops, collectProposals } from '../validate.ts';
import { chineseFindings } from './chinese.ts';
import { englishFindings } from './english.ts';
import type { Finding } from './finding.ts';
import { toItem } from './finding.ts';
import { normaliseTurn } from './text.ts';

/** Bump when the patterns change what they propose: it is recorded in every proposal's provenance. */
export const OFFLINE_EXTRACTOR_MODEL = 'offline/patterns@2';

const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;

/** The language whose patterns read a turn: Chinese when Han text outweighs Latin text, else English. */
export function turnLanguage(text: string): 'zh' | 'en' | undefined {
  const han = text.match(HAN)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  if (han === 0 && latin === 0) return undefined;
  // Kana or Hangul with Han is Japanese or Korean: no patterns for those.
  if (han > 0 && /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text)) return undefined;
  // A Han character carries about a word, an English word about five letters.
  return han * 3 >= latin ? 'zh' : 'en';
}

function findings(text: string, language: 'zh' | 'en'): Finding[] {
  return language === 'zh' ? chineseFindings(text) : englishFindings(text);
}

export function createOfflineExtractor(): Extractor {
  return {
    provider: 'offline',
    model: OFFLINE_EXTRACTOR_MODEL,
    async extract(input: ExtractInput): Promise<ExtractResult> {
      const result: ExtractResult = { proposals: [], drops: {} };
      for (const turn of input.turns) {
        // Only the user's own words: what the assistant (or anyone else) said is never the user's memory.
        if (turn.role !== 'user') continue;
        const text = normaliseTurn(turn.text);
        const language = turnLanguage(text);
        if (language === undefined) continue;
        const items = findings(text, language).map((f) => toItem(f, turn.index));
        const { proposals, drops } = collectProposals(items, {
          input,
          extractor: OFFLINE_EXTRACTOR_MODEL,
          language,
        });
        result.proposals.push(...proposals);
        addDrops(result.drops, drops);
      }
      return result;
    },
  };
}
