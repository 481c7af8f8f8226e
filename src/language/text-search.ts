// The PostgreSQL text-search configuration for a language: its own stemmer when PostgreSQL ships one, `simple`
// (lower-casing, no stemming) otherwise.

/**
 * ISO 639-1 code -> the built-in configuration of that language. Exactly the configurations that both
 * PostgreSQL 15 and PGlite (PostgreSQL 18) list in `pg_ts_config` (checked by test/language/postgres.test.ts);
 * estonian is left out because it only exists from PostgreSQL 16 on. Chinese, Japanese and Korean have no
 * configuration: their text is indexed by character bigrams, under `simple`.
 */
export const TEXT_SEARCH_CONFIGS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** The configuration that does no stemming: for `und`, unknown languages and CJK. */
export const SIMPLE_CONFIG = 'simple';

/** The primary subtag of a language tag, lower case: "pt-BR" -> "pt", "ZH_Hant" -> "zh". */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0]!.toLowerCase();
}

/**
 * The text-search configuration name for a language tag ("pt-BR" -> "portuguese"), `simple` for `und`, an
 * unknown or missing language, and for zh, ja and ko.
 */
export function textSearchConfig(language: string | null | undefined): string {
  const code = language ? primaryLanguage(language) : '';
  // hasOwn: "constructor" must not find Object.prototype's.
  return Object.hasOwn(TEXT_SEARCH_CONFIGS, code) ? TEXT_SEARCH_CONFIGS[code]! : SIMPLE_CONFIG;
}
