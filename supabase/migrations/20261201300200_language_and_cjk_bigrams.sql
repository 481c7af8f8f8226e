-- engram: a language per memory and CJK bigrams in the lexical lane (issue 14 items 1 and 2).
-- Each memory's full text is stemmed with its own language's configuration (simple when unknown) and tagged with
-- it; its CJK text is indexed as overlapping character bigrams; the query side (query_tsquery, query_terms) uses
-- the same functions, so that write and query segment alike on every engine. write_memory detects CJK languages
-- by script when the caller sends none. search_tsv is dropped and added again (PostgreSQL 15 cannot alter a
-- generated expression): this rewrites engram.memories and rebuilds its full-text index.

-- The text of p_text that goes to a language's text-search configuration: every CJK run and CJK or fullwidth
-- punctuation replaced by a space (CJK runs are indexed by engram.cjk_bigrams instead; the punctuation would
-- otherwise be read as a word under a C locale).
create function engram.lexical_text(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(coalesce(p_text, ''),
    '[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+', ' ', 'g')
$$;
comment on function engram.lexical_text(text) is 'p_text without its CJK runs and CJK punctuation: the part a language''s text-search configuration reads.';
revoke execute on function engram.lexical_text(text) from public;
grant execute on function engram.lexical_text(text) to engram_app, authenticated, engram_operator;

-- PostgreSQL's parsers keep a run of CJK characters between punctuation as one word, so a question matched a
-- memory only when a whole run was equal. Overlapping bigrams match any shared word of two or more characters,
-- with no dictionary and no server extension: the same SQL on PostgreSQL, PGlite, Neon and Supabase.
create function engram.cjk_bigrams(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Each maximal run of CJK characters (src/language CJK_RANGES) as its overlapping character bigrams, a
  -- one-character run as itself, space-separated so that the parser reads each as a word:
  -- '我对花生过敏，吃了' -> '我对 对花 花生 生过 过敏 吃了'.
  select coalesce(pg_catalog.string_agg(
           case when pg_catalog.char_length(r.run) = 1 then r.run
                else (select pg_catalog.string_agg(pg_catalog.substr(r.run, i, 2), ' ' order by i)
                        from pg_catalog.generate_series(1, pg_catalog.char_length(r.run) - 1) i)
           end, ' ' order by r.n), '')
    from (select t.m[1] as run, t.n
            from pg_catalog.regexp_matches(coalesce(p_text, ''), '([\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc]+)', 'g') with ordinality as t(m, n)) r
$$;
comment on function engram.cjk_bigrams(text) is 'The CJK runs of p_text as space-separated overlapping character bigrams (a one-character run as itself).';
revoke execute on function engram.cjk_bigrams(text) from public;
grant execute on function engram.cjk_bigrams(text) to engram_app, authenticated, engram_operator;

create function engram.search_vector(p_config regconfig, p_text text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Mixed text indexes both parts: '我们都用 PostgreSQL' -> 'postgresql', '我们', '们都', '都用'. Text without CJK
  -- (most rows) skips both CJK functions: each call costs, and writes pay them for content, tags and context.
  select case when p_text ~ '[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc]' then
           pg_catalog.to_tsvector(p_config, engram.lexical_text(p_text))
           || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, engram.cjk_bigrams(p_text))
         else pg_catalog.to_tsvector(p_config, coalesce(p_text, '')) end
$$;
comment on function engram.search_vector(regconfig, text) is 'The full-text vector of p_text: its words under p_config and its CJK text as character bigrams (under simple).';
revoke execute on function engram.search_vector(regconfig, text) from public;
grant execute on function engram.search_vector(regconfig, text) to engram_app, authenticated, engram_operator;

-- Every memory's vector carries one lexeme naming the configuration it was stemmed with. The parser never makes a
-- lexeme with a space in it, so no text can produce or match it; query_tsquery requires it beside a stemmed term.
create function engram.ts_config_tag(p_config regconfig)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select ' ~' || p_config::text $$;
comment on function engram.ts_config_tag(regconfig) is 'The lexeme that marks a memory''s vector with the configuration that stemmed it ('' ~pg_catalog.german'').';
revoke execute on function engram.ts_config_tag(regconfig) from public;
grant execute on function engram.ts_config_tag(regconfig) to engram_app, authenticated, engram_operator;

create function engram.memory_search_tsv(p_config regconfig, p_content text, p_tags text[], p_context text)
returns tsvector
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- No tags and no context (most memories): no call for them.
  select pg_catalog.setweight(engram.search_vector(p_config, p_content), 'A')
      || case when pg_catalog.cardinality(p_tags) > 0
              then pg_catalog.setweight(engram.search_vector(p_config, engram.tags_text(p_tags)), 'B')
              else ''::tsvector end
      || case when p_context <> '' then pg_catalog.setweight(engram.search_vector(p_config, p_context), 'D')
              else ''::tsvector end
      || pg_catalog.array_to_tsvector(array[engram.ts_config_tag(p_config)])
$$;
comment on function engram.memory_search_tsv(regconfig, text, text[], text) is 'A memory''s full-text vector (the generated search_tsv): content A, tags B, context D, and its configuration''s tag.';
revoke execute on function engram.memory_search_tsv(regconfig, text, text[], text) from public;
grant execute on function engram.memory_search_tsv(regconfig, text, text[], text) to engram_app, authenticated, engram_operator;

-- The language of text outside CJK by the stop words of PostgreSQL's own configurations: the one whose list
-- holds the most of its words, when that is at least 2 and at least 2 more than any other language's; else und.
-- Measured on test/language/short-texts.ts (296 sentences in 8 languages, the held-out ones included): 0 wrong,
-- 96 of the 176 sentences of 5 to 15 words decided (src/language's detector decides more; this one only serves
-- callers that skip the server). Lower bounds decided more and guessed wrong (pt read as es, fr as es).
create function engram.stopword_language(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when s.stops >= 2 and s.stops - coalesce(s.next, 0) >= 2 then s.code else 'und' end
    from (select c.code, c.stops, pg_catalog.lead(c.stops) over (order by c.stops desc, c.code) as next,
                 pg_catalog.row_number() over (order by c.stops desc, c.code) as r
            from (select l.code,
                         (select coalesce(pg_catalog.sum(pg_catalog.cardinality(v.positions)), 0)
                            from pg_catalog.unnest(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, x.rest)) v)
                         - (select coalesce(pg_catalog.sum(pg_catalog.cardinality(v.positions)), 0)
                            from pg_catalog.unnest(pg_catalog.to_tsvector(engram.ts_config_for(l.code), x.rest)) v)
                         as stops
                    from (select engram.lexical_text(p_text) as rest) x,
                         pg_catalog.unnest(array['en', 'es', 'pt', 'de', 'fr', 'it', 'nl', 'ru', 'sv', 'da', 'no', 'fi',
                                                 'hu', 'tr']) as l(code)) c) s
   where s.r = 1
$$;
comment on function engram.stopword_language(text) is 'The language whose stop words p_text holds clearly the most of (PostgreSQL''s configurations), else und.';
revoke execute on function engram.stopword_language(text) from public;
grant execute on function engram.stopword_language(text) to engram_app, authenticated, engram_operator;

-- The language of a memory written without one by a caller that skips the server (supabase-js): CJK by script,
-- exactly as src/language scriptLanguage decides (mostly CJK, at least two CJK characters per other word: Japanese
-- with any kana, else Korean with any Hangul, else Chinese); otherwise by stop words (engram.stopword_language),
-- und when they do not tell (indexed with simple). The server detects languages itself (src/language
-- detectLanguage) and always sends one.
create function engram.detect_language(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when c.han + c.kana + c.hangul = 0 or c.han + c.kana + c.hangul < 2 * c.words then engram.stopword_language(p_text)
    when c.kana > 0 then 'ja'
    when c.hangul > 0 then 'ko'
    else 'zh'
  end
  from (select pg_catalog.char_length(t) - pg_catalog.char_length(pg_catalog.regexp_replace(t, '[\u2e80-\u2fdf\u3005\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U000323af]', '', 'g')) as han,
               pg_catalog.char_length(t) - pg_catalog.char_length(pg_catalog.regexp_replace(t, '[\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001aff0-\U0001afff\U0001b000-\U0001b16f]', '', 'g')) as kana,
               pg_catalog.char_length(t) - pg_catalog.char_length(pg_catalog.regexp_replace(t, '[\u1100-\u11ff\u3131-\u318e\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7fb\uffa0-\uffdc]', '', 'g')) as hangul,
               -- Runs of letters outside CJK, as scriptLanguage counts them (digits and punctuation are not words).
               (select pg_catalog.count(*) from pg_catalog.regexp_matches(engram.lexical_text(t), '[^[:space:][:punct:][:digit:]]+', 'g')) as words
          from (select coalesce(p_text, '') as t) x) c
$$;
comment on function engram.detect_language(text) is 'zh, ja or ko when the script decides (as src/language scriptLanguage), else the stop words'' language, else und.';
revoke execute on function engram.detect_language(text) from public;
grant execute on function engram.detect_language(text) to engram_app, authenticated, engram_operator;

create or replace function engram.ts_config_for(p_language text)
returns regconfig
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Exactly src/language TEXT_SEARCH_CONFIGS (test/language/postgres.test.ts): the configurations that both
  -- PostgreSQL 15 and PGlite ship. und, zh, ja, ko and unknown languages: simple (CJK text is indexed as bigrams).
  select case pg_catalog.split_part(pg_catalog.lower(coalesce(p_language, 'en')), '-', 1)
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
  end::regconfig
$$;

alter table engram.memories drop column search_tsv;
alter table engram.memories add column
  search_tsv tsvector generated always as (engram.memory_search_tsv(ts_config, content, tags, context_text)) stored;
create index memories_subject_search_idx on engram.memories using gin (tenant_id, subject, search_tsv)
  where revoked_at is null and superseded_by is null;

-- The query's words as written, less the stop words of its language: memories of unknown language are indexed
-- with simple, stop words and all, and "the" or "is" in a question must not match every one of them.
create function engram.query_words(p_config regconfig, p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.string_agg(w, ' ' order by w), '')
    from pg_catalog.unnest(pg_catalog.tsvector_to_array(
           pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, engram.lexical_text(p_text)))) w
   where pg_catalog.length(pg_catalog.to_tsvector(p_config, w)) > 0
$$;
comment on function engram.query_words(regconfig, text) is 'The words of p_text outside CJK, as written (simple), without the stop words of p_config.';
revoke execute on function engram.query_words(regconfig, text) from public;
grant execute on function engram.query_words(regconfig, text) to engram_app, authenticated, engram_operator;

create function engram.tsquery_any(p_queries tsquery[])
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(pg_catalog.array_to_string(
           array(select '(' || q::text || ')' from pg_catalog.unnest(p_queries) q where q is not null), ' | '), '')::tsquery
$$;
comment on function engram.tsquery_any(tsquery[]) is 'The OR of the non-null queries, null when there are none.';
revoke execute on function engram.tsquery_any(tsquery[]) from public;
grant execute on function engram.tsquery_any(tsquery[]) to engram_app, authenticated, engram_operator;

create or replace function engram.query_tsquery(p_text text, p_language text default null)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Rows are indexed with their own language's configuration, or simple, plus bigrams of their CJK text. A query
  -- matches through: its words stemmed for its language, only in rows of that language or of simple (a memory in
  -- another language is never matched through this stemmer by accident: the row must carry the tag of the
  -- configuration); its words as written (but its language's stop words), in any row; its CJK bigrams, in any row.
  select engram.tsquery_any(array[
           case when p.config <> 'pg_catalog.simple'::regconfig then
             engram.or_tsquery(p.config, engram.lexical_text(p_text))
             && (('''' || engram.ts_config_tag(p.config) || '''')::tsquery
                 || ('''' || engram.ts_config_tag('pg_catalog.simple'::regconfig) || '''')::tsquery)
           end,
           engram.or_tsquery('pg_catalog.simple'::regconfig, engram.query_words(p.config, p_text)),
           engram.or_tsquery('pg_catalog.simple'::regconfig, engram.cjk_bigrams(p_text))])
    from (select engram.ts_config_for(coalesce(p_language, 'en')) as config) p
$$;
comment on function engram.query_tsquery(text, text) is 'The lexical query of a recall: OR of the words stemmed for the language (in rows of that language or simple), the words as is, and the CJK bigrams.';

create or replace function engram.query_terms(p_text text, p_language text default null)
returns setof tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The lexemes query_tsquery ORs together (the language's stemmed forms, the words as is but the stop words, and
  -- the CJK bigrams), one tsquery each, quoted so that no lexeme is read as an operator.
  select distinct ('''' || pg_catalog.replace(pg_catalog.replace(w, '\', '\\'), '''', '''''') || '''')::tsquery
    from pg_catalog.unnest(pg_catalog.tsvector_to_array(
           engram.search_vector(engram.ts_config_for(coalesce(p_language, 'en')), p_text)
           || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig,
                engram.query_words(engram.ts_config_for(coalesce(p_language, 'en')), p_text)))) w
$$;
comment on function engram.query_terms(text, text) is 'The terms of a recall query, one tsquery each (what idf is computed for).';

create or replace function engram.write_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
returns table (memory jsonb, status text, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_subject text := p_memory ->> 'subject';
  v_hash text := p_memory ->> 'content_hash';
  v_key text := nullif(p_memory ->> 'key', '');
  v_facet text := nullif(p_memory ->> 'facet', '');
  v_polarity text := nullif(p_memory ->> 'polarity', '');
  v_idem text := nullif(p_memory ->> 'idempotency_key', '');
  v_trust smallint := coalesce((p_memory ->> 'trust')::smallint, 1);
  v_source_type text := coalesce(p_memory -> 'source' ->> 'type', 'app');
  v_language text;
  v_id uuid := gen_random_uuid();
  v_row engram.memories;
  v_superseded uuid[] := '{}';
  v_decision text;
  v_target uuid;
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if v_hash is null or v_subject is null then
    raise exception 'subject and content_hash are required' using errcode = '22023';
  end if;
  -- supabase-js callers skip the server's write gate: their trust is fixed here from the source, never above 2.
  if current_user = 'authenticated' then
    v_trust := case v_source_type when 'external' then 0 when 'model' then 1 else 2 end;
  end if;

  -- A retried request returns what the first one stored.
  if v_idem is not null then
    select * into v_row from engram.memories m where m.tenant_id = v_tenant and m.idempotency_key = v_idem;
    if found then
      return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
      return;
    end if;
  end if;

  -- Writers of the same key or facet queue here, so that each sees the version the previous one wrote.
  if v_key is not null or v_facet is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(
      v_tenant::text || '/' || v_subject || '/' || coalesce(v_key, '') || '/' || coalesce(pg_catalog.lower(v_facet), ''), 0));
  end if;

  select c.decision, c.target, c.superseded into v_decision, v_target, v_superseded
    from engram.consolidate_memory(p_memory, p_embedding, p_model) c;
  if v_decision = 'duplicate' then
    select * into v_row from engram.memories m where m.id = v_target;
    perform engram.audit(v_tenant, v_subject, v_target, engram.current_actor(), 'duplicate', null, '{}',
      pg_catalog.jsonb_build_object('kind', p_memory ->> 'kind', 'trust', v_trust, 'source_type', v_source_type));
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;
  if v_decision = 'merge' then
    v_row := engram.merge_memory(v_target, p_memory, v_trust);
    return query select engram.memory_json(v_row), 'merged'::text, '{}'::uuid[];
    return;
  end if;

  -- Supersede first (the new id is known; the foreign key is checked at commit), then insert: the unique
  -- index on live keys never sees two live versions.
  update engram.memories m set superseded_by = v_id where m.id = any (v_superseded);

  -- The server always sends the language it detected; other callers (supabase-js) get it from SQL (CJK by script,
  -- else stop words, else und). Only here, once the write is known not to be a duplicate.
  v_language := coalesce(nullif(p_memory ->> 'language', ''), engram.detect_language(p_memory ->> 'content'));
  insert into engram.memories as m (
    id, tenant_id, subject, kind, content, tags, language, ts_config, context_text, importance, confidence, trust,
    source_type, source_uri, source_id, source_session, source_hash, content_hash, idempotency_key,
    key, facet, polarity, trigger, metadata, flags, embedding_status, embedding_model,
    valid_from, expires_at, supersedes, extraction_status
  ) values (
    v_id, v_tenant, v_subject, p_memory ->> 'kind', p_memory ->> 'content',
    coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(p_memory -> 'tags') t), '{}'),
    v_language, engram.ts_config_for(v_language),
    nullif(p_memory ->> 'context_text', ''),
    coalesce((p_memory ->> 'importance')::real, 0.5), coalesce((p_memory ->> 'confidence')::real, 1),
    v_trust, v_source_type, p_memory -> 'source' ->> 'uri', p_memory -> 'source' ->> 'id',
    p_memory -> 'source' ->> 'session', p_memory ->> 'source_hash', v_hash, v_idem,
    v_key, v_facet, v_polarity, nullif(p_memory ->> 'trigger', ''), coalesce(p_memory -> 'metadata', '{}'),
    coalesce((select pg_catalog.array_agg(f) from pg_catalog.jsonb_array_elements_text(p_memory -> 'flags') f), '{}'),
    case when p_embedding is null then 'pending' else 'ready' end,
    case when p_embedding is null then null else p_model end,
    (p_memory ->> 'valid_from')::timestamptz, (p_memory ->> 'expires_at')::timestamptz, v_superseded[1],
    case when p_memory ->> 'extraction_status' = 'pending' then 'pending' end
  )
  on conflict do nothing
  returning * into v_row;

  if not found then
    -- A concurrent writer stored the same content (or idempotency key) first: undo our supersession, return theirs.
    update engram.memories m set superseded_by = null where m.superseded_by = v_id;
    select * into v_row from engram.memories m
     where m.tenant_id = v_tenant
       and ((v_idem is not null and m.idempotency_key = v_idem)
         or (m.subject = v_subject and m.content_hash = v_hash and m.revoked_at is null and m.superseded_by is null))
     limit 1;
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;

  if p_embedding is not null then
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    values (v_id, p_model, v_tenant, v_subject, p_embedding::extensions.vector);
  end if;

  perform engram.audit(v_tenant, v_subject, v_id, engram.current_actor(), 'write', null, v_superseded,
    pg_catalog.jsonb_build_object('kind', v_row.kind, 'trust', v_row.trust, 'source_type', v_row.source_type));
  if pg_catalog.cardinality(v_superseded) > 0 then
    -- The vector index holds live memories only.
    delete from engram.memory_embeddings e where e.memory_id = any (v_superseded);
    perform engram.audit(v_tenant, v_subject, s, engram.current_actor(), 'supersede', null, array[v_id], '{}')
       from pg_catalog.unnest(v_superseded) s;
  end if;

  return query select engram.memory_json(v_row), 'created'::text, v_superseded;
end
$$;
comment on function engram.write_memory(jsonb, text, text) is 'Stores one gate-accepted memory (and its vector when given) as engram.consolidate_memory decides: dedupes by content and idempotency key, merges near-duplicates, supersedes by slot or facet, audits. Status created, duplicate or merged.';
