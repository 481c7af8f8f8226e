-- engram schema: tables, indexes, statistics and triggers. Tenant isolation is enforced by row-level security
-- (20_row_level_security.sql), not by the application; every tenant table carries tenant_id so that policies need
-- no join.

-- Helpers used by generated columns must be immutable.
create function engram.tags_text(p_tags text[])
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
comment on function engram.tags_text(text[]) is 'Tags as one space-separated string, for the full-text index (array_to_string itself is only stable).';
-- Evaluated as the querying role (generated columns, write_memory).
revoke execute on function engram.tags_text(text[]) from public;
grant execute on function engram.tags_text(text[]) to engram_app, authenticated, engram_operator;

create function engram.ts_config_for(p_language text)
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
comment on function engram.ts_config_for(text) is 'Maps a language tag (en, pt-BR, ...) to a text-search configuration; simple when unknown.';
revoke execute on function engram.ts_config_for(text) from public;
grant execute on function engram.ts_config_for(text) to engram_app, authenticated, engram_operator;

-- The text of p_text that goes to a language's text-search configuration: every CJK run and CJK or fullwidth
-- punctuation replaced by a space (CJK runs are indexed by engram.cjk_bigrams instead; the punctuation would
-- otherwise be read as a word under a C locale).
create function engram.lexical_text(p_text text)
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
comment on function engram.lexical_text(text) is 'p_text without its CJK runs and CJK punctuation: the part a language''s text-search configuration reads.';
revoke execute on function engram.lexical_text(text) from public;
grant execute on function engram.lexical_text(text) to engram_app, authenticated, engram_operator;

-- PostgreSQL's parsers keep a run of CJK characters between punctuation as one word, so a question matched a
-- memory only when a whole run was equal. Overlapping bigrams match any shared word of two or more characters,
-- with no dictionary and no server extension: the same SQL on PostgreSQL, PGlite, Neon and Supabase.
create function engram.cjk_bigrams(p_text text)
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
comment on function engram.cjk_bigrams(text) is 'The CJK runs of p_text as space-separated overlapping character bigrams (a one-character run as itself).';
revoke execute on function engram.cjk_bigrams(text) from public;
grant execute on function engram.cjk_bigrams(text) to engram_app, authenticated, engram_operator;

create function engram.search_vector(p_config regconfig, p_text text)
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
comment on function engram.search_vector(regconfig, text) is 'The full-text vector of p_text: its words under p_config and its CJK text as character bigrams (under simple).';
revoke execute on function engram.search_vector(regconfig, text) from public;
grant execute on function engram.search_vector(regconfig, text) to engram_app, authenticated, engram_operator;

-- Every memory's vector carries one lexeme naming the configuration it was stemmed with. The parser never makes a
-- lexeme with a space in it, so no text can produce or match it; query_tsquery requires it beside a stemmed term.
create function engram.ts_config_tag(p_config regconfig)
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
comment on function engram.ts_config_tag(regconfig) is 'The lexeme that marks a memory''s vector with the configuration that stemmed it ('' ~pg_catalog.german'').';
revoke execute on function engram.ts_config_tag(regconfig) from public;
grant execute on function engram.ts_config_tag(regconfig) to engram_app, authenticated, engram_operator;

create function engram.memory_search_tsv(p_config regconfig, p_content text, p_tags text[], p_context text)
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
comment on function engram.memory_search_tsv(regconfig, text, text[], text) is 'A memory''s full-text vector (the generated search_tsv): content A, tags B, context D, and its configuration''s tag.';
revoke execute on function engram.memory_search_tsv(regconfig, text, text[], text) from public;
grant execute on function engram.memory_search_tsv(regconfig, text, text[], text) to engram_app, authenticated, engram_operator;

-- The lexical lane's index (memories_subject_lexemes_idx) keys every lexeme of a memory's search_tsv by its
-- subject: 'walk' in subject s of tenant t becomes '<12 hex digits of md5(t/s)>:walk'. A GIN on (tenant_id,
-- subject, search_tsv) had to merge the tenant's and the subject's posting lists with the words' for every query
-- (8.7 ms to find 1,563 matches in a 18,965-row subject at 100k memories); keyed lexemes have posting lists of
-- one subject's rows (0.2 ms for the same matches; docs/benchmarks/recall-sql.md). Two subjects whose keys
-- collide (48 bits: about one pair in 10^14 pairs) only share posting lists; the lane filters by tenant and
-- subject.
create function engram.subject_lexeme_key(p_tenant uuid, p_subject text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return pg_catalog.left(pg_catalog.md5(p_tenant::text || '/' || p_subject), 12) || ':';
end
$$;
comment on function engram.subject_lexeme_key(uuid, text) is 'The prefix that keys a subject''s lexemes in the lexical lane''s index (12 hex digits of md5(tenant/subject) and a colon).';
revoke execute on function engram.subject_lexeme_key(uuid, text) from public;
grant execute on function engram.subject_lexeme_key(uuid, text) to engram_app, authenticated, engram_operator;

create function engram.subject_lexemes(p_tenant uuid, p_subject text, p_tsv tsvector)
returns tsvector
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_key text := engram.subject_lexeme_key(p_tenant, p_subject);
begin
  -- Lexemes only (the index needs no positions or weights), and not the configuration's tag, which every row of
  -- a language holds: its posting list would be the whole subject.
  return pg_catalog.array_to_tsvector(array(
    select v_key || l from pg_catalog.unnest(pg_catalog.tsvector_to_array(p_tsv)) l where l not like ' ~%'));
end
$$;
comment on function engram.subject_lexemes(uuid, text, tsvector) is 'The lexemes of p_tsv keyed by their subject (engram.subject_lexeme_key), without positions, weights or the configuration tag: what the lexical lane''s index holds.';
revoke execute on function engram.subject_lexemes(uuid, text, tsvector) from public;
grant execute on function engram.subject_lexemes(uuid, text, tsvector) to engram_app, authenticated, engram_operator;

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

create table engram.tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (pg_catalog.char_length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  -- What the write gate does with each class of personal identifier (PiiPolicySchema; absent classes take the
  -- defaults). Set by the operator (PUT /v1/admin/tenants/{id}/pii-policy), read on every write.
  pii_policy jsonb not null default '{}' check (pg_catalog.jsonb_typeof(pii_policy) = 'object')
);
comment on table engram.tenants is 'One row per tenant (an app or organisation); every memory belongs to exactly one.';

create table engram.api_keys (
  id text primary key check (id ~ '^[A-Za-z0-9]{8,32}$'),
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  name text not null default 'default' check (pg_catalog.char_length(name) between 1 and 100),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] not null default '{memories:read,memories:write}',
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index api_keys_tenant_idx on engram.api_keys (tenant_id);
comment on table engram.api_keys is 'Engram API keys: the public id is part of the key string; only a SHA-256 of the secret part is stored.';

create table engram.embedding_models (
  model text primary key check (pg_catalog.char_length(model) between 1 and 200),
  provider text not null,
  dims integer not null check (dims between 1 and 16000),
  status text not null default 'backfilling' check (status in ('active', 'backfilling', 'retired')),
  threshold real check (threshold between -1 and 1),
  threshold_precision real,
  threshold_recall real,
  calibrated_at timestamptz,
  index_version integer not null default 1,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  retired_at timestamptz,
  calibration_plot text,
  -- Fusion weights per model. How much a model's vector lane should count against full text depends on the model:
  -- the local 100-d word-vector model ranks worse than BM25 on LoCoMo and, fused at equal weight, dragged the hybrid
  -- below lexical alone (R@10 0.651 against 0.746); a strong model deserves more. Like the similarity threshold, the
  -- weights are measured per model and stored with it; null means the service's defaults (vector 1, lexical 1,
  -- k 60).
  vector_weight real check (vector_weight is null or vector_weight between 0 and 1000),
  rrf_k integer check (rrf_k is null or rrf_k between 1 and 1000),
  -- Consolidation merges a new memory into a live one at least this similar in this model (issue 12). Null: no
  -- merge by similarity. Set by `engram calibrate --merge-pairs` (engram.set_model_merge_threshold). The local
  -- word-vector model keeps null: on data/calibration/merge-pairs.jsonl it ranks different memories on one topic
  -- above restatements (ROC AUC 0.40, no cut at precision >= 0.98; docs/benchmarks/merge-threshold.md), so it
  -- merges by slot and facet only (engram.consolidate_memory).
  merge_threshold real check (merge_threshold is null or merge_threshold between -1 and 1),
  -- The relevance floor per model (src/recall/relevance-floor.ts): the evidence a memory needs to be returned at
  -- all, so that a recall with no good evidence returns nothing. A similarity means something different for each
  -- model, so like the threshold it is measured per model and stored with it; null: no floor.
  floor_similarity real check (floor_similarity is null or floor_similarity between -1 and 1),
  floor_lexical real check (floor_lexical is null or floor_lexical >= 0),
  -- The query-level part of the floor: a recall whose query sits no nearer to questions about a person's own life
  -- than to general ones (src/recall/query-intent.ts: the memory-seeking margin) by this much returns no memory.
  -- Measured per model like the threshold; null: none.
  floor_intent real check (floor_intent is null or floor_intent between -2 and 2)
);
-- At most one model serves reads at a time; a migration backfills the next one beside it.
create unique index embedding_models_one_active_idx on engram.embedding_models ((true)) where status = 'active';
comment on table engram.embedding_models is 'Registered embedding models: dimensions, lifecycle (active, backfilling, retired) and the calibrated similarity threshold.';
comment on column engram.embedding_models.calibration_plot is 'Where the last `engram calibrate` wrote its similarity plot (a path, for people; never read by code).';
comment on column engram.embedding_models.floor_similarity is 'Relevance floor: the vector similarity that counts as good evidence for this model; null: no floor.';
comment on column engram.embedding_models.floor_intent is 'Relevance floor, query level: the memory-seeking margin (src/recall/query-intent.ts) under which a recall returns no memory; null: none.';
comment on column engram.embedding_models.vector_weight is 'RRF weight of this model''s vector lane (lexical counts 1); null: the service default.';
comment on column engram.embedding_models.rrf_k is 'RRF constant k for recalls served by this model; null: the service default.';
comment on column engram.embedding_models.merge_threshold is 'Similarity in this model above which consolidation merges a memory into a live one of the same kind; null: merge by slot and facet only.';

-- Room on every page for updates (fillfactor 80). Every recall used to update last_recalled_at and recall_count
-- of what it returned (since 20261203080000 they live in memory_recall_stats). With full pages those updates could
-- not stay on the page (HOT), so each left a dead row version behind in every index: measured during a LoCoMo eval
-- (2,760 memories, 999 recalls of 50 items in lexical mode), memories held 13,184 dead versions beside 2,760 live
-- ones, 43% of the updates were HOT, and recall slowed as the lexical lane walked the dead versions. Revocation,
-- supersession and the embedding and extraction jobs still update rows in place, so the room stays. (On a database
-- created before this setting, it applies to pages written since; VACUUM FULL or pg_repack rewrites the older ones.)
create function engram.is_multi_valued_key(p_key text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select p_key ~ '^(child|pet|sibling|parent):name$' $$;
comment on function engram.is_multi_valued_key(text) is 'Slots that hold several live values (a second child is not an update of the first); the same list as src/core/slot-keys.ts.';
revoke execute on function engram.is_multi_valued_key(text) from public;
grant execute on function engram.is_multi_valued_key(text) to engram_app, authenticated, engram_operator;

create table engram.memories (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  subject text not null check (pg_catalog.char_length(subject) between 1 and 200),
  kind text not null check (kind in ('preference', 'fact', 'decision', 'episode', 'constraint', 'rule')),
  content text not null check (pg_catalog.char_length(content) between 1 and 8000),
  tags text[] not null default '{}' check (pg_catalog.cardinality(tags) <= 32),
  language text not null default 'en',
  ts_config regconfig not null default 'pg_catalog.english',
  -- Neighbouring turns or other text that helps lexical search find this memory; indexed at the lowest weight
  -- and never returned as content.
  context_text text check (context_text is null or pg_catalog.char_length(context_text) <= 16000),
  importance real not null default 0.5 check (importance between 0 and 1),
  confidence real not null default 1 check (confidence between 0 and 1),
  trust smallint not null check (trust between 0 and 3),
  source_type text not null check (source_type in ('user', 'app', 'model', 'external', 'system')),
  source_uri text,
  source_id text,
  source_session text,
  source_hash text,
  content_hash text not null,
  idempotency_key text,
  key text,
  facet text,
  polarity text check (polarity in ('prefer', 'avoid', 'neutral')),
  trigger text,
  metadata jsonb not null default '{}',
  flags text[] not null default '{}',
  embedding_status text not null default 'pending' check (embedding_status in ('ready', 'pending', 'failed')),
  embedding_model text,
  embedding_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  valid_from timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  -- Deferred so that a write can point the old version at the new id before inserting it (see write_memory).
  supersedes uuid references engram.memories (id) on delete set null deferrable initially deferred,
  superseded_by uuid references engram.memories (id) on delete set null deferrable initially deferred,
  -- Extraction of durable memories from this episode's turn failed or timed out at ingest: the extract job
  -- (`engram extract --pending`, the cron) retries it; null once done (or never asked for).
  extraction_status text check (extraction_status in ('pending', 'failed')),
  extraction_attempts integer not null default 0,
  -- Last: added again by the migration that made it engram.memory_search_tsv (a generated expression cannot be
  -- altered in place).
  search_tsv tsvector generated always as (engram.memory_search_tsv(ts_config, content, tags, context_text)) stored,
  -- Fingerprint of the request that carried idempotency_key: a retry with the same key and another body is a
  -- conflict, not a silent duplicate.
  idempotency_hash text,
  -- Until when an extract job holds this pending turn (claim_pending_extractions): the job commits its claim, then
  -- calls the model for seconds, so a row lock cannot span it; a second job skips the turn until the lease ends.
  extraction_claimed_until timestamptz,
  -- Lets memory_embeddings reference (id, tenant_id, subject), so its copies can never disagree.
  unique (id, tenant_id, subject)
) with (fillfactor = 80);
comment on table engram.memories is 'One row per memory: content, provenance, trust, lifecycle (supersession, revocation, expiry) and a generated full-text vector.';

-- Live rows of one subject, newest first: list and recall filters.
create index memories_live_subject_idx on engram.memories (tenant_id, subject, created_at desc)
  where revoked_at is null and superseded_by is null;
-- Every row of one subject (list with include=revoked, erase, export).
create index memories_subject_idx on engram.memories (tenant_id, subject, created_at desc, id desc);
-- The lexical lane: one subject's live matches straight from the index (engram.lexical_matches), by lexemes
-- keyed with their subject (engram.subject_lexemes). A GIN on search_tsv alone returned every tenant's matches of
-- a word; one on (tenant_id, subject, search_tsv) merged the whole subject's posting list into every query.
-- Its pending list at most 64 kB: every search reads the whole list, 500 pages (2.5 ms a term) at the server's
-- default 4 MB (20261203120000).
create index memories_subject_lexemes_idx on engram.memories
  using gin (engram.subject_lexemes(tenant_id, subject, search_tsv))
  with (gin_pending_list_limit = 64)
  where revoked_at is null and superseded_by is null;
-- No statistics for its expression: computing them was two thirds of an ANALYZE of memories (subject_lexemes once
-- per sampled row), and no plan reads them (20261202110000).
alter index engram.memories_subject_lexemes_idx alter column 1 set statistics 0;
-- Dedupe: one live memory per content in a subject; concurrent identical writes collide here.
create unique index memories_live_content_idx on engram.memories (tenant_id, subject, content_hash)
  where revoked_at is null and superseded_by is null;
-- Supersession by key: one live version per key (multi-valued slots such as child:name aside).
create unique index memories_live_key_idx on engram.memories (tenant_id, subject, key)
  where key is not null and not engram.is_multi_valued_key(key) and revoked_at is null and superseded_by is null;
-- An idempotency key is scoped to its subject (a caller of another subject never meets it), and a revoked memory
-- releases it (a retry after a revoke stores the new write instead of returning the revoked one).
create unique index memories_idempotency_idx on engram.memories (tenant_id, subject, idempotency_key)
  where idempotency_key is not null and revoked_at is null;
create index memories_live_facet_idx on engram.memories (tenant_id, subject, facet)
  where facet is not null and revoked_at is null and superseded_by is null;
create index memories_live_rules_idx on engram.memories (tenant_id, subject)
  where kind = 'rule' and revoked_at is null and superseded_by is null;
-- Recall's durable pool on the HNSW path (engram.recall_candidates): a large subject's few non-episode rows.
create index memories_live_durable_idx on engram.memories (tenant_id, subject)
  where kind <> 'episode' and revoked_at is null and superseded_by is null;
create index memories_source_uri_idx on engram.memories (tenant_id, source_uri) where source_uri is not null;
create index memories_expires_idx on engram.memories (expires_at) where expires_at is not null;
create index memories_revoked_idx on engram.memories (revoked_at) where revoked_at is not null;
create index memories_pending_idx on engram.memories (created_at) where embedding_status = 'pending';
create index memories_extraction_pending_idx on engram.memories (created_at) where extraction_status = 'pending';
-- The ON DELETE SET NULL actions of the supersession links look up the rows that point at a deleted memory; without
-- these indexes every deleted row (sweep, erasure) would scan the whole table. They also serve the sweep's
-- neighbour lock (sweep_expired).
create index memories_supersedes_idx on engram.memories (supersedes) where supersedes is not null;
create index memories_superseded_by_idx on engram.memories (superseded_by) where superseded_by is not null;
-- The planner otherwise treats tenant and subject as independent and overestimates a subject's rows.
create statistics if not exists engram.memories_tenant_subject_stats (dependencies, ndistinct)
  on tenant_id, subject from engram.memories;

create function engram.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end
$$;
comment on function engram.touch_updated_at() is 'Sets updated_at on every update of a memory.';
revoke execute on function engram.touch_updated_at() from public;
create trigger memories_touch before update on engram.memories
  for each row execute function engram.touch_updated_at();

create table engram.memory_embeddings (
  memory_id uuid not null,
  model text not null references engram.embedding_models (model) on delete cascade,
  tenant_id uuid not null,
  subject text not null,
  -- No fixed dimension: several models coexist during a migration; each model has its own partial HNSW
  -- expression index with its dimension (created by register_embedding_model).
  embedding extensions.vector not null,
  index_version integer not null default 1,
  created_at timestamptz not null default now(),
  primary key (memory_id, model),
  foreign key (memory_id, tenant_id, subject) references engram.memories (id, tenant_id, subject) on delete cascade
);
create index memory_embeddings_subject_idx on engram.memory_embeddings (tenant_id, subject, model);
-- Vectors are looked up by (memory, model) for coverage and claims, and deleted by model when one is retired.
-- An index on model alone let the planner, with statistics from before a new model had any vectors, scan all of
-- that model's vectors for every memory (a quadratic plan, 74 s for 10,000 on PGlite); with (model, memory_id)
-- every such lookup is one index probe whatever the statistics say.
create index memory_embeddings_model_memory_idx on engram.memory_embeddings (model, memory_id);
comment on table engram.memory_embeddings is 'Vectors of live memories, one per (memory, model); tenant and subject are copied from the memory so that RLS and filtered scans need no join.';
-- No statistics for the vectors: no plan estimates anything from them, and ANALYZE sorted the sampled vectors to
-- compute them (20261202110000).
alter table engram.memory_embeddings alter column embedding set statistics 0;
-- Vectors in their row, not out of line in TOAST (pgvector's default once a row passes ~2 kB, 509 dimensions):
-- the exact lane reads every vector of a subject, and a TOAST fetch each made it 4.5x slower (20261203100000).
alter table engram.memory_embeddings alter column embedding set storage main;

create table engram.audit_events (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  subject text,
  memory_id uuid,
  related_ids uuid[] not null default '{}',
  actor text not null,
  action text not null,
  reason text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  redacted_at timestamptz
);
create index audit_events_tenant_subject_idx on engram.audit_events (tenant_id, subject, created_at);
create index audit_events_memory_idx on engram.audit_events (tenant_id, memory_id);
-- GET /v1/audit?memory_id= also matches events that name the memory among their related ids (supersede, sweep).
create index audit_events_related_idx on engram.audit_events using gin (related_ids);
-- A tenant's whole trail in id order (GET /v1/audit without filters) without walking other tenants' events.
create index audit_events_tenant_id_idx on engram.audit_events (tenant_id, id);
comment on table engram.audit_events is 'Append-only trail of every change (actor, action, ids, reason, time). Never holds memory content; erasure redacts subject and reason.';

create function engram.audit_events_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- Only a tenant erasure removes audit rows (their tenant is gone).
    if pg_catalog.current_setting('engram.erasing_tenant', true) is distinct from old.tenant_id::text then
      raise exception 'audit events are append-only' using errcode = '42501';
    end if;
    return old;
  end if;
  -- An update may only redact, and only inside erase_subject for that subject (it names it in
  -- engram.erasing_subject): set redacted_at once, keep what and when. Without that condition any role that could
  -- update rewrote actor and reason of its own events.
  if pg_catalog.current_setting('engram.erasing_subject', true) is distinct from old.subject
     or old.redacted_at is not null or new.redacted_at is null
     or new.action is distinct from old.action or new.created_at is distinct from old.created_at
     or new.memory_id is distinct from old.memory_id or new.tenant_id is distinct from old.tenant_id then
    raise exception 'audit events are append-only' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function engram.audit_events_guard() is 'Keeps audit_events append-only: updates may only redact during the erasure of their subject, deletes only during a tenant erasure.';
revoke execute on function engram.audit_events_guard() from public;
create trigger audit_events_append_only before update or delete on engram.audit_events
  for each row execute function engram.audit_events_guard();

-- Each recall records which memory ids it returned (ids only, never content or the query); the app reports which
-- of them it used. The retrieved-but-unused rate comes from these rows.
create table engram.recall_events (
  id uuid primary key,
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  subject text not null check (pg_catalog.char_length(subject) between 1 and 200),
  returned_ids uuid[] not null default '{}' check (pg_catalog.cardinality(returned_ids) <= 200),
  used_ids uuid[] not null default '{}' check (pg_catalog.cardinality(used_ids) <= 200),
  created_at timestamptz not null default now(),
  feedback_at timestamptz
);
create index recall_events_tenant_subject_idx on engram.recall_events (tenant_id, subject, created_at);
create index recall_events_created_idx on engram.recall_events (created_at);
comment on table engram.recall_events is 'One row per recall: the memory ids it returned and those the app reported as used (POST /v1/recalls/{id}/feedback). Ids only, never content or queries.';
comment on column engram.recall_events.id is 'The recall_id returned to the caller.';

-- Recall bookkeeping apart from memories: counting a recall never rewrites a memory row (its generated search_tsv,
-- its updated_at, its indexes; migration 20261203080000).
create table engram.memory_recall_stats (
  memory_id uuid primary key,
  tenant_id uuid not null,
  subject text not null,
  recall_count integer not null check (recall_count >= 0),
  last_recalled_at timestamptz not null,
  -- Same tenant and subject as the memory, and gone with it (erasure leaves nothing behind).
  foreign key (memory_id, tenant_id, subject) references engram.memories (id, tenant_id, subject) on delete cascade
) with (fillfactor = 70);
comment on table engram.memory_recall_stats is 'Recall bookkeeping, one row per memory ever recalled: how often and when last (ids and counts only). Kept apart from memories so that counting a recall never rewrites a memory row.';
