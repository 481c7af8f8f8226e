-- Two reads a large subject's recall did not need (issue 18: DB p95 at 100k memories). The lexical lane walked the
-- subject's newest 2,500 rows from the heap (about 2 ms) even when every query term is rare (at most 500 matches
-- in the subject), whose rows rare_term_matches then read in full anyway: those rows are every match of the query.
-- lexical_candidates now counts the subject's live rows first (live_rows_up_to, an index-only scan up to 2,500),
-- and in a subject that large reads the rare terms' rows first (rare_term_rows, which also says whether every term
-- was rare); when every term was, they are the matches and the window is not walked. The vector lane counted a
-- subject's vectors up to 5,001 before choosing exact search or HNSW; it now counts up to 1,000 and past that
-- reads the size its own HNSW index recorded (read anyway for ef_search), counting on only when that is not past
-- the bound. rare_term_matches is rare_term_rows as rows. Same candidates on the bench corpus (every query of five
-- subjects, 208 to 18,965 rows) and the same figures on the dev sets (docs/benchmarks/recall-sql.md); the corners
-- where an answer can differ are in the functions' comments.
create function engram.rare_term_rows(
  p_subject text,
  p_terms tsquery[],
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_max_matches integer default 200,
  out ids uuid[],
  out search_tsvs tsvector[],
  out kinds text[],
  out every_term_rare boolean
)
returns record
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.lexical_caller_tenant(p_subject);
  v_max integer := least(greatest(coalesce(p_max_matches, 200), 1), 1000);
  v_term tsquery;
  v_keyed tsquery;
  v_count integer;
  v_rare tsquery[] := '{}';
  v_rare_keyed tsquery;
  v_rare_any tsquery;
begin
  if v_tenant is null then
    return;
  end if;
  every_term_rare := pg_catalog.cardinality(p_terms) > 0;
  -- Each term's rows are counted up to v_max + 1 without reading their text-search vectors: the keyed index
  -- holds a row's lexemes whatever their weights, so for a term of one lexeme (every term recall asks for) its
  -- keyed condition matches exactly the term's rows. The tenant and subject are tested as one `is true` so that
  -- the planner cannot combine the keyed index with the subject's btree (a BitmapAnd that read the whole subject's
  -- entries) or walk that btree instead.
  foreach v_term in array coalesce(p_terms, '{}') loop
    v_keyed := engram.subject_keyed_tsquery(v_tenant, p_subject, v_term);
    -- A term the index cannot answer (a negation or a prefix) is left to the newest matches of the whole query.
    if v_keyed is null then
      every_term_rare := false;
      continue;
    end if;
    select pg_catalog.count(*)::integer into v_count
      from (select 1
              from engram.memories m
             where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_keyed
               and m.revoked_at is null and m.superseded_by is null
               and (m.tenant_id = v_tenant and m.subject = p_subject) is true
               and (m.expires_at is null or m.expires_at > pg_catalog.now())
               and (m.valid_from is null or m.valid_from <= pg_catalog.now())
               and (p_kinds is null or m.kind = any (p_kinds))
               and (p_tags is null or m.tags && p_tags)
               and (p_session is null or m.source_session = p_session)
               and (p_min_trust is null or m.trust >= p_min_trust)
               and (p_min_importance is null or m.importance >= p_min_importance)
               and (p_since is null or m.created_at >= p_since)
               and (p_until is null or m.created_at < p_until)
             limit v_max + 1) c;
    if v_count between 1 and v_max then
      v_rare := v_rare || v_term;
      v_rare_keyed := case when v_rare_keyed is null then v_keyed else v_rare_keyed || v_keyed end;
    elsif v_count > v_max then
      every_term_rare := false;
    end if;
  end loop;
  if v_rare_keyed is null then
    return;
  end if;
  v_rare_any := engram.tsquery_any(v_rare);
  -- The rare terms' rows in one scan: the OR of their keyed lexemes, then the terms themselves.
  select pg_catalog.array_agg(m.id), pg_catalog.array_agg(m.search_tsv), pg_catalog.array_agg(m.kind)
    into ids, search_tsvs, kinds
      from engram.memories m
     where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_rare_keyed
       and m.revoked_at is null and m.superseded_by is null
       and (m.tenant_id = v_tenant and m.subject = p_subject) is true
       and m.search_tsv @@ v_rare_any
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
       and (m.valid_from is null or m.valid_from <= pg_catalog.now())
       and (p_kinds is null or m.kind = any (p_kinds))
       and (p_tags is null or m.tags && p_tags)
       and (p_session is null or m.source_session = p_session)
       and (p_min_trust is null or m.trust >= p_min_trust)
       and (p_min_importance is null or m.importance >= p_min_importance)
       and (p_since is null or m.created_at >= p_since)
       and (p_until is null or m.created_at < p_until);
end
$$;
comment on function engram.rare_term_rows(text, tsquery[], text[], text[], text, integer, real, timestamptz, timestamptz, integer) is 'The live full-text matches, each once and in no order, of the query terms that match at most p_max_matches rows of one subject of the caller''s tenant (a supabase-js caller: its own subject only), over the subject''s GIN index, as arrays; every_term_rare says whether every term was such a term (null when the caller may not read the subject).';
grant create on schema engram to engram_operator;
alter function engram.rare_term_rows(text, tsquery[], text[], text[], text, integer, real, timestamptz, timestamptz, integer) owner to engram_operator;
revoke create on schema engram from engram_operator;
revoke execute on function engram.rare_term_rows(text, tsquery[], text[], text[], text, integer, real, timestamptz, timestamptz, integer) from public;
grant execute on function engram.rare_term_rows(text, tsquery[], text[], text[], text, integer, real, timestamptz, timestamptz, integer) to engram_app, authenticated, engram_operator;

create or replace function engram.rare_term_matches(
  p_subject text,
  p_terms tsquery[],
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_max_matches integer default 200
)
returns table (id uuid, search_tsv tsvector, kind text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select u.id, u.tsv, u.kind
      from engram.rare_term_rows(p_subject, p_terms, p_kinds, p_tags, p_session, p_min_trust, p_min_importance,
                                 p_since, p_until, p_max_matches) r,
           rows from (pg_catalog.unnest(r.ids), pg_catalog.unnest(r.search_tsvs), pg_catalog.unnest(r.kinds)) u(id, tsv, kind);
end
$$;

create function engram.live_rows_up_to(p_tenant uuid, p_subject text, p_limit integer)
returns integer
language plpgsql
stable
security invoker
set search_path = ''
set enable_seqscan = off
set enable_bitmapscan = off
set enable_sort = off
set enable_incremental_sort = off
set plan_cache_mode = force_generic_plan
as $$
declare
  v_count integer;
begin
  select pg_catalog.count(*)::integer into v_count
    from (select 1 from engram.memories m
           where m.tenant_id = p_tenant and m.subject = p_subject and m.revoked_at is null and m.superseded_by is null
           order by m.created_at
           limit p_limit) s;
  return v_count;
end
$$;
comment on function engram.live_rows_up_to(uuid, text, integer) is 'The number of rows of one subject that are neither revoked nor superseded, counted up to p_limit through memories_live_subject_idx (the caller''s policies apply).';
revoke execute on function engram.live_rows_up_to(uuid, text, integer) from public;
grant execute on function engram.live_rows_up_to(uuid, text, integer) to engram_app, authenticated, engram_operator;

create or replace function engram.lexical_candidates(
  p_subject text,
  p_query text,
  p_candidates integer default 40,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_language text default null,
  p_shares boolean default true
)
returns table (ids uuid[], scores real[], shares double precision[])
language plpgsql
volatile
security invoker
set search_path = ''
-- The same settings as recall_candidates', for the same reasons (see there): no JIT, no sequential scan, generic
-- plans of static statements.
set jit = off
set enable_seqscan = off
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.current_tenant_id();
  v_k integer := least(greatest(coalesce(p_candidates, 40), 1), 200);
  v_lex_ids uuid[] := '{}';
  v_lex_scores real[] := '{}';
  v_lex_shares double precision[];
  -- The query's words, for each hit's lexical share (see recall_candidates): none when not asked for.
  v_words tsquery[] := case when p_shares then array(select engram.query_word_terms(p_query, p_language)) end;
  v_terms tsquery[] := array(select engram.query_terms(p_query, p_language));
  v_live integer;
  v_rare_ids uuid[];
  v_rare_tsvs tsvector[];
  v_rare_kinds text[];
  v_every_term_rare boolean;
  v_skip_window boolean := false;
begin
  if v_tenant is null then
    return;
  end if;
  -- A large subject (at least 2,500 rows that are neither revoked nor superseded: the window cannot hold them
  -- all) has its rare terms' matches read first. When every term of the query is rare, those rows are every
  -- match of the query in the subject, so the window is not walked (20261205220000): its 2,500 rows read from the
  -- heap were 2 of a 9,466-row subject's 8.6 ms (docs/benchmarks/recall-sql.md). The count is read from the
  -- subject's live index (live_rows_up_to). The answer is
  -- the window's but in two corners where the window would not have been cut, because expired rows not yet
  -- removed, or the filters, leave fewer than 2,500 rows to walk: its matches would then leave out the rows of
  -- another language that hold one of the query's stemmed words (query_tsquery asks those only of rows of the
  -- query's language or simple), and with more than 500 such expired rows and no filter, idf's N would be the
  -- rows walked instead of 2,000.
  v_live := engram.live_rows_up_to(v_tenant, p_subject, 2500);
  if v_live >= 2500 then
    select r.ids, r.search_tsvs, r.kinds, r.every_term_rare
      into v_rare_ids, v_rare_tsvs, v_rare_kinds, v_every_term_rare
      from engram.rare_term_rows(p_subject, v_terms, p_kinds, p_tags, p_session, p_min_trust, p_min_importance,
                                 p_since, p_until, 500) r;
    v_skip_window := coalesce(v_every_term_rare, false);
  end if;
  -- OR full text scored like BM25: each query term weighs by its rarity in the subject (idf), so that a name
  -- said in half the conversation does not outrank the one rare word the question is about (ts_rank_cd has no
  -- idf). Document frequencies come from the matched rows themselves: every row holding a term matches the OR
  -- query, so df is exact unless the match bound cuts it. Context text (weight D) counts half as much as the
  -- memory's own words (A); ts_rank's normalisation 1 damps long rows. Measured on the LoCoMo dev file:
  -- docs/benchmarks/locomo-tuning.md.
  -- The matches come from lexical_matches with their kinds, so the durable pool needs no join back to memories:
  -- the best p_candidates of every kind plus the best p_candidates durable ones, in one pass with two row_number
  -- windows.
  -- Bounded for latency: the matches among the subject's newest 2,500 rows are scored (at most 2,000 of them),
  -- and the subject's size (N of idf, at most 2,000 of it used) is the number of rows the window walked (with
  -- filters the walk skips rows, so they are counted here, up to 2,001). A term's document frequency is its
  -- number of matched rows, counted on the pairs the scoring ranks. Where the window or the bound cuts (a
  -- subject of thousands of rows; a query with no lexeme matches nothing and adds nothing), the
  -- matches of each query term that matches at most 500 rows are scored too (rare_term_matches), whatever their
  -- age (200 until 20261202100000: the large-subject check's R@10 0.350 -> 0.496 at 500); on the
  -- large-subject check (`engram eval locomo --one-subject`, 9,000 newer turns said by the same speakers) the
  -- newest 2,000 matches of the OR query were all newer chat matching a speaker's name, and the lexical lane
  -- found the gold of 1.9% of the questions in its top 10 (docs/benchmarks/large-subject.md). A tighter bound
  -- was measured and rejected: scoring only the newest 500 matches cut LoCoMo's R@10 from 0.746 to 0.651,
  -- because speaker names in the neighbours' context make most turns match. Subjects under 2,000 rows are
  -- scored exactly.
    with q as (select engram.query_tsquery(p_query, p_language) as tsq),
    terms as materialized (select t.tq, t.i from pg_catalog.unnest(v_terms) with ordinality t(tq, i)),
    -- The window, or in its place (v_skip_window) the rare terms' rows as a window that was cut.
    win as materialized (
      select w.ids, w.search_tsvs, w.kinds, w.walked, w.complete
        from q, engram.lexical_window(p_subject, q.tsq, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until, 2000) w
       where not v_skip_window
      union all
      select v_rare_ids, v_rare_tsvs, v_rare_kinds, 2500, false
       where v_skip_window),
    whole as materialized (
      select u.id, u.search_tsv, u.kind
        from win w,
             rows from (pg_catalog.unnest(w.ids), pg_catalog.unnest(w.search_tsvs), pg_catalog.unnest(w.kinds))
                  u(id, search_tsv, kind)),
    sized as materialized (
      select coalesce(
               (select w.walked from win w
                 where p_kinds::text[] is null and p_tags::text[] is null and p_session::text is null and p_min_trust::integer is null
                   and p_min_importance::real is null and p_since::timestamptz is null and p_until::timestamptz is null),
               (select pg_catalog.count(*)::integer
                  from (select 1 from engram.memories m
                         where m.tenant_id = v_tenant and m.subject = p_subject and m.revoked_at is null and m.superseded_by is null
                           and (m.expires_at is null or m.expires_at > pg_catalog.now())
                           and (m.valid_from is null or m.valid_from <= pg_catalog.now())
                         limit 2001) s)) as n),
    -- The rare terms' rows where the window or its bound cut: those read above in a large subject (none more when
    -- they are the window), else read now.
    per_term as materialized (
      select u.id, u.search_tsv, u.kind
        from rows from (pg_catalog.unnest(v_rare_ids), pg_catalog.unnest(v_rare_tsvs), pg_catalog.unnest(v_rare_kinds))
               u(id, search_tsv, kind)
       where v_live >= 2500 and not v_skip_window
         and ((select pg_catalog.count(*) from whole) >= 2000 or not coalesce((select w.complete from win w), true))
      union all
      select y.id, y.search_tsv, y.kind
        from engram.rare_term_matches(p_subject, v_terms, p_kinds, p_tags, p_session, p_min_trust, p_min_importance,
                                      p_since, p_until, 500) y
       where v_live < 2500
         and ((select pg_catalog.count(*) from whole) >= 2000 or not coalesce((select w.complete from win w), true))),
    -- The rare terms' matches the window does not hold (the window's rows are distinct already: no sort of
    -- every match by id to remove duplicates).
    extra as materialized (
      select p.id, p.search_tsv, p.kind from per_term p
       where not exists (select 1 from whole w where w.id = p.id)),
    population as (
      select greatest(least((select z.n from sized z), 2000),
                      (select pg_catalog.count(*) from whole) + (select pg_catalog.count(*) from extra))::float8 as n),
    pairs as materialized (
      select mt.id, mt.kind, t.i,
             pg_catalog.ts_rank('{0.5, 0.2, 0.4, 1.0}'::real[], mt.search_tsv, t.tq, 1) as tf
        from (select * from whole union all select * from extra) mt join terms t on mt.search_tsv @@ t.tq),
    -- Each term's document frequency, grouped by the term's number (not a window partitioned by the tsquery,
    -- which sorted every pair by it).
    dfs as (
      select x.i, pg_catalog.count(*)::float8 as df from pairs x group by x.i),
    scored as (
      select pr.id, pr.kind <> 'episode' as durable,
             pg_catalog.sum(pg_catalog.ln(1 + (p.n - d.df + 0.5) / (d.df + 0.5)) * pr.tf) as score
        from pairs pr
             join dfs d on d.i = pr.i
             cross join population p
       group by pr.id, pr.kind),
    -- Rank among all matches and among the durable ones in one ordered pass: a durable match's rank in its pool
    -- is the number of durable matches up to it.
    ranked as (
      select sc.id, sc.score, sc.durable,
             pg_catalog.row_number() over w as r_all,
             pg_catalog.count(*) filter (where sc.durable) over w as r_pool
        from scored sc
      window w as (order by sc.score desc, sc.id rows between unbounded preceding and current row)),
    -- Each kept hit's lexical share: the share of the query's words its own words match (weights A and B, by
    -- query_word_terms), read from the text-search vector the lane already holds (until 20261204190000 the fusion
    -- read it again beside the fused row: 1.3 ms of a LoCoMo-size recall, now off its critical path).
    kept as (
      select r.id, r.score from ranked r
       where r.r_all <= v_k or (p_kinds::text[] is null and r.durable and r.r_pool <= v_k))
    select coalesce(pg_catalog.array_agg(k.id order by k.score desc, k.id), '{}'),
           coalesce(pg_catalog.array_agg(k.score::real order by k.score desc, k.id), '{}'),
           -- The aggregate runs whatever the case says: without words its divisor is 0, made null.
           case when pg_catalog.cardinality(v_words) > 0 then
             pg_catalog.array_agg((select pg_catalog.count(*) filter (where t.search_tsv @@ w.tq)::float8
                                          / nullif(pg_catalog.count(*), 0)
                                     from pg_catalog.unnest(v_words) w(tq))
                                  order by k.score desc, k.id) end
      into v_lex_ids, v_lex_scores, v_lex_shares
      from kept k
      join (select * from whole union all select * from extra) t on t.id = k.id;
  ids := v_lex_ids;
  scores := v_lex_scores;
  shares := v_lex_shares;
  return next;
end
$$;

create or replace function engram.recall_candidates(
  p_subject text,
  p_query text,
  p_embedding text default null,
  p_model text default null,
  p_mode text default 'hybrid',
  p_candidates integer default 40,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_language text default null,
  p_min_similarity real default null,
  p_vector_weight real default 1,
  p_lexical_weight real default 1,
  p_durable_vector_weight real default 1,
  p_durable_lexical_weight real default 1,
  p_rrf_k integer default 60,
  p_exact_below integer default 5000,
  p_lexical_ids uuid[] default null,
  p_lexical_scores real[] default null,
  p_lexical_shares double precision[] default null,
  p_keys text[] default null,
  p_key_weight real default 2
)
returns table (
  id uuid,
  subject text,
  kind text,
  content text,
  tags text[],
  trust integer,
  importance real,
  confidence real,
  created_at text,
  source jsonb,
  key text,
  facet text,
  polarity text,
  trigger text,
  language text,
  vector_similarity real,
  vector_rank integer,
  below_threshold boolean,
  lexical_score real,
  lexical_rank integer,
  lexical_share double precision,
  rrf double precision,
  vector_path text,
  key_rank integer
)
language plpgsql
volatile
security invoker
set search_path = ''
-- No JIT: a recall is a few milliseconds of work, and per-term lexical matching multiplies the row estimates of
-- set-returning functions (1,000 each) past jit_above_cost: JIT then compiled every recall's lexical statement,
-- 14-15 ms of a 2.5 ms recall measured on PostgreSQL 15 (docs/benchmarks/large-subject.md).
set jit = off
-- Every statement here reads one subject through an index (or arrays); a sequential scan reads every tenant's
-- rows until it has enough. The planner chose one for the subject's size count (LIMIT 2,000) whenever it believed
-- the subject a large share of the table, or the table small (statistics from before a bulk load): a cost that
-- depends on where the subject's rows lie. So it is ruled out rather than left to the estimates (issue 18 item 5).
set enable_seqscan = off
-- Every statement below is static (but the HNSW scan, which needs literals) and planned once per session: the
-- statements were EXECUTE'd and so planned on every call, 3.1 ms of planning a recall on a 1,000-row subject
-- (pg_stat_statements with track_planning, 1 client; the lexical statement alone 1.35 ms). Generic plans, because
-- the custom ones know nothing the plans need: every statement reads one subject through an index by key (the
-- plans above hold without statistics) or arrays of at most a few hundred ids.
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.current_tenant_id();
  v_k integer := least(greatest(coalesce(p_candidates, 40), 1), 200);
  v_durable_pool boolean := p_kinds is null;
  v_dims integer;
  v_subject_size integer := 0;
  v_indexed double precision;
  v_path text := 'none';
  v_order text;
  v_scan integer;
  v_scanned integer;
  v_ids uuid[];
  v_dists float8[];
  v_live uuid[];
  v_durable uuid[];
  v_more uuid[];
  v_vec_ids uuid[] := '{}';
  v_vec_sims real[] := '{}';
  v_lex_ids uuid[] := '{}';
  v_lex_scores real[] := '{}';
  v_lex_shares double precision[];
  v_key_ids uuid[] := '{}';
  -- The query vector, parsed once: a text parameter cast in the statement would be parsed on every row of a
  -- generic plan.
  v_query extensions.vector;
  v_fetch_ids uuid[];
  -- The fusion's weights through numeric: 0.2 as real is 0.200000003 as float8, enough to break exact rrf ties
  -- (0.2/6 = 1/30) the other way than a caller that reads the weight back as 0.2.
  v_vector_weight float8 := p_vector_weight::numeric::float8;
  v_lexical_weight float8 := p_lexical_weight::numeric::float8;
  v_durable_vector_weight float8 := p_durable_vector_weight::numeric::float8;
  v_durable_lexical_weight float8 := p_durable_lexical_weight::numeric::float8;
  v_rrf_k float8 := coalesce(p_rrf_k, 60)::float8;
  v_hybrid boolean := p_mode = 'hybrid';
begin
  if v_tenant is null then
    return;
  end if;
  if p_mode is null or p_mode not in ('hybrid', 'vector', 'lexical') then
    raise exception 'mode must be hybrid, vector or lexical' using errcode = '22023';
  end if;

  -- Each lane's candidates are its best p_candidates rows of every kind plus (when the caller names no kinds) its best
  -- p_candidates durable ones (every kind but episode), ranked together by the lane's own evidence: in a subject of
  -- hundreds of chat turns a preference the query does not name ("recommend something easy to digest" / "Does not
  -- eat cilantro") is rarely among the first candidates of all kinds, but it is among the subject's few durable
  -- memories (issue 12 item 4; lived-in chat hit@3 0.061 -> 0.552 with durable-first ranking in TypeScript,
  -- docs/benchmarks/ingest-extraction.md).
  if p_mode <> 'lexical' and p_embedding is not null and p_model is not null then
    select em.dims into v_dims from engram.embedding_models em where em.model = p_model;
    if v_dims is null then
      raise exception 'unknown embedding model' using errcode = '22023';
    end if;
    v_query := p_embedding::extensions.vector;
    -- Bounded count: only whether the subject is small matters. A subject past the first 1,000 rows (or past
    -- p_exact_below, when that is smaller) is measured by its own HNSW index when the job built one: the entries
    -- the job's CREATE INDEX counted, kept current by VACUUM and ANALYZE, in the index's catalog entry, which also
    -- sets ef_search below. A subject larger than p_exact_below by it is searched through its index without being
    -- counted further (since 20261205220000; counting to 5,001 vectors took 0.26 ms of a 9 ms recall on a
    -- 18,965-row subject), a smaller one is counted on. Only when a subject shrank under p_exact_below after its
    -- index was last counted does this differ from the count's choice: it is then searched through its index.
    select pg_catalog.count(*) into v_subject_size from (
      select 1 from engram.memory_embeddings e
       where e.tenant_id = v_tenant and e.subject = p_subject and e.model = p_model
       limit least(p_exact_below, 1000) + 1) s;
    if v_subject_size > least(p_exact_below, 1000) then
      select c.reltuples into v_indexed
        from pg_catalog.pg_class c
       where c.relnamespace = 'engram'::regnamespace
         and c.relname = engram.subject_vector_index_name(p_model, v_tenant, p_subject);
      if coalesce(v_indexed, 0) > p_exact_below then
        v_subject_size := v_indexed;
      elsif p_exact_below > 1000 then
        select pg_catalog.count(*) into v_subject_size from (
          select 1 from engram.memory_embeddings e
           where e.tenant_id = v_tenant and e.subject = p_subject and e.model = p_model
           limit p_exact_below + 1) s;
      end if;
    end if;
    if v_subject_size <= p_exact_below or v_dims > 2000 then
      v_path := 'exact';
    else
      v_path := 'hnsw';
      -- The subject's own HNSW index when the job built one (subject_vector_index_ddl: the model, tenant and subject
      -- are literals here so that the planner can prove its predicate), else the model's global one: the same
      -- cast and predicate. strict_order keeps scanning until enough rows pass the tenant and subject filters
      -- (without it a selective filter can return nothing).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      -- ef_search grows with the subject (engram.hnsw_ef_search) as its own index counts it (above), since
      -- counting 192,449 vectors would cost more than the scan; without a subject index, 100 (until 20261205000000
      -- every subject got 100: recall@10 0.965 at 192,449 vectors).
      perform pg_catalog.set_config('hnsw.ef_search', engram.hnsw_ef_search(v_k, v_indexed)::text, true);
      v_order := pg_catalog.format(
        'e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $1::extensions.vector(%1$s)', v_dims);
    end if;
    -- Both paths read the subject's vectors in distance order, the first v_scan of them, and keep those whose
    -- memory is live and passes the filters; when that leaves fewer than v_k rows and there are more, the scan
    -- goes 4 times deeper (the HNSW path up to hnsw.max_scan_tuples' default, 20,000). The exact path used to
    -- pass every vector of the subject through the live check and the pools (at 4,743 vectors, 17 of the vector
    -- lane's 22 ms; docs/benchmarks/recall-sql.md); its nearest v_scan are a prefix of the same order, so the
    -- pools below come out the same.
    v_scan := case when v_path = 'exact' then v_k + 16 else v_k * 4 end;
    loop
      if v_path = 'exact' then
        -- Every vector of the subject has its distance computed once and the nearest v_scan are kept (a top-N
        -- sort). No typmod cast: the expression matches no HNSW index, so this reads the subject's rows through
        -- memory_embeddings_subject_idx.
        select pg_catalog.count(*)::integer,
               pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
          into v_scanned, v_ids, v_dists
          from (select e.memory_id as id, e.embedding operator(extensions.<=>) v_query as dist
                  from engram.memory_embeddings e
                 where e.tenant_id = v_tenant and e.subject = p_subject and e.model = p_model
                 order by 2, 1
                 limit v_scan) d;
      else
        execute pg_catalog.format('
          select pg_catalog.count(*)::integer,
                 pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
            from (select e.memory_id as id, %1$s as dist
                    from engram.memory_embeddings e
                   where e.model = %2$L and e.tenant_id = %3$L and e.subject = %4$L
                   order by %1$s
                   limit %5$s) d', v_order, p_model, v_tenant, p_subject, v_scan)
          into v_scanned, v_ids, v_dists using p_embedding;
      end if;
      -- Which of the scanned ids are live and pass the filters, and which of those are durable (every kind but
      -- episode). By primary key only: the ids come from the subject's own vectors (the foreign key ties a
      -- vector's tenant and subject to its memory's), so no condition here can send the planner down the
      -- subject's index.
      select pg_catalog.array_agg(m.id), pg_catalog.array_agg(m.id) filter (where m.kind <> 'episode')
        into v_live, v_durable
        from engram.memories m
       where m.id = any (v_ids)
         and engram.recall_filters_pass(m, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until);
      exit when v_scanned < v_scan or coalesce(pg_catalog.cardinality(v_live), 0) >= v_k
             or (v_path = 'hnsw' and v_scan >= 20000);
      v_scan := case when v_path = 'hnsw' then least(v_scan * 4, 20000) else v_scan * 4 end;
    end loop;
    -- Durable memories are few next to a subject's chat turns (1 in 50 in scripts/bench-stale-plans.ts: about
    -- 12 in the index's first 600 rows where 150 were wanted), and scanning the index 4 and 16 times deeper for
    -- them made a 20,000-row subject's hybrid recall 2.4x slower than main's join inside the scan
    -- (docs/benchmarks/recall-sql.md). So when the scan did not
    -- reach them all, the durable pool comes from the subject's durable rows themselves, their vectors by
    -- primary key and their distances exact.
    if v_durable_pool and coalesce(pg_catalog.cardinality(v_durable), 0) < v_k and v_scanned = v_scan then
      -- Through memories_live_durable_idx.
      select coalesce(pg_catalog.array_agg(m.id), '{}')
        into v_more
        from engram.memories m
       where m.tenant_id = v_tenant and m.subject = p_subject and m.kind <> 'episode'
         and m.revoked_at is null and m.superseded_by is null
         and engram.recall_filters_pass(m, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until);
    end if;
    if pg_catalog.cardinality(v_more) > 0 then
      with more as (
             select e.memory_id as id, e.embedding operator(extensions.<=>) v_query as dist
               from engram.memory_embeddings e
              where e.memory_id = any (v_more) and e.model = p_model),
           seen as (
             select s.id, s.dist from rows from (pg_catalog.unnest(v_ids), pg_catalog.unnest(v_dists)) s(id, dist)),
           pooled as (
             select distinct on (x.id) x.id, x.dist
               from (select * from seen union all select * from more) x
              order by x.id)
      select pg_catalog.array_agg(v.id order by v.dist, v.id), pg_catalog.array_agg(v.dist order by v.dist, v.id)
        into v_ids, v_dists
        from pooled v;
      v_live := coalesce(v_live, '{}') || v_more;
      v_durable := coalesce(v_durable, '{}') || v_more;
    end if;
    if v_live is not null then
      -- The vector lane's candidates from the subject's vectors in distance order and the live and durable ids:
      -- the best p_candidates of every kind plus (when the caller names no kinds) the best p_candidates durable
      -- ones, in one pass with two row_number windows, ranked together by distance.
      v_durable := coalesce(v_durable, '{}');
      select coalesce(pg_catalog.array_agg(c.id order by c.o), '{}'),
             coalesce(pg_catalog.array_agg((1 - c.dist)::real order by c.o), '{}')
        into v_vec_ids, v_vec_sims
        from (select u.id, u.dist, u.o, u.durable,
                     pg_catalog.row_number() over (order by u.o) as r_all,
                     pg_catalog.row_number() over (partition by u.durable order by u.o) as r_pool
                from (select u.id, u.dist, u.o, u.id = any (v_durable) as durable
                        from rows from (pg_catalog.unnest(v_ids), pg_catalog.unnest(v_dists)) with ordinality u(id, dist, o)
                       where u.id = any (v_live)) u) c
       where c.r_all <= v_k or (v_durable_pool and c.durable and c.r_pool <= v_k);
    end if;
  end if;

  if p_mode <> 'vector' then
    -- The lexical lane: lexical_candidates (the BM25-style scoring is described there), or the caller's own run of
    -- it, passed in so that it could run while the caller embedded the query (issue 18: at LoCoMo size the lane is
    -- a third of this function's time, and the embedding does not need it). Passed-in ids are only ever candidates:
    -- each is kept only when it is live, of this subject and passes the filters, so a caller can add nothing it
    -- could not recall anyway.
    if p_lexical_ids is not null or p_lexical_scores is not null then
      if p_lexical_ids is null or p_lexical_scores is null
         or pg_catalog.cardinality(p_lexical_ids) <> pg_catalog.cardinality(p_lexical_scores)
         or pg_catalog.cardinality(p_lexical_ids) <> coalesce(pg_catalog.cardinality(p_lexical_shares), pg_catalog.cardinality(p_lexical_ids)) then
        raise exception 'p_lexical_ids, p_lexical_scores and p_lexical_shares must be of the same length' using errcode = '22023';
      end if;
      -- Only the passed-in ids that are live, of this subject and pass the filters, in the order given. By primary
      -- key only: `is true` keeps the subject test from being an index condition, which under the tenant's policy
      -- sent the generic plan down the subject's index (a 419-row subject's recall 9 -> 45 ms).
      -- Without shares (a caller's lane run without them) a hybrid recall weighs its lexical hits fully.
      select coalesce(pg_catalog.array_agg(l.id order by l.o), '{}'), coalesce(pg_catalog.array_agg(l.score order by l.o), '{}'),
             case when p_lexical_shares is not null then pg_catalog.array_agg(l.share order by l.o) end
        into v_lex_ids, v_lex_scores, v_lex_shares
        from rows from (pg_catalog.unnest(p_lexical_ids), pg_catalog.unnest(p_lexical_scores), pg_catalog.unnest(p_lexical_shares))
               with ordinality l(id, score, share, o)
       where l.id in (select m.id from engram.memories m
                       where m.id = any (p_lexical_ids) and (m.subject = p_subject) is true
                         and engram.recall_filters_pass(m, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until));
    else
      select l.ids, l.scores, l.shares into v_lex_ids, v_lex_scores, v_lex_shares
        from engram.lexical_candidates(p_subject, p_query, v_k, p_kinds, p_tags, p_session, p_min_trust,
                                       p_min_importance, p_since, p_until, p_language, v_hybrid) l;
      v_lex_ids := coalesce(v_lex_ids, '{}');
      v_lex_scores := coalesce(v_lex_scores, '{}');
    end if;
  end if;

  -- The key lane (issue 13): a direct question about one of the user's slots ("What's my title?", "Who do I work
  -- for?") names the keys that answer it (src/recall/slot-question.ts), and the subject's live memories under those
  -- keys (a key or its family before ':', "child:name" -> child) are candidates, newest first, whatever their words
  -- or vectors say: a short keyed memory ("Regional sales manager for the Midwest") shares neither words nor much
  -- meaning with the question, and among hundreds of chat turns the local model ranked such memories 55-105th.
  -- Through the subject's durable rows (keyed memories are never episodes).
  if p_keys is not null and pg_catalog.cardinality(p_keys) > 0 then
    select coalesce(pg_catalog.array_agg(k.id order by k.created_at desc, k.id), '{}')
      into v_key_ids
      from (select m.id, m.created_at
              from engram.memories m
             where m.tenant_id = v_tenant and m.subject = p_subject and m.kind <> 'episode'
               and m.key is not null and m.revoked_at is null and m.superseded_by is null
               and (pg_catalog.lower(m.key) = any (p_keys)
                    or pg_catalog.lower(pg_catalog.split_part(m.key, ':', 1)) = any (p_keys))
               and engram.recall_filters_pass(m, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until)
             order by m.created_at desc, m.id
             limit v_k) k;
  end if;

  if pg_catalog.cardinality(v_vec_ids) = 0 and pg_catalog.cardinality(v_lex_ids) = 0
     and pg_catalog.cardinality(v_key_ids) = 0 then
    return;
  end if;
  v_fetch_ids := v_vec_ids || v_lex_ids || v_key_ids;
  -- The fused ids' rows, by primary key (one table; the lanes already applied the filters), read once (`live`) with
  -- which are durable. Until 20261203110000 a statement of its own gathered them into an array of whole memories
  -- rows (text-search vector and all) that this one unnested again: 0.6-0.8 ms of a 9 ms recall at LoCoMo size.
  -- They are joined once, in `rowed`, which carries their columns to the end: until 20261204235000 the last select
  -- joined them again, and with every estimate here one row that join was a nested loop that computed the scored
  -- fusion (three window aggregates) once per fused row, 2 of a 5 ms recall at 390 rows.
  -- Each lexical hit's share comes with the lane (lexical_candidates), and counts in a hybrid recall only.
  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan). Vector
  -- evidence under it, or not a number (NaN sorts above every number in PostgreSQL), is kept on the row, flagged,
  -- and left out of rrf. A hybrid recall weighs each row's lanes (see above the function). Order: rrf, then the
  -- best counted lane rank, then id (ties are deterministic).
  return query
    with live as materialized (
           select m.id, m.subject, m.kind, m.content, m.tags, m.trust, m.importance, m.confidence, m.created_at,
                  m.source_type, m.source_uri, m.source_id, m.source_session, m.key, m.facet, m.polarity, m.trigger,
                  m.language, m.kind <> 'episode' as durable
             from engram.memories m
            where m.id = any (v_fetch_ids) and m.revoked_at is null and m.superseded_by is null),
         vec as (
           select v.id, v.sim, v.vrank::integer as vrank
             from rows from (pg_catalog.unnest(v_vec_ids::uuid[]), pg_catalog.unnest(v_vec_sims::real[])) with ordinality v(id, sim, vrank)),
         lex as (
           select l.id, l.lscore, l.lrank::integer as lrank, case when v_hybrid then l.share end as share
             from rows from (pg_catalog.unnest(v_lex_ids::uuid[]), pg_catalog.unnest(v_lex_scores::real[]),
                             pg_catalog.unnest(v_lex_shares::float8[])) with ordinality l(id, lscore, share, lrank)),
         keyed as (
           select k.id, k.krank::integer as krank
             from pg_catalog.unnest(v_key_ids::uuid[]) with ordinality k(id, krank)),
         fused as (
           select coalesce(vec.id, lex.id, keyed.id) as id, vec.sim, vec.vrank, lex.lscore, lex.lrank, lex.share,
                  keyed.krank,
                  (vec.id is not null and (vec.sim is null or vec.sim = 'NaN'::real
                                           or (p_min_similarity::real is not null and vec.sim < p_min_similarity::real))) as below
             from vec full join lex on lex.id = vec.id
             full join keyed on keyed.id = coalesce(vec.id, lex.id)),
         rowed as (
           select f.*, l.subject, l.kind, l.content, l.tags, l.trust, l.importance, l.confidence, l.created_at,
                  l.source_type, l.source_uri, l.source_id, l.source_session, l.key, l.facet, l.polarity,
                  l.trigger, l.language, l.durable, f.vrank is not null and not f.below as vcounted
             from fused f
             join live l on l.id = f.id),
         shared as (
           select r.*,
                  case when r.vcounted then pg_catalog.row_number() over (
                    partition by r.durable, r.vcounted order by r.vrank) end as vrank_class,
                  case when r.lrank is not null then pg_catalog.row_number() over (
                    partition by r.durable, r.lrank is not null order by r.lrank) end as lrank_class,
                  pg_catalog.max(case when r.vcounted then r.sim::float8 end) over () as best_sim
             from rowed r),
         scored as (
           select h.*,
                  case when not v_hybrid then
                    case when h.vcounted then v_vector_weight / (v_rrf_k + h.vrank) else 0 end + coalesce(v_lexical_weight / (v_rrf_k + h.lrank), 0)
                  else
                    case when h.vcounted then
                      (case when h.durable then v_durable_vector_weight else v_vector_weight end)
                      * (case when h.best_sim > 0 then least(1, greatest(0, h.sim::float8 / h.best_sim)) else 1 end)
                      / (v_rrf_k + h.vrank_class)
                    else 0 end
                    + case when h.lrank is not null then
                      (case when h.durable then v_durable_lexical_weight else v_lexical_weight end)
                      * (case when h.share is null then 1 when h.durable then h.share else 0.5 + 0.5 * h.share end)
                      / (v_rrf_k + h.lrank_class)
                    else 0 end
                  end
                  -- A key that answers the question's slot counts above any one lane's best (weight 2 by default).
                  + case when h.krank is not null then coalesce(p_key_weight, 2)::numeric::float8 / (v_rrf_k + h.krank) else 0 end
                  as rrf,
                  least(case when h.vcounted then h.vrank end, h.lrank, h.krank) as best_rank
             from shared h)
    select s.id, s.subject, s.kind, s.content, s.tags, s.trust::integer, s.importance, s.confidence,
           engram.iso(s.created_at),
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             'type', s.source_type, 'uri', s.source_uri, 'id', s.source_id, 'session', s.source_session)),
           s.key, s.facet, s.polarity, s.trigger, s.language,
           s.sim, s.vrank, coalesce(s.below, false), s.lscore, s.lrank, s.share, s.rrf, v_path::text, s.krank
      from scored s
     order by s.rrf desc, s.best_rank, s.id;
end
$$;
