-- The text helpers of full-text search in PL/pgSQL instead of SQL, same bodies and results (issue 18 item 1).
-- A SQL function with `set search_path` is never inlined, and PostgreSQL 15 keeps a SQL function's plan only for
-- one execution of the statement that calls it: every call of query_tsquery planned its body and, inside it, the
-- bodies of or_tsquery, query_words, lexical_text, cjk_bigrams and the rest again. Measured on PostgreSQL 15
-- (1,000 calls in one statement, docs/benchmarks/recall-sql.md): query_tsquery 0.53 -> 0.14 ms a call,
-- query_terms 0.23 -> 0.07, query_word_terms 0.23 -> 0.09; a recall calls the three once each (about 2 ms of a
-- 6 ms recall on a 208-row subject). PL/pgSQL keeps each statement's plan for the session. The write path's
-- memory_search_tsv (the generated search_tsv) went from 65 to 33 us a row the same way.
-- The generated column's values do not change (the same expressions), so no row is rewritten.

create or replace function engram.tags_text(p_tags text[])
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return coalesce(pg_catalog.array_to_string(p_tags, ' '), '');
end
$$;

create or replace function engram.ts_config_for(p_language text)
returns regconfig
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- Exactly src/language TEXT_SEARCH_CONFIGS (test/language/postgres.test.ts): the configurations that both
  -- PostgreSQL 15 and PGlite ship. und, zh, ja, ko and unknown languages: simple (CJK text is indexed as bigrams).
begin
  return case pg_catalog.split_part(pg_catalog.lower(coalesce(p_language, 'en')), '-', 1)
    when 'ar' then 'pg_catalog.arabic'
    when 'ca' then 'pg_catalog.catalan'
    when 'da' then 'pg_catalog.danish'
    when 'de' then 'pg_catalog.german'
    when 'el' then 'pg_catalog.greek'
    when 'en' then 'pg_catalog.english'
    when 'es' then 'pg_catalog.spanish'
    when 'eu' then 'pg_catalog.basque'
    when 'fi' then 'pg_catalog.finnish'
    when 'fr' then 'pg_catalog.french'
    when 'ga' then 'pg_catalog.irish'
    when 'hi' then 'pg_catalog.hindi'
    when 'hu' then 'pg_catalog.hungarian'
    when 'hy' then 'pg_catalog.armenian'
    when 'id' then 'pg_catalog.indonesian'
    when 'it' then 'pg_catalog.italian'
    when 'lt' then 'pg_catalog.lithuanian'
    when 'nb' then 'pg_catalog.norwegian'
    when 'ne' then 'pg_catalog.nepali'
    when 'nl' then 'pg_catalog.dutch'
    when 'nn' then 'pg_catalog.norwegian'
    when 'no' then 'pg_catalog.norwegian'
    when 'pt' then 'pg_catalog.portuguese'
    when 'ro' then 'pg_catalog.romanian'
    when 'ru' then 'pg_catalog.russian'
    when 'sr' then 'pg_catalog.serbian'
    when 'sv' then 'pg_catalog.swedish'
    when 'ta' then 'pg_catalog.tamil'
    when 'tr' then 'pg_catalog.turkish'
    when 'yi' then 'pg_catalog.yiddish'
    else 'pg_catalog.simple'
  end::regconfig;
end
$$;

create or replace function engram.lexical_text(p_text text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return pg_catalog.regexp_replace(coalesce(p_text, ''),
    '[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+', ' ', 'g');
end
$$;

create or replace function engram.cjk_bigrams(p_text text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- Each maximal run of CJK characters (src/language CJK_RANGES) as its overlapping character bigrams, a
  -- one-character run as itself, space-separated so that the parser reads each as a word:
  -- '我对花生过敏，吃了' -> '我对 对花 花生 生过 过敏 吃了'.
begin
  return (
    select coalesce(pg_catalog.string_agg(
             case when pg_catalog.char_length(r.run) = 1 then r.run
                  else (select pg_catalog.string_agg(pg_catalog.substr(r.run, i, 2), ' ' order by i)
                          from pg_catalog.generate_series(1, pg_catalog.char_length(r.run) - 1) i)
             end, ' ' order by r.n), '')
      from (select t.m[1] as run, t.n
              from pg_catalog.regexp_matches(coalesce(p_text, ''), '([\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc]+)', 'g') with ordinality as t(m, n)) r
  );
end
$$;

create or replace function engram.search_vector(p_config regconfig, p_text text)
returns tsvector
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- Mixed text indexes both parts: '我们都用 PostgreSQL' -> 'postgresql', '我们', '们都', '都用'. Text without CJK
  -- (most rows) skips both CJK functions: each call costs, and writes pay them for content, tags and context.
begin
  return case when p_text ~ '[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc]' then
           pg_catalog.to_tsvector(p_config, engram.lexical_text(p_text))
           || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, engram.cjk_bigrams(p_text))
         else pg_catalog.to_tsvector(p_config, coalesce(p_text, '')) end;
end
$$;

create or replace function engram.ts_config_tag(p_config regconfig)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return ' ~' || p_config::text;
end
$$;

create or replace function engram.memory_search_tsv(p_config regconfig, p_content text, p_tags text[], p_context text)
returns tsvector
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- No tags and no context (most memories): no call for them.
begin
  return pg_catalog.setweight(engram.search_vector(p_config, p_content), 'A')
      || case when pg_catalog.cardinality(p_tags) > 0
              then pg_catalog.setweight(engram.search_vector(p_config, engram.tags_text(p_tags)), 'B')
              else ''::tsvector end
      || case when p_context <> '' then pg_catalog.setweight(engram.search_vector(p_config, p_context), 'D')
              else ''::tsvector end
      || pg_catalog.array_to_tsvector(array[engram.ts_config_tag(p_config)]);
end
$$;

create or replace function engram.or_tsquery(p_config regconfig, p_text text)
returns tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- OR semantics: question-style queries rarely contain every word of the memory.
begin
  return nullif(pg_catalog.replace(pg_catalog.plainto_tsquery(p_config, p_text)::text, ' & ', ' | '), '')::tsquery;
end
$$;

create or replace function engram.query_words(p_config regconfig, p_text text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return (
    select coalesce(pg_catalog.string_agg(w, ' ' order by w), '')
      from pg_catalog.unnest(pg_catalog.tsvector_to_array(
             pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, engram.lexical_text(p_text)))) w
     where pg_catalog.length(pg_catalog.to_tsvector(p_config, w)) > 0
  );
end
$$;

create or replace function engram.tsquery_any(p_queries tsquery[])
returns tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return nullif(pg_catalog.array_to_string(
           array(select '(' || q::text || ')' from pg_catalog.unnest(p_queries) q where q is not null), ' | '), '')::tsquery;
end
$$;

create or replace function engram.query_tsquery(p_text text, p_language text default null)
returns tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- Rows are indexed with their own language's configuration, or simple, plus bigrams of their CJK text. A query
  -- matches through: its words stemmed for its language, only in rows of that language or of simple (a memory in
  -- another language is never matched through this stemmer by accident: the row must carry the tag of the
  -- configuration); its words as written (but its language's stop words), in any row; its CJK bigrams, in any row.
begin
  return (
    select engram.tsquery_any(array[
             case when p.config <> 'pg_catalog.simple'::regconfig then
               engram.or_tsquery(p.config, engram.lexical_text(p_text))
               && (('''' || engram.ts_config_tag(p.config) || '''')::tsquery
                   || ('''' || engram.ts_config_tag('pg_catalog.simple'::regconfig) || '''')::tsquery)
             end,
             engram.or_tsquery('pg_catalog.simple'::regconfig, engram.query_words(p.config, p_text)),
             engram.or_tsquery('pg_catalog.simple'::regconfig, engram.cjk_bigrams(p_text))])
      from (select engram.ts_config_for(coalesce(p_language, 'en')) as config) p
  );
end
$$;

create or replace function engram.query_terms(p_text text, p_language text default null)
returns setof tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
  -- The lexemes query_tsquery ORs together (the language's stemmed forms, the words as is but the stop words, and
  -- the CJK bigrams), one tsquery each, quoted so that no lexeme is read as an operator.
begin
  return query
    select distinct ('''' || pg_catalog.replace(pg_catalog.replace(w, '\', '\\'), '''', '''''') || '''')::tsquery
      from pg_catalog.unnest(pg_catalog.tsvector_to_array(
             engram.search_vector(engram.ts_config_for(coalesce(p_language, 'en')), p_text)
             || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig,
                  engram.query_words(engram.ts_config_for(coalesce(p_language, 'en')), p_text)))) w;
end
$$;

create or replace function engram.query_word_terms(p_text text, p_language text default null)
returns setof tsquery
language plpgsql
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
begin
  return query
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
     where b <> '';
end
$$;
