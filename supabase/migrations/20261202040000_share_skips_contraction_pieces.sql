-- The lexical share (engram.query_word_terms, 20261202020000) no longer counts the pieces a contraction splits into
-- ('ve' of "I've", 'll', 're', 'd', 'm') as words of the query: the english configuration keeps them as lexemes, so a
-- question with "I've" in it credited every memory saying "I've" with a share of its words. The TypeScript share
-- that 20261202020000 replaced dropped them (NLTK's stop words): on lived-in dev "...how long I've been with my
-- other half" was one of the three questions whose first place moved. Same signature: the grants stay.
create or replace function engram.query_word_terms(p_text text, p_language text default null)
returns setof tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The units a recall query's lexical share is counted in (recall_candidates): each word as written (but its
  -- language's stop words) OR its stemmed form, and each CJK bigram, matching only weights A and B of a memory's
  -- search_tsv (its content and tags, not the neighbours' context a chat turn carries at D). query_terms lists a
  -- word's two forms as two terms ('names' and 'name'), so a memory holding the word through one form only would
  -- count as half of it.
  -- A word and its stem are paired by their position in the text: both vectors come from the same parser, and a
  -- stop word has no stem (two to_tsvector calls for the whole query, not one per word: 2x cheaper). A hyphenated
  -- word ('self-portrait', position p) is followed by its parts (p + 1, p + 2): it also matches by them.
  -- The pieces a contraction splits into ("I've" -> i, ve; "we'll", "they're", "I'd") are not words of the query:
  -- the english configuration keeps 've', 'll', 're' and 'd' as lexemes, so "how long I've been with my other
  -- half" counted 've' as one of its five words and credited every memory with "I've" in it (the TypeScript share
  -- this replaced dropped them with NLTK's stop words, src/language/stop-words.ts).
  with c as (select engram.ts_config_for(coalesce(p_language, 'en')) as config, engram.lexical_text(p_text) as txt),
       written as (
         select w.lexeme as word, p
           from c, pg_catalog.unnest(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, c.txt)) w,
                pg_catalog.unnest(w.positions) p),
       stemmed as (
         select s.lexeme as stem, p
           from c, pg_catalog.unnest(pg_catalog.to_tsvector(c.config, c.txt)) s, pg_catalog.unnest(s.positions) p)
  select (('''' || pg_catalog.replace(pg_catalog.replace(w.word, '\', '\\'), '''', '''''') || ''':AB')
          || coalesce(' | ' || pg_catalog.string_agg(distinct ('''' || pg_catalog.replace(pg_catalog.replace(s.stem, '\', '\\'), '''', '''''') || ''':AB'), ' | ')
                                  filter (where s.stem <> w.word), ''))::tsquery
    from written w
    join stemmed s on s.p between w.p and w.p + pg_catalog.char_length(w.word)
                                 - pg_catalog.char_length(pg_catalog.replace(w.word, '-', ''))
                                 + case when pg_catalog.strpos(w.word, '-') > 0 then 1 else 0 end
   where w.word not in ('d', 'll', 'm', 're', 's', 't', 've')
   group by w.word
  union all
  select distinct ('''' || pg_catalog.replace(pg_catalog.replace(b, '\', '\\'), '''', '''''') || ''':AB')::tsquery
    from pg_catalog.regexp_split_to_table(engram.cjk_bigrams(p_text), ' ') b
   where b <> ''
$$;
