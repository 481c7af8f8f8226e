// Language handling, pure and runtime-neutral (Node, Workers, browsers): detection, scripts, text-search
// configurations, and the word forms that rule triggers and preference facets match by.
export {
  detectLanguage,
  type LanguageCode,
  MIN_LETTERS,
  MIN_MARGIN,
  scriptLanguage,
  UNDETERMINED,
} from './detect.ts';
export { sameTerm, wordForms } from './forms.ts';
export {
  CJK_CHAR_CLASS,
  CJK_RANGES,
  type CjkScript,
  cjkScriptOf,
  hasCjk,
  POSTGRES_CJK_CLASS,
  POSTGRES_SCRIPT_CLASSES,
  type Script,
  scriptOf,
  scriptsIn,
  splitCjk,
} from './scripts.ts';
export { primaryLanguage, SIMPLE_CONFIG, TEXT_SEARCH_CONFIGS, textSearchConfig } from './text-search.ts';
